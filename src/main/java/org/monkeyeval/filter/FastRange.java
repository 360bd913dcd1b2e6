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
     * {@code floor(hash * range / 2^32)} with {@code hash} read as an unsigned 32-bit value: a value
     * in {@code [0, range)} for {@code 1 <= range <= 2^32}. RocksDB's {@code FastRange32}.
     *
     * @param range the size of the target interval, in {@code [0, 2^32]} (not checked on this hot path)
     */
    public static long fastRange32(int hash, long range) {
        return ((hash & 0xFFFF_FFFFL) * range) >>> 32;
    }
}
