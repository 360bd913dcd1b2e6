package org.monkeyeval.family.rocksdb;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The legacy full Bloom filter's rate for filters of many lines, where the line a key lands in and
 * the bits it probes there are not independent: both come from one 32-bit hash h ({@link LegacyBloom}:
 * line {@code h mod L}, start {@code h & 511}, step bits 17..25 of h).
 *
 * <h2>Why the uniform model departs</h2>
 * {@link LegacyBloomRate}'s line rate takes (line, start, step) as independent and uniform. The hashes
 * that share a line are {@code h = line + L m}, about 2^32 / L of them; once L passes 2^14 they are
 * fewer than the 2^18 (start, step) pairs, and where they fall among those pairs is fixed by L. A query
 * whose own (start, step) sits near a short vector of that lattice meets keys of its line that
 * share several of its bits far more (or less) often than the uniform model says. Filters RocksDB
 * builds at 3·10^5 to 5·10^5 lines measure 2.5% below to 25% above the uniform model, depending on L
 * (docs/families.md, "Legacy Bloom and Ribbon rates, measured").
 *
 * <h2>The rate, per query, exactly</h2>
 * Fix the query's hash q. A stored key's hash is uniform over 2^32 and independent of the others, so
 * with c(T) the number of hashes h = q (mod L), h &lt; 2^32, whose k probes meet a set T of the query's
 * distinct probed bits U, inclusion-exclusion over the subsets of U gives the query's false-positive
 * probability exactly:
 * <pre>
 *   P(q) = sum over T in U of (-1)^|T| (1 - c(T) / 2^32)^n                     (queryRate)
 * </pre>
 * The hash q itself is among those hashes, so a stored key with the query's very hash (RocksDB's
 * {@code FingerprintFpRate} term) and every key sharing its whole pattern are counted here, not added
 * beside. c(T) comes from one pass over the line's hashes (each one's meeting set with U) and a zeta
 * transform over the subsets: k (2^32 / L) + u 2^u steps a query. Where it is cheaper the pass is screened:
 * a hash of start s and step d meets the query's bit b at probe i exactly when s = b - i d (mod 512), so
 * for every start the steps that meet U are written as a 512-bit set from the u k pairs (b, i), and a hash
 * that meets none costs one look-up in place of k; the line's hashes 512 apart share their start (512 L = 0
 * mod 512), so the pass reads them start by start, one set at a time, and a long chain of them as the set of
 * steps it visits ({@link Chains}), eight words in place of a look-up a hash. At one probe a hash meets U only at its
 * start, and the pass is a count of every 512th hash. The queries run in parallel, and their P(q) are added in
 * query order, so the rate is the same double on any number of threads.
 *
 * <h2>The mean over queries</h2>
 * A hash of q's line starts (L m mod 512) after q's start whatever that start is, so P(q) depends on the
 * start only through the carries below. It depends on q's step through U and the steps of the line's
 * other hashes, and on q's low 17 bits through the carries into bit 17 that decide those steps: as those
 * bits grow past
 * {@code 2^17 - (L m mod 2^17)} a hash's step moves by one, so P is a step function of them with a few
 * large jumps where a hash of many shared bits changes step. The rate is the mean of P over
 * <pre>
 *   every step 0..511 (each once: the step classes, whose rates differ a hundredfold, are exact)
 *   x {@value #QUERIES_PER_STEP} queries a step: low 17 bits stratified, one in each quarter of
 *     [0, 2^17) at a golden-ratio offset of the step; bits 26..31 a golden-ratio sequence      (query)
 * </pre>
 * Over 2^32 queries this is a quadrature, not the exact mean: at 16 random line counts from 2^17 to 2^21
 * (10 bits per key, 6 probes) it came within 0.3% of the same quadrature at 32 queries a step at 15 of
 * them, and within 0.65% at the last.
 *
 * <p>Used by {@link LegacyBloomRate#fpr} from {@value #FROM_LINES} lines on, and up to
 * {@value #MOST_PROBES} probes (at most 2^16 subsets). Below, the uniform model is kept: it is within
 * three standard errors of built filters at every grid point of up to 46,875 lines, and from 2^16 to
 * 2^17 lines it lies up to 1.2% above this quadrature (0.35% from 2^14 to 2^15), where the quadrature
 * would cost 2^32 / L probes' worth a query. Above 16 probes (RocksDB at 25 or more bits per key) the
 * uniform model's extrapolation is kept.
 */
final class LegacyBloomLattice {

    /** Lines from which {@link LegacyBloomRate#fpr} uses this rate: 2^17 (a line holds 2^15 hashes). */
    static final long FROM_LINES = 1L << 17;

    /** Most probes the exact sum over subsets takes (2^16 subsets). */
    static final int MOST_PROBES = 16;

    /** Queries per step. */
    static final int QUERIES_PER_STEP = 4;

    /** Rates kept before the table is emptied (a rate costs 0.1 to 0.5 s; a run asks a few hundred). */
    private static final int KEPT_MOST = 4096;

    private static final int LINE_BITS = LegacyBloom.CACHE_LINE_BITS;
    private static final int STEP_SHIFT = 17;
    private static final long HASHES = 1L << 32;
    private static final double HASH_VALUES = 0x1p32;
    /** Words of the screened pass's table: 512 steps for each of 512 starts, a bit each. */
    private static final int MEETING_WORDS = LINE_BITS * LINE_BITS / 64;

    /** (sqrt 5 - 1) / 2 and sqrt 2 - 1: the offsets of the low bits and of bits 26..31. */
    private static final double GOLDEN = 0.6180339887498949;
    private static final double SILVER = 0.41421356237309515;

    private record Key(long entries, long lines, int probes) {
    }

    /** Rates computed, by (n, L, k): the families' rows, the uniform columns and the policies ask the same ones. */
    private static final ConcurrentHashMap<Key, Double> KEPT = new ConcurrentHashMap<>();

    private LegacyBloomLattice() {
    }

    /** Whether {@link LegacyBloomRate#fpr} takes its rate from here: lines &gt;= 2^17 and probes &lt;= 16. */
    static boolean applies(long lines, int probes) {
        return lines >= FROM_LINES && probes <= MOST_PROBES;
    }

    /** The mean of {@link #queryRate} over the quadrature's queries; see the class comment. */
    static double rate(long entries, long lines, int probes) {
        if (!applies(lines, probes) || lines > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("lines (" + lines + ") must be in [2^17, 2^32 - 1] and probes ("
                    + probes + ") at most " + MOST_PROBES);
        }
        Key key = new Key(entries, lines, probes);
        Double kept = KEPT.get(key);
        if (kept != null) {
            return kept;
        }
        double rate = quadrature(entries, lines, probes);
        if (KEPT.size() >= KEPT_MOST) {
            KEPT.clear();
        }
        KEPT.putIfAbsent(key, rate);
        return rate;
    }

    /**
     * The mean of P(q) over the quadrature's queries, for any number of lines (the cost grows as 2^32 / L). The
     * queries' P(q) are computed in parallel (each one's own), then added in query order: the same double on any
     * number of threads.
     */
    static double quadrature(long entries, long lines, int probes) {
        double[] power = Work.powers(entries, lines);
        Chains chains = Chains.of(lines);
        int queries = LINE_BITS * QUERIES_PER_STEP;
        double[] rates = new double[queries];
        ThreadLocal<Work> work = ThreadLocal.withInitial(() -> new Work(lines, probes, power, chains));
        IntStream.range(0, LINE_BITS).parallel().forEach(step -> { // a step's queries share their bits U
            Work w = work.get();
            for (int g = 0; g < QUERIES_PER_STEP; g++) {
                rates[step * QUERIES_PER_STEP + g] = w.queryRate(query(step, g));
            }
        });
        double sum = 0.0;
        for (double rate : rates) {
            sum += rate;
        }
        return Math.min(1.0, Math.max(0.0, sum / queries));
    }

    /** The g-th query hash of a step: start 0, the step in bits 17..25, the rest as the class comment says. */
    static long query(int step, int g) {
        double offset = fraction(step * GOLDEN);
        long low = (long) ((g + offset) / QUERIES_PER_STEP * (1 << STEP_SHIFT)) & ~(LINE_BITS - 1L);
        long high = (long) (fraction((step * QUERIES_PER_STEP + g) * SILVER) * 64);
        return low | ((long) step << STEP_SHIFT) | (high << 26);
    }

    /** P(q) for one query hash; see the class comment. */
    static double queryRate(long entries, long lines, int probes, long queryHash) {
        return queryRate(entries, lines, probes, queryHash, true);
    }

    /** As {@link #queryRate(long, long, int, long)}; {@code bySets} false reads every chain hash by hash (tests). */
    static double queryRate(long entries, long lines, int probes, long queryHash, boolean bySets) {
        return new Work(lines, probes, Work.powers(entries, lines), bySets ? Chains.of(lines) : null)
                .queryRate(queryHash);
    }

    /** The hashes first, first + apart, first + 2 apart, ... below 2^32 (first below 2^32): a line's, or a chain's. */
    private static long hashesFrom(long first, long apart) {
        return (HASHES - first + apart - 1) / apart;
    }

    private static double fraction(double x) {
        return x - Math.floor(x);
    }

    /**
     * The steps a chain of a line's hashes visits, read as sets. The hashes of a line that share a start,
     * h = f + 512 L t (t = 0, 1, ...), have steps d_t = bits 17..25 of h = ((X + L t) mod 2^17) &gt;&gt; 8 with
     * X = f &gt;&gt;&gt; 9 (512 L t leaves the low 9 bits alone); with X = 256 X_hi + X_lo,
     * <pre>
     *   d_t = X_hi + e_t (mod 512),   e_t = ((X_lo + (L t mod 2^17)) &gt;&gt; 8) mod 512,
     * </pre>
     * so the chain's first {@link #length} steps are the set E(X_lo) turned by X_hi, for each of 256 low bytes,
     * where its e_t are distinct. The hashes of a chain that meet the query's bits are then the bits of
     * E(X_lo) and the start's steps that meet U turned back by X_hi: eight words and their set bits, in place
     * of a look-up a hash. Every chain of a line holds {@link #length} or one more hash (the chains start
     * below 512 L); the one more is read by itself.
     */
    static final class Chains {
        /** Hashes a chain must hold for its sets to be kept: shorter ones cost less read hash by hash. */
        static final int FROM_LENGTH = 8;

        final int length;          // the hashes each set covers: ceil(2^32 / 512 L) - 1
        final long[] steps;        // per low byte: the 512-bit set of e_t, t < length
        final byte[] at;           // per low byte and e: the t with e_t = e
        final boolean[] distinct;  // per low byte: whether its e_t are distinct (else read hash by hash)

        private Chains(int length, long[] steps, byte[] at, boolean[] distinct) {
            this.length = length;
            this.steps = steps;
            this.at = at;
            this.distinct = distinct;
        }

        /**
         * The sets of L's chains, or null where they hold fewer than {@link #FROM_LENGTH} hashes, or more than
         * {@link #at}'s bytes number (below 2^16 lines; the rate applies from 2^17, where a chain holds at most 64).
         */
        static Chains of(long lines) {
            long apart = lines * LINE_BITS;
            long length = hashesFrom(0, apart) - 1;
            if (length < FROM_LENGTH || length > Byte.MAX_VALUE) {
                return null;
            }
            return of(lines, (int) length);
        }

        private static Chains of(long lines, int length) {
            long turn = lines & 0x1FFFF; // L mod 2^17
            long[] steps = new long[256 * 8];
            byte[] at = new byte[256 * LINE_BITS];
            boolean[] distinct = new boolean[256];
            for (int lowByte = 0; lowByte < 256; lowByte++) {
                boolean apartEach = true;
                for (int t = 0; t < length && apartEach; t++) {
                    int e = (int) ((lowByte + ((turn * t) & 0x1FFFF)) >>> 8) & (LINE_BITS - 1);
                    int word = (lowByte << 3) | (e >>> 6);
                    apartEach = (steps[word] & (1L << e)) == 0;
                    steps[word] |= 1L << e;
                    at[(lowByte << 9) | e] = (byte) t;
                }
                distinct[lowByte] = apartEach;
            }
            return new Chains(length, steps, at, distinct);
        }

        /**
         * Writes to {@code met} from {@code found} on the chain's first {@link #length} hashes (from {@code from},
         * {@code apart} apart) whose steps are among the start's meeting steps ({@code meeting}'s eight words from
         * {@code row}); {@code low} is (from &gt;&gt;&gt; 9) mod 2^17. Returns the new end of {@code met}.
         */
        int meeting(long[] meeting, int row, int low, long from, long apart, long[] met, int found) {
            int lowByte = low & 0xFF;
            int turn = low >>> 8; // X_hi: e meets where step e + X_hi does
            int words = turn >>> 6;
            int shift = turn & 63;
            for (int w = 0; w < 8; w++) {
                long lower = meeting[row | ((w + words) & 7)];
                long upper = meeting[row | ((w + words + 1) & 7)];
                long turned = (lower >>> shift) | ((upper << 1) << (63 - shift)); // bits e + turn, e in word w
                long both = turned & steps[(lowByte << 3) | w];
                while (both != 0) {
                    int e = (w << 6) | Long.numberOfTrailingZeros(both);
                    met[found++] = from + apart * at[(lowByte << 9) | e];
                    both &= both - 1;
                }
            }
            return found;
        }
    }

    /** The tables one rate reuses over its queries. */
    private static final class Work {
        private final long lines;
        private final int probes;
        private final double[] power; // power[c] = (1 - c / 2^32)^n
        private final long[] counts; // by subset of the query's distinct bits, at most 2^probes
        private final int[] bitMask = new int[LINE_BITS]; // 1 << the query bit's index, 0 off the query's bits
        private final int[] bits = new int[MOST_PROBES]; // the query's distinct bits, by index
        private final long[] meeting = new long[MEETING_WORDS]; // by start, the steps that meet U (screened pass)
        private int meetingFor = -1; // the (start, step) of the query whose bits U the meeting table holds
        private final int hashes; // the most hashes a line holds, ceil(2^32 / L)
        private final long[] met; // the screened pass's hashes that meet the query's bits
        private final Chains chains; // the steps each chain of hashes visits, or null: read hash by hash

        Work(long lines, int probes, double[] power, Chains chains) {
            this.lines = lines;
            this.probes = probes;
            this.power = power;
            this.chains = chains;
            this.counts = new long[1 << probes];
            this.hashes = (int) hashesFrom(0, lines);
            this.met = new long[hashes + 1];
        }

        /** (1 - c / 2^32)^n for every count c of hashes a line can hold. */
        static double[] powers(long entries, long lines) {
            if (entries < 0) {
                throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
            }
            int most = (int) hashesFrom(0, lines);
            double[] power = new double[most + 1];
            for (int c = 0; c <= most; c++) {
                power[c] = Math.exp(entries * Math.log1p(-c / HASH_VALUES));
            }
            return power;
        }

        double queryRate(long queryHash) {
            int distinct = queryBits(queryHash);
            int size = 1 << distinct;
            Arrays.fill(counts, 0, size, 0L);
            long first = queryHash % lines;
            if (probes == 1) {
                countStarts(first);
            } else if (screened(distinct)) {
                countScreened(first, distinct, (int) (queryHash & (LINE_BITS - 1))
                        | (int) ((queryHash >>> STEP_SHIFT) & (LINE_BITS - 1)) << 9);
            } else {
                for (long h = first; h < HASHES; h += lines) {
                    counts[meets(h)]++;
                }
            }
            for (int b = 0; b < distinct; b++) { // counts[S] becomes the hashes meeting U inside S
                int half = 1 << b;
                for (int base = 0; base < size; base += half << 1) {
                    for (int s = base + half; s < base + (half << 1); s++) {
                        counts[s] += counts[s - half];
                    }
                }
            }
            int full = size - 1;
            long total = counts[full];
            double even = 0.0;
            double odd = 0.0;
            for (int t = 0; t < size; t++) {
                double term = power[(int) (total - counts[full ^ t])]; // hashes meeting T
                if ((Integer.bitCount(t) & 1) == 0) {
                    even += term;
                } else {
                    odd += term;
                }
            }
            return even - odd;
        }

        /**
         * Whether the screened pass costs less than k look-ups a hash: its table takes 4,096
         * words cleared and 512 u k written, and then a hash costs one look-up, and k more for the share of
         * hashes that meet the query's bits (about u k / 512). Measured on one core at 2^17 to 2^18 lines, it
         * takes half the time of the pass hash by hash at 5 to 7 probes, and 0.6 to 0.8 of it at 11 to 16.
         */
        private boolean screened(int distinct) {
            double pairs = (double) distinct * probes;
            double screened = MEETING_WORDS + LINE_BITS * pairs + hashes * (1 + probes * Math.min(1.0, pairs / LINE_BITS));
            return screened < (double) probes * hashes;
        }

        /**
         * The same counts as {@link #meets} on every hash of the line, screened: for every start s, the steps d
         * whose probes meet the query's bits (s = b - i d for a bit b and a probe i) as a 512-bit set, so that
         * a hash that meets none, most of them, costs one look-up in place of k. The hashes are read start by
         * start (r, r + 512, r + 1024, ... in the line: one start, one set), a chain of {@link Chains#FROM_LENGTH}
         * or more through its steps' set. The look-ups only gather the
         * hashes that meet U (each one written, the count moved on where it meets: no branch to mispredict on the
         * few percent that do), whose sets are then found as {@link #meets} finds them. A rate took 0.8 to 0.9 of
         * the time of a branch per hash at 6 and 10 probes, and the same at 4, where the branch is rarely taken
         * ({@code LatticeRateBenchmark}).
         */
        private void countScreened(long first, int distinct, int startAndStep) {
            if (startAndStep != meetingFor) { // U is fixed by the query's start and step: the queries of a step share it
                Arrays.fill(meeting, 0L);
                for (int d = 0; d < LINE_BITS; d++) {
                    int word = d >>> 6;
                    long bit = 1L << d;
                    for (int j = 0; j < distinct; j++) {
                        for (int i = 0, s = bits[j]; i < probes; i++, s = (s - d) & (LINE_BITS - 1)) {
                            meeting[(s << 3) | word] |= bit;
                        }
                    }
                }
                meetingFor = startAndStep;
            }
            long[] met = this.met;
            int found = 0;
            long apart = lines * LINE_BITS; // hashes 512 apart in the line share their start: L * 512 = 0 (mod 512)
            for (int r = 0; r < LINE_BITS; r++) {
                long from = first + lines * r;
                if (from >= HASHES) {
                    break;
                }
                int row = ((int) from & (LINE_BITS - 1)) << 3;
                long h = from;
                if (chains != null) {
                    int low = (int) (from >>> (STEP_SHIFT - 8)) & 0x1FFFF; // (from >>> 9) mod 2^17
                    int lowByte = low & 0xFF;
                    if (chains.distinct[lowByte]) {
                        found = chains.meeting(meeting, row, low, from, apart, met, found);
                        h = from + apart * chains.length;
                    }
                }
                for (; h < HASHES; h += apart) {
                    int d = (int) (h >>> STEP_SHIFT); // the step in its low 9 bits; the shift reads the low 6
                    met[found] = h;
                    found += (int) (meeting[row | ((d >>> 6) & 7)] >>> d) & 1;
                }
            }
            for (int j = 0; j < found; j++) {
                counts[meets(met[j])]++;
            }
            counts[0] += hashesFrom(first, lines) - found;
        }

        /**
         * The counts at one probe, where a hash meets the query's bit only at its own start: the hashes 512 apart in
         * the line share their start (L * 512 = 0 mod 512), so the first 512 give, each whose start is the bit, a
         * count of every 512th hash from it.
         */
        private void countStarts(long first) {
            long apart = lines * LINE_BITS;
            long meeting = 0;
            for (int r = 0; r < LINE_BITS; r++) {
                long from = first + lines * r;
                if (from >= HASHES) {
                    break;
                }
                if (((int) from & (LINE_BITS - 1)) == bits[0]) {
                    meeting += hashesFrom(from, apart);
                }
            }
            counts[1] += meeting;
            counts[0] += hashesFrom(first, lines) - meeting;
        }

        /** Numbers the query's distinct probed bits 0..u-1, as 1 &lt;&lt; index in {@link #bitMask}; returns u. */
        private int queryBits(long hash) {
            Arrays.fill(bitMask, 0);
            int position = (int) (hash & (LINE_BITS - 1));
            int step = (int) ((hash >>> STEP_SHIFT) & (LINE_BITS - 1));
            int distinct = 0;
            for (int i = 0; i < probes; i++) {
                if (bitMask[position] == 0) {
                    bits[distinct] = position;
                    bitMask[position] = 1 << distinct++;
                }
                position = (position + step) & (LINE_BITS - 1);
            }
            return distinct;
        }

        /** The set of the query's bits (by index) that hash h's probes meet. */
        private int meets(long hash) {
            int position = (int) hash & (LINE_BITS - 1);
            int step = (int) (hash >>> STEP_SHIFT) & (LINE_BITS - 1);
            int mask = 0;
            for (int i = 0; i < probes; i++) {
                mask |= bitMask[position];
                position = (position + step) & (LINE_BITS - 1);
            }
            return mask;
        }
    }
}
