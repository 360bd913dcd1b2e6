package org.monkeyeval.family.fastfilter;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.filter.FastRange;
import org.monkeyeval.filter.Filter;
import org.monkeyeval.filter.Hashing;

/**
 * A binary fuse filter of arity 3 (Graf and Lemire, "Binary Fuse Filters: Fast and Smaller Than Xor
 * Filters", ACM JEA 27, 2022), with fingerprints of w = 1 .. 16 bits packed w bits to a slot.
 *
 * <pre>
 *   Sizing: FastFilter 1.0.5 (github.com/FastFilter/fastfilter_java,
 *   fastfilter/src/main/java/org/fastfilter/xor/XorBinaryFuse8.java, calculateSegmentLength,
 *   calculateSizeFactor, construct); n &lt;= 1 as in FastFilter/xor_singleheader binaryfusefilter.h:
 *     L             = min(2^18, 2^floor(ln n / ln 3.33 + 2.11))      segment length (4 for n &lt;= 1)
 *     sizeFactor    = max(1.125, 0.875 + 0.25 ln(10^6) / ln n)
 *     capacity      = floor(n sizeFactor)                            (0 for n &lt;= 1)
 *     S             = ceil(capacity / L) - 2, then ceil((S + 2) L / L), then 1 if &lt;= 2 else minus 2
 *     slots         = (S + 2) L
 *   Slots of a key with 64-bit hash h (FastFilter/xorfilter binaryfusefilter.go getHashFromHash;
 *   xor_singleheader binary_fuse8_hash):
 *     h0 = floor(h S L / 2^64)                                       h read as unsigned
 *     h1 = (h0 + L) ^ ((h &gt;&gt;&gt; 18) mod L)
 *     h2 = (h0 + 2L) ^ (h mod L)
 *   Fingerprint:  F = mix13(h + GOLDEN_GAMMA) mod 2^w                (Hashing.hash64(h, 0): see below)
 *   Query:        F == B[h0] ^ B[h1] ^ B[h2]
 * </pre>
 *
 * <p>Where this departs from the references, deliberately. The references take the fingerprint from
 * the slots' own hash bits: FastFilter's Java filter as {@code (byte) h}, the low bits that also offset
 * h2 within its segment; the Go and C filters as {@code h ^ (h >>> 32)}, whose low bits share h's bits 0..
 * with h2's offset and bits 32.. with h0's multiply. A fingerprint that shares bits with the slots is
 * not independent of them, and a built filter's rate then depends on how its table's values sit in its
 * slots, as FastFilter 1.0.2's xor filters do ({@link XorTableRate}). Here the fingerprint is a second,
 * full 64-bit finalizer of h: for an absent key its w bits are independent of its three slots and of the
 * table (built from other keys' hashes, all distinct, since the pinned key hash is a bijection), so the
 * rate of every built filter is exactly 2^-w up to the quality of the finalizer, with no build variance.
 * Sizes, segment layout and slots are the references'.
 *
 * <p>Construction (the paper's peeling construction; FastFilter's {@code addAll}, Go's
 * PopulateBinaryFuse8): each slot keeps its key count and the XOR of its keys' indices (the references:
 * of their hashes) and of their slot indices (0, 1, 2); slots holding one key are peeled, the key removed
 * from its other two slots, until none is left; fingerprints are then assigned in the reverse order of
 * peeling, each key's own slot set so that its three slots XOR to its fingerprint. The work arrays take
 * 9 bytes a slot (count, index XOR, queue) and 5 a key (peeling order), about 15 bytes a key at
 * 1.125 slots a key, 151 MB at confirm's cap of 10^7 keys. When peeling stalls (a 2-core remains),
 * the hash seed is redrawn and the construction starts again, at most {@link #MAX_ATTEMPTS} times, as
 * FastFilter's Java filter does. The reference draws the new seed at random; here attempt a uses the
 * seed {@code hash64(a, seed)}, so the filter is a function of the keys and the seed passed in. The
 * reference's counting sort of the hashes by segment only speeds up the slot updates and is left out:
 * the peeling may then visit keys in another order, which changes the table but not the filter's
 * answers for stored keys or its rate.
 */
public final class BinaryFuseFilter implements Filter {

    /** Slots per key. */
    public static final int ARITY = 3;

    /** Largest segment length: FastFilter's "hardcoded 18-bit limit" (XorBinaryFuse8.construct). */
    public static final int MAX_SEGMENT_LENGTH = 1 << 18;

    /** Constructions tried before giving up: FastFilter's Java filter retries while hashIndex &lt;= 100. */
    public static final int MAX_ATTEMPTS = 101;

    /** Exact description of the hashing, recorded where filters are named. */
    public static final String PROBE_DERIVATION = "binary fuse, arity 3: h = hash64(key, hash64(attempt, seed));"
            + " h0 = unsignedMultiplyHigh(h, S L), h1 = (h0 + L) ^ ((h >>> 18) & (L - 1)),"
            + " h2 = (h0 + 2 L) ^ (h & (L - 1)); fingerprint = hash64(h, 0) & (2^w - 1)";

    /** ln 3.33 and the offset 2.11 of the segment-length rule, ln 10^6 of the size-factor rule. */
    private static final double LN_3_33 = StrictMath.log(3.33);
    private static final double SEGMENT_OFFSET = 2.11;
    private static final double LN_MILLION = StrictMath.log(1_000_000);

    private final int fingerprintBits;
    private final long fingerprintMask;
    private final int segmentLength;
    private final int segmentLengthMask;
    private final long segmentCountLength;
    private final int slots;
    private final long hashSeed;
    private final int attempts;
    private final long[] words;

    private BinaryFuseFilter(int fingerprintBits, long entries, long hashSeed, int attempts, long[] words) {
        this.fingerprintBits = fingerprintBits;
        this.fingerprintMask = (1L << fingerprintBits) - 1;
        this.segmentLength = segmentLength(entries);
        this.segmentLengthMask = segmentLength - 1;
        this.segmentCountLength = segmentCount(entries) * segmentLength;
        this.slots = (int) slots(entries);
        this.hashSeed = hashSeed;
        this.attempts = attempts;
        this.words = words;
    }

    // ---- sizing (FastFilter 1.0.5, see the class comment) ----

    /**
     * Segment length L = 2^floor(ln n / ln 3.33 + 2.11), at most 2^18; 4 for n &lt;= 1
     * (XorBinaryFuse8.calculateSegmentLength, arity 3). StrictMath, so that the floor is the same on
     * every JDK (Math.log may differ by an ulp between platforms; the reference's sizes are the same
     * except within an ulp of a power-of-two boundary).
     */
    public static int segmentLength(long entries) {
        if (entries <= 1) {
            return 4;
        }
        int exponent = (int) Math.floor(StrictMath.log(entries) / LN_3_33 + SEGMENT_OFFSET);
        return exponent >= 18 ? MAX_SEGMENT_LENGTH : 1 << exponent;
    }

    /** max(1.125, 0.875 + 0.25 ln(10^6) / ln n) (XorBinaryFuse8.calculateSizeFactor, arity 3); n &gt;= 2. */
    public static double sizeFactor(long entries) {
        return Math.max(1.125, 0.875 + 0.25 * LN_MILLION / StrictMath.log(entries));
    }

    /** floor(n sizeFactor), 0 for n &lt;= 1 (XorBinaryFuse8.construct: {@code (int) (size * sizeFactor)}). */
    public static long capacity(long entries) {
        return entries <= 1 ? 0 : (long) (entries * sizeFactor(entries));
    }

    /** Segments S that h0 ranges over (XorBinaryFuse8.construct's two-step rule, at least 1). */
    public static long segmentCount(long entries) {
        long length = segmentLength(entries);
        long count = (capacity(entries) + length - 1) / length - (ARITY - 1);
        long arrayLength = (count + ARITY - 1) * length;
        count = (arrayLength + length - 1) / length;
        return count <= ARITY - 1 ? 1 : count - (ARITY - 1);
    }

    /** Fingerprint slots: (S + 2) L. */
    public static long slots(long entries) {
        return (segmentCount(entries) + ARITY - 1) * segmentLength(entries);
    }

    // ---- construction ----

    /**
     * Builds the filter over {@code keyOfIndex(0 .. entries-1)}, distinct keys, with fingerprints of
     * {@code fingerprintBits} bits; {@code seed} fixes the hash seeds tried. Throws
     * {@link IllegalStateException} if {@link #MAX_ATTEMPTS} seeds all leave a 2-core (with distinct keys
     * the chance of one failure is small; of a hundred, negligible).
     */
    public static BinaryFuseFilter construct(long entries, int fingerprintBits, LongUnaryOperator keyOfIndex,
                                             long seed) {
        if (fingerprintBits < 1 || fingerprintBits > 16) {
            throw new IllegalArgumentException("fingerprintBits (" + fingerprintBits + ") must be 1 .. 16");
        }
        if (entries < 1 || slots(entries) > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("entries (" + entries + ") must be 1 .. " + StaticSetFamily.MAX_ENTRIES);
        }
        int n = (int) entries;
        int arrayLength = (int) slots(entries);
        int length = segmentLength(entries);
        long countLength = segmentCount(entries) * length;
        byte[] count = new byte[arrayLength];
        int[] xorIndex = new int[arrayLength];
        int[] queue = new int[arrayLength];
        int[] order = new int[n];
        byte[] peeledIndex = new byte[n];
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            long hashSeed = attemptSeed(seed, attempt);
            if (attempt > 0) {
                Arrays.fill(count, (byte) 0);
                Arrays.fill(xorIndex, 0);
            }
            LongUnaryOperator hashOfIndex = i -> Hashing.hash64(keyOfIndex.applyAsLong(i), hashSeed);
            if (!addAll(n, hashOfIndex, count, xorIndex, length, countLength)) {
                continue;
            }
            int peeled = peel(hashOfIndex, count, xorIndex, queue, order, peeledIndex, length, countLength);
            if (peeled == n) {
                long[] words = new long[(int) (((long) arrayLength * fingerprintBits + 63) >>> 6)];
                BinaryFuseFilter filter = new BinaryFuseFilter(fingerprintBits, entries, hashSeed, attempt + 1, words);
                filter.assign(hashOfIndex, order, peeledIndex, n);
                return filter;
            }
        }
        throw new IllegalStateException("binary fuse construction over " + entries + " keys failed with "
                + MAX_ATTEMPTS + " seeds from " + seed + " (duplicate keys?)");
    }

    /** The hash seed of attempt {@code attempt}: hash64(attempt, seed). */
    static long attemptSeed(long seed, int attempt) {
        return Hashing.hash64(attempt, seed);
    }

    /**
     * Counts each key into its three slots: count[s] holds 4 times the keys in slot s plus the XOR of
     * their slot indices (0, 1, 2) in its low two bits, xorIndex[s] the XOR of their key indices (the
     * references keep the XOR of the hashes; an index takes half the memory and gives the hash back
     * through the key). False when a slot would hold 32 keys or more (the byte's sign bit; the reference
     * retries with a new seed then).
     */
    private static boolean addAll(int n, LongUnaryOperator hashOfIndex, byte[] count, int[] xorIndex, int length,
                                  long countLength) {
        int overflow = 0;
        for (int i = 0; i < n; i++) {
            long h = hashOfIndex.applyAsLong(i);
            for (int index = 0; index < ARITY; index++) {
                int s = slot(h, index, length, countLength);
                int c = (count[s] + 4) ^ index;
                count[s] = (byte) c;
                overflow |= c;
                xorIndex[s] ^= i;
            }
        }
        return (overflow & 0x80) == 0;
    }

    /**
     * Peels slots holding one key, last queued first; writes the peeled keys' indices into {@code order}
     * and each key's peeled slot index (0, 1, 2) into {@code peeledIndex}, in peeling order; returns how
     * many keys were peeled.
     */
    private static int peel(LongUnaryOperator hashOfIndex, byte[] count, int[] xorIndex, int[] queue, int[] order,
                            byte[] peeledIndex, int length, long countLength) {
        int queued = 0;
        for (int s = 0; s < count.length; s++) {
            if ((count[s] >> 2) == 1) {
                queue[queued++] = s;
            }
        }
        int peeled = 0;
        while (queued > 0) {
            int s = queue[--queued];
            if ((count[s] >> 2) != 1) {
                continue; // emptied since it was queued
            }
            int key = xorIndex[s];
            long h = hashOfIndex.applyAsLong(key);
            order[peeled] = key;
            peeledIndex[peeled] = (byte) (count[s] & 3);
            peeled++;
            for (int index = 0; index < ARITY; index++) {
                int t = slot(h, index, length, countLength);
                int c = (count[t] - 4) ^ index;
                count[t] = (byte) c;
                xorIndex[t] ^= key;
                if ((c >> 2) == 1) {
                    queue[queued++] = t;
                }
            }
        }
        return peeled;
    }

    /** Sets each peeled key's own slot, last peeled first, so that its three slots XOR to its fingerprint. */
    private void assign(LongUnaryOperator hashOfIndex, int[] order, byte[] peeledIndex, int n) {
        for (int i = n - 1; i >= 0; i--) {
            long h = hashOfIndex.applyAsLong(order[i]);
            int found = peeledIndex[i];
            long v = fingerprint(h);
            int own = -1;
            for (int index = 0; index < ARITY; index++) {
                int s = slot(h, index, segmentLength, segmentCountLength);
                if (index == found) {
                    own = s;
                } else {
                    v ^= get(s);
                }
            }
            set(own, v);
        }
    }

    // ---- hashing (see the class comment) ----

    /** Slot {@code index} (0, 1, 2) of hash {@code h}: the references' h0, h1, h2. */
    static int slot(long h, int index, int length, long countLength) {
        long h0 = FastRange.fastRange64(h, countLength);
        return switch (index) {
            case 0 -> (int) h0;
            case 1 -> (int) ((h0 + length) ^ ((h >>> 18) & (length - 1)));
            default -> (int) ((h0 + 2L * length) ^ (h & (length - 1)));
        };
    }

    /** The fingerprint of hash {@code h}: the low w bits of a second finalizer of h. */
    private long fingerprint(long h) {
        return Hashing.hash64(h, 0) & fingerprintMask;
    }

    // ---- the packed table ----

    /** The w-bit value of slot {@code s}; a value may straddle two words (w = 10, 12, ...). */
    int get(int s) {
        long bit = (long) s * fingerprintBits;
        int word = (int) (bit >>> 6);
        int offset = (int) (bit & 63);
        long v = words[word] >>> offset;
        if (offset + fingerprintBits > 64) {
            v |= words[word + 1] << (64 - offset);
        }
        return (int) (v & fingerprintMask);
    }

    void set(int s, long value) {
        long bit = (long) s * fingerprintBits;
        int word = (int) (bit >>> 6);
        int offset = (int) (bit & 63);
        words[word] = (words[word] & ~(fingerprintMask << offset)) | (value << offset);
        if (offset + fingerprintBits > 64) {
            int high = 64 - offset;
            words[word + 1] = (words[word + 1] & ~(fingerprintMask >>> high)) | (value >>> high);
        }
    }

    /** A fingerprint of the table packed into 64-bit words, for checks that two builds are the same bytes. */
    long tableChecksum() {
        long c = slots;
        for (long w : words) {
            c = Hashing.mix13(c ^ w);
        }
        return c;
    }

    // ---- queries ----

    @Override
    public boolean mayContain(long key) {
        long h = Hashing.hash64(key, hashSeed);
        long h0 = FastRange.fastRange64(h, segmentCountLength);
        int s1 = (int) ((h0 + segmentLength) ^ ((h >>> 18) & segmentLengthMask));
        int s2 = (int) ((h0 + 2L * segmentLength) ^ (h & segmentLengthMask));
        return (fingerprint(h) ^ get((int) h0) ^ get(s1) ^ get(s2)) == 0;
    }

    /** Slots times fingerprint bits: the table, which is all of the filter's size. */
    @Override
    public long bitCount() {
        return (long) slots * fingerprintBits;
    }

    @Override
    public int hashes() {
        return ARITY;
    }

    /** Bits per fingerprint. */
    public int fingerprintBits() {
        return fingerprintBits;
    }

    /** Slots in the table, (S + 2) L. */
    public int slotCount() {
        return slots;
    }

    /** The segment length L. */
    public int segmentLength() {
        return segmentLength;
    }

    /** Constructions tried, 1 when the first seed peeled. */
    public int attempts() {
        return attempts;
    }

    /** The hash seed the filter was built with. */
    public long hashSeed() {
        return hashSeed;
    }

    /** The rate of an absent key: 2^-w (the fingerprint is independent of the slots; class comment). */
    public static double falsePositiveRate(int fingerprintBits) {
        return Math.scalb(1.0, -fingerprintBits);
    }
}
