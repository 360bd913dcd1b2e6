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
     * stored entry equally likely.
     *
     * @param share z in [0, 1]
     */
    record ZeroResultShare(double share) implements Workload {
        public ZeroResultShare {
            if (!(share >= 0.0 && share <= 1.0)) {
                throw new IllegalArgumentException("zeroResultShare (" + share + ") must be in [0, 1]");
            }
        }

        /** v = 1 - z, the share of lookups that find their key. */
        public double foundShare() {
            return 1.0 - share;
        }

        @Override
        public String source() {
            return share == 1.0 ? "absent-keys" : "zero-result-share";
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
