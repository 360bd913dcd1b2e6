package org.monkeyeval.model;

/**
 * Which lookups reach the runs of a case: a share of lookups for absent keys, or lookups measured per run.
 *
 * <p>Run order is probe order: the first run of a case is the newest and is asked first. A lookup for
 * a key that exists stops at the run holding it; a lookup for an absent key passes every run.
 */
public sealed interface Workload {

    /** Every lookup is for an absent key (z = 1): Monkey's base case and the default. */
    Workload ABSENT_KEYS = new ZeroResultShare(1.0);

    /** The case-file field this workload came from, for tables and provenance. */
    String source();

    /**
     * A share z of lookups is for absent keys; the other v = 1 - z look up a stored entry, each
     * stored entry equally likely. The share may be uncertain: a range of z, or a radius around it.
     *
     * @param share       z in [0, 1], the nominal share
     * @param uncertainty where z may lie instead, or {@code null} when z is known
     */
    record ZeroResultShare(double share, Uncertainty uncertainty) implements Workload {
        public ZeroResultShare {
            if (!(share >= 0.0 && share <= 1.0)) {
                throw new IllegalArgumentException("zeroResultShare (" + share + ") must be in [0, 1]");
            }
            if (uncertainty instanceof ShareRange range && !(range.low() <= share && share <= range.high())) {
                throw new IllegalArgumentException("zeroResultShareRange [" + range.low() + ", " + range.high()
                        + "] must hold zeroResultShare (" + share + ")");
            }
        }

        /** A known share. */
        public ZeroResultShare(double share) {
            this(share, null);
        }

        /** v = 1 - z, the share of lookups that find their key. */
        public double foundShare() {
            return 1.0 - share;
        }

        /** Whether the case says z may lie elsewhere (a range or a radius). */
        public boolean uncertain() {
            return uncertainty != null;
        }

        @Override
        public String source() {
            return share == 1.0 ? "absent-keys" : "zero-result-share";
        }
    }

    /** Where an uncertain zero-result share may lie. */
    sealed interface Uncertainty {
        /** The case-file field that gave it. */
        String field();
    }

    /**
     * Every z in [low, high].
     *
     * @param low  in [0, 1]
     * @param high in [low, 1]
     */
    record ShareRange(double low, double high) implements Uncertainty {
        public ShareRange {
            if (!(low >= 0.0 && low <= high && high <= 1.0)) {
                throw new IllegalArgumentException("zeroResultShareRange [" + low + ", " + high
                        + "] must satisfy 0 <= low <= high <= 1");
            }
        }

        @Override
        public String field() {
            return "zeroResultShareRange";
        }
    }

    /**
     * Every z' whose two-outcome distribution (z', 1 - z') is within Kullback-Leibler divergence
     * {@code radius} (in nats) of the nominal (z, 1 - z): KL((z', 1 - z') || (z, 1 - z)) &lt;= radius, the
     * uncertainty region of Endure (Huynh et al., PVLDB 15(8), 2022) for a workload of two kinds of
     * lookup. The interval it spans is computed by the allocation math, not here.
     *
     * @param radius rho, finite and {@code >= 0}
     */
    record KlRadius(double radius) implements Uncertainty {
        public KlRadius {
            if (!(radius >= 0.0) || Double.isInfinite(radius)) {
                throw new IllegalArgumentException("klRadius (" + radius + ") must be finite and >= 0");
            }
        }

        @Override
        public String field() {
            return "klRadius";
        }
    }

    /**
     * Every run carries its measured {@code lookups}: filter probes that did not find the key there.
     * The share of lookups that find their key is not known.
     */
    record MeasuredLookups() implements Workload {
        @Override
        public String source() {
            return "measured-lookups";
        }
    }
}
