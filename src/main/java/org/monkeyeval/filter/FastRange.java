package org.monkeyeval.filter;

/**
 * Maps a uniformly distributed hash onto {@code [0, range)} with one multiplication instead of a
 * division: {@code floor(hash * range / 2^w)} for a w-bit unsigned hash.
 *
 * <p>Reference: D. Lemire. Fast Random Integer Generation in an Interval. ACM Transactions on
 * Modeling and Computer Simulation 29(1), 2019, article 3 (the "fastrange" map, without the
 * rejection step: a hash is not re-drawn, so the map is biased by at most {@code range / 2^w} per
 * output value, which is negligible for {@code w = 64} and for {@code w = 32} with the ranges used
 * here). RocksDB uses the same maps as {@code FastRange32} and {@code FastRange64} in
 * {@code util/fastrange.h}.
 */
public final class FastRange {

    private FastRange() {
    }

    /**
     * High 64 bits of the unsigned 128-bit product {@code a * b}.
     *
     * <p>{@code Math.unsignedMultiplyHigh} exists only from Java 18; on Java 17 it is derived from
     * the signed {@link Math#multiplyHigh}: reading a negative long as unsigned adds 2^64, so
     * {@code ua * ub = a*b + 2^64 (b [a<0] + a [b<0]) + 2^128 [a<0][b<0]}; the last term vanishes in
     * the high word mod 2^64 and the middle terms add {@code b} when a is negative and {@code a} when
     * b is negative.
     */
    public static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /**
     * {@code floor(hash * range / 2^64)} with {@code hash} read as unsigned: a value in
     * {@code [0, range)} for {@code range >= 1}, and 0 for {@code range == 0}.
     *
     * @param range the size of the target interval, {@code >= 0} (not checked on this hot path)
     */
    public static long fastRange64(long hash, long range) {
        return unsignedMultiplyHigh(hash, range);
    }

    /**
     * {@link #fastRange64} for {@code range <= 2^32}, from 64-bit products that wrap (no 128-bit
     * product), so that a loop of it can be vectorized. With {@code hash = hi 2^32 + lo} (unsigned
     * 32-bit halves): {@code floor(hash range / 2^64) = floor((hi range + floor(lo range / 2^32)) / 2^32)},
     * since the inner floor drops less than 1 from a number that is divided by 2^32 again. Both products
     * are below 2^64 for {@code range <= 2^32}, and so is their sum (at most
     * {@code (2^32 - 1) 2^32 + 2^32 - 1}). {@code lo range} is read off the wrapped full product:
     * {@code hash range - (hi range << 32) = lo range (mod 2^64)}, exact because {@code lo range < 2^64}.
     * (The direct {@code (hash & 0xFFFFFFFF) * range} form is the same number, but C2 on JDK 17 does not
     * vectorize it.)
     *
     * @param range the size of the target interval, in {@code [0, 2^32]} (not checked on this hot path)
     */
    public static long fastRange64Narrow(long hash, long range) {
        long high = (hash >>> 32) * range;
        long low = hash * range - (high << 32);
        return (high + (low >>> 32)) >>> 32;
    }

    /**
     * {@code floor(hash * range / 2^32)} with {@code hash} read as an unsigned 32-bit value: a value
     * in {@code [0, range)} for {@code 1 <= range <= 2^32}. RocksDB's {@code FastRange32}.
     *
     * @param range the size of the target interval, in {@code [0, 2^32]} (not checked on this hot path)
     */
    public static long fastRange32(int hash, long range) {
        return ((hash & 0xFFFF_FFFFL) * range) >>> 32;
    }
}
