package org.monkeyeval.family.fastfilter;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;

import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;

/**
 * The false-positive rate of one built FastFilter 1.0.2 xor filter, computed from its fingerprint
 * table: the probability that an absent key, its 64-bit hash h taken uniform, passes.
 *
 * <pre>
 *   FastFilter 1.0.2 (github.com/FastFilter/fastfilter_java, tag 1.0.2, commit 2ff7d49;
 *   fastfilter/src/main/java/org/fastfilter/xor/Xor8.java and Xor16.java, mayContain;
 *   utils/Hash.java, reduce), checked against the 1.0.2 jar's bytecode:
 *     L  = blockLength = arrayLength / 3,  B = the table (arrayLength slots of w bits)
 *     F  = h mod 2^w                                     fingerprint: hash bits 0 .. w-1
 *     r0 = (int) h                                       hash bits 0..31
 *     r1 = (int) rotateLeft(h, 21)                       hash bits 0..10 on top, 43..63 below
 *     r2 = (int) rotateLeft(h, 42)                       hash bits 22..53
 *     reduce(x, L) = (x_unsigned * L) &gt;&gt;&gt; 32       slot j takes x in [ceil(j 2^32/L), ceil((j+1) 2^32/L))
 *     h_k = reduce(r_k, L) + k L,  k = 0, 1, 2
 *     false positive:  F == B[h0] ^ B[h1] ^ B[h2]
 * </pre>
 *
 * <p>Which hash bits each part reads. Write the hash as six fields, a = bits 0..10, b = 11..21,
 * c = 22..31, d = 32..42, e = 43..53, g = 54..63; then, top field first, r0 = (c, b, a),
 * r1 = (a, g, e), r2 = (e, d, c), and F = the low w bits of (b, a). A slot is set by the top bits of its
 * argument; a field at the bottom of an argument moves the slot only when the argument lies within
 * 2^(field's top bit) of a slot boundary. So:
 * <ul>
 * <li>F and h1 share a, which is r1's top: strongly dependent. Computed exactly: for each of the 2^11
 *     values of a, r1 runs over one interval of 2^21 arguments, and the exact number of them in each
 *     slot is counted.
 * <li>xor16 only: F's bits 11..15 are r0's bits 11..15, which move h0 once a slot is narrower than
 *     2^16 arguments (L above 2^16). Computed exactly: h0's value histogram is taken per value u of those
 *     five bits, with the exact count of arguments of each slot whose bits 11..15 are u.
 * <li>Taken as independent (the approximation): h0 of a (r0's bottom 11 bits), h2 of c (r2's bottom 10
 *     bits, r0's top) and h1 of e (r1's bottom 11 bits, r2's top). Each moves a slot only for arguments
 *     within one field's span of a boundary, a share of about L 2^11 / 2^32 = L / 2^21 of them, and then
 *     to a neighbouring slot whose value is as random as its own: the errors average out over the
 *     boundaries rather than add up (measured below).
 * </ul>
 *
 * <p>With those, the rate is a sum over block 0's slots of the law of the other three terms:
 *
 * <pre>
 *   K[v]      = P(a mod 2^w ^ B[h1] = v)             exact counts over the 2^11 values of a
 *   H2[v]     = P(B[h2] = v)                          exact share of arguments per slot
 *   C         = K XOR-convolved with H2               by the Walsh-Hadamard transform: C^ = K^ H2^
 *   P(j, u)   = P(h0 = j, F's bits 11.. = u)          exact counts (u = 0 only, for xor8)
 *   rate      = sum_u sum_j P(j, u) C[B[j] ^ u 2^11]
 * </pre>
 *
 * (F ^ B[h1] ^ B[h2] ^ B[h0] = 0 splits F into a mod 2^w and u 2^11.) The cost is three transforms of
 * 2^w values and O(L 2^max(0, w - 11)) table reads: a few ms for an xor8 of 10^5 keys, about 15 ms
 * for an xor16 (its transforms are of 2^16 values), small beside the build.
 *
 * <p>The approximation, measured. Against direct sums over uniform 64-bit hashes through the same
 * table (the library's slot and fingerprint rules; {@code XorRateDirectSums} in the tests), xor8: 40 filters at n = 1000 and 40 at n = 6349,
 * 2.5 * 10^8 hashes each (per-filter noise 0.09% of the rate), z-scores of mean -0.09 and -0.09 and
 * variance 0.96 and 0.81, so a mean difference of -0.01% +- 0.015%; three filters each at n = 10^6
 * (relative differences -0.05%, +0.02%, -0.05%) and n = 10^7 (+0.02%, +0.02%, +0.05%) with 10^9
 * hashes (noise 0.05%), where L / 2^21 reaches 0.2 and 2. xor16, 10^9 hashes per filter (noise 0.8%):
 * four filters each at n = 6349, 10^5 and 10^6 and two at 10^7, z-scores from -0.8 to +1.5, mean +0.4,
 * a mean difference of +0.3% +- 0.2%. Against the library's own answers, 100 filters per size at
 * n = 10 to 10^5 (the test beside this class), the z-scores have mean 0 and variance 1. What the
 * approximation leaves is below 0.1% of the rate for xor8 and below 0.5% (the sums' resolution) for
 * xor16 at every size measured; 0.1% of an xor8 rate moves its z-score by 0.07 at 10^6 queries and 0.6
 * at 6.4 * 10^7 (confirm's --max-queries), 0.5% of an xor16 rate by 0.02 and 0.15, so the build
 * variance reported is 0.
 */
public final class XorTableRate {

    /** r1's top field: hash bits 0..10 sit at r1's bits 21..31 (rotateLeft by 21). */
    static final int SHARED_BITS = 11;

    private static final double TWO_TO_MINUS_32 = 0x1p-32;

    private XorTableRate() {
    }

    /**
     * The rate of an absent key against {@code table}, an xor filter's fingerprints of
     * {@code fingerprintBits} bits (0 .. 2^w-1, one per slot), whose three blocks are
     * L = {@code table.length / 3} slots each, as FastFilter 1.0.2 lays them out (slots from 3 L on,
     * which the library allocates and never reads, are not read here either).
     */
    public static double falsePositiveRate(int[] table, int fingerprintBits) {
        if (fingerprintBits < 1 || fingerprintBits > 16) {
            throw new IllegalArgumentException("fingerprintBits (" + fingerprintBits + ") must be 1 .. 16");
        }
        int blockLength = table.length / 3;
        if (blockLength < 1) {
            throw new IllegalArgumentException("table of " + table.length + " slots holds no block");
        }
        int size = 1 << fingerprintBits;
        int mask = size - 1;
        for (int v : table) {
            if ((v & ~mask) != 0) {
                throw new IllegalArgumentException("fingerprint " + v + " has more than " + fingerprintBits + " bits");
            }
        }
        double[] k = new double[size];
        for (int a = 0; a < 1 << SHARED_BITS; a++) {
            long lo = (long) a << (32 - SHARED_BITS);
            long hi = lo + (1L << (32 - SHARED_BITS));
            for (int j = slot(lo, blockLength); j <= slot(hi - 1, blockLength); j++) {
                long count = Math.min(hi, slotStart(j + 1, blockLength)) - Math.max(lo, slotStart(j, blockLength));
                k[(a & mask) ^ table[blockLength + j]] += count * TWO_TO_MINUS_32;
            }
        }
        double[] h2 = new double[size];
        long from = 0;
        for (int j = 0; j < blockLength; j++) {
            long to = slotStart(j + 1, blockLength);
            h2[table[2 * blockLength + j]] += (to - from) * TWO_TO_MINUS_32;
            from = to;
        }
        // c[z] = P(a mod 2^w ^ B[h1] ^ B[h2] = z): the XOR convolution of k and h2, by the transform.
        walshHadamard(k);
        walshHadamard(h2);
        double[] c = k;
        for (int s = 0; s < size; s++) {
            c[s] = k[s] * h2[s] / size;
        }
        walshHadamard(c);

        int classes = 1 << Math.max(0, fingerprintBits - SHARED_BITS);
        double rate = 0;
        long from0 = 0;
        for (int j = 0; j < blockLength; j++) {
            long to0 = slotStart(j + 1, blockLength);
            for (int u = 0; u < classes; u++) {
                long count = classCount(to0, u, fingerprintBits) - classCount(from0, u, fingerprintBits);
                rate += count * TWO_TO_MINUS_32 * c[table[j] ^ (u << SHARED_BITS)];
            }
            from0 = to0;
        }
        return rate;
    }

    /** The rate of a built Xor8: its table read from {@link Xor8#getData()}. */
    public static double falsePositiveRate(Xor8 filter) {
        return falsePositiveRate(table(filter), 8);
    }

    /** The rate of a built Xor16: its table read from the filter's private array (no getData in 1.0.2). */
    public static double falsePositiveRate(Xor16 filter) {
        return falsePositiveRate(table(filter), 16);
    }

    /**
     * The fingerprints of a built Xor8, from its serialized form (Xor8.getData, 1.0.2: writeInt(size),
     * writeLong(seed), then the arrayLength = 3 + 123 size / 100 fingerprint bytes).
     */
    static int[] table(Xor8 filter) {
        byte[] data = filter.getData();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int size = in.readInt();
            in.readLong();
            int slots = (int) StaticSetFamily.xorSlots(size);
            if (data.length != Integer.BYTES + Long.BYTES + slots) {
                throw new IllegalStateException("Xor8 data of " + data.length + " bytes for " + size
                        + " keys: expected " + (Integer.BYTES + Long.BYTES + slots));
            }
            int[] table = new int[slots];
            for (int i = 0; i < slots; i++) {
                table[i] = in.readUnsignedByte();
            }
            return table;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fingerprints of a built Xor16: its private {@code short[] fingerprints} (1.0.2 has no getData). */
    static int[] table(Xor16 filter) {
        short[] fingerprints;
        try {
            Field field = Xor16.class.getDeclaredField("fingerprints");
            field.setAccessible(true);
            fingerprints = (short[]) field.get(filter);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read Xor16's fingerprints (FastFilter 1.0.2 layout expected)", e);
        }
        int[] table = new int[fingerprints.length];
        for (int i = 0; i < table.length; i++) {
            table[i] = fingerprints[i] & 0xffff;
        }
        return table;
    }

    /** ceil(j 2^32 / L): the first 32-bit argument reduce maps to slot j; 2^32 for j = L. */
    static long slotStart(int j, int blockLength) {
        return (((long) j << 32) + blockLength - 1) / blockLength;
    }

    /** Hash.reduce for an unsigned 32-bit argument held in a long. */
    static int slot(long argument, int blockLength) {
        return (int) ((argument * blockLength) >>> 32);
    }

    /**
     * Arguments x in [0, end) whose bits 11 .. w-1 equal {@code u}: whole periods of 2^w hold 2^11 each,
     * the last partial period what of [u 2^11, (u+1) 2^11) it reaches. For w &lt;= 11 every argument counts.
     */
    static long classCount(long end, int u, int fingerprintBits) {
        if (fingerprintBits <= SHARED_BITS) {
            return end;
        }
        long period = 1L << fingerprintBits;
        long run = 1L << SHARED_BITS;
        long partial = (end & (period - 1)) - ((long) u << SHARED_BITS);
        return (end >>> fingerprintBits) * run + Math.max(0, Math.min(run, partial));
    }

    /** In-place unnormalized Walsh-Hadamard transform: x^[s] = sum_v x[v] (-1)^popcount(s &amp; v). */
    static void walshHadamard(double[] x) {
        for (int half = 1; half < x.length; half <<= 1) {
            for (int i = 0; i < x.length; i += half << 1) {
                for (int j = i; j < i + half; j++) {
                    double p = x[j];
                    double q = x[j + half];
                    x[j] = p + q;
                    x[j + half] = p - q;
                }
            }
        }
    }
}
