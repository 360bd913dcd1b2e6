package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Guards the Ribbon sizing rules: the bytes they predict are the filter block sizes RocksDB wrote,
 * CalculateSpace and ApproximateNumEntries are consistent the way RocksDB's own test holds them, the
 * Bloom fallback is taken for the key counts where RocksDB's schema test sees Bloom data, and the
 * reader's layout (from blocks and bytes) is the builder's.
 */
final class RibbonTest {

    /**
     * filter_size of the one SST that {@code db_bench} of RocksDB 7.8.3 (Debian rocksdb-tools) wrote
     * for n keys at {@code --bloom_bits=b --use_ribbon_filter=true}, read with
     * {@code sst_dump --show_properties} ("filter block size"), after
     * {@code --benchmarks=fillseq,compact --num=n --compression_type=none
     * --target_file_size_base=1073741824 --write_buffer_size=268435456}. The compacted file gets the
     * Ribbon policy (bloom_before_level 0 gives Bloom to flushes only); below about 1024 slots RocksDB
     * writes its Bloom filter instead, as at n = 1 and 50. 316,137 keys are the brief's db_bench file
     * (7.06 and 10.80 bits per key).
     */
    @ParameterizedTest(name = "b={0} n={1} -> {2} bytes")
    @CsvSource({
        "6, 1, 69", "6, 50, 69", "6, 1000, 565", "6, 30000, 16149", "6, 200000, 108213",
        "10, 1, 69", "10, 50, 69", "10, 1000, 885", "10, 30000, 26261", "10, 200000, 176181",
        "10, 316137, 279125",
        "16, 1, 69", "16, 50, 133", "16, 1000, 1349", "16, 30000, 40165", "16, 200000, 269429",
        "16, 316137, 426853",
        "23, 1, 69", "23, 50, 197", "23, 1000, 1829", "23, 30000, 54725", "23, 200000, 367077",
    })
    void filterBytes_dbBench783Files_equalFilterBlockSize(double bitsPerKey, long entries, long bytes) {
        Ribbon rules = Ribbon.of(bitsPerKey);
        // These n lie where the rounding bias (the first key's hash) cannot move the size.
        assertEquals(1L << 32, rules.roundingThreshold(entries));
        assertEquals(bytes, rules.filterBytes(entries, 0));
        assertEquals(bytes, rules.filterBytes(entries, -1));
    }

    @Test
    void filterBytes_316137Keys_bitsPerKeyOfTheBriefsDbBenchFile() {
        long n = 316_137;
        assertEquals(7.06, Math.round(8.0 * Ribbon.of(10).filterBytes(n, 0) / n * 100) / 100.0);
        assertEquals(10.80, Math.round(8.0 * Ribbon.of(16).filterBytes(n, 0) / n * 100) / 100.0);
    }

    /**
     * RocksDB's {@code FullBloomTest.FilterSize} (util/bloom_test.cc) for Standard128Ribbon, at its bits
     * per key: for n = 1, 2, ... (step 1 + n/1000) below 10^6, {@code n2 = ApproximateNumEntries(
     * CalculateSpace(n)) >= n}, and {@code CalculateSpace(n2)} equals {@code CalculateSpace(n)} up to
     * n = 12000, is within 0.2% above it beyond; then the space never falls as n grows by thirds to
     * 2^62 (through the Bloom fallback above 950,000,000 keys and its 2^32-byte cap). The builder in
     * that test has no keys, so its rounding bias is 0.
     */
    @ParameterizedTest(name = "b={0}")
    @ValueSource(doubles = {0.5, 1.234, 3.456, 9.5, 10.0, 10.499, 21.345, 99.999, 1234.0})
    void calculateSpace_approximateNumEntries_consistentAsInRocksDbsTest(double bitsPerKey) {
        Ribbon rules = Ribbon.of(bitsPerKey);
        long n = 1;
        long space = 0;
        for (; n < 1_000_000; n += 1 + n / 1000) {
            space = rules.filterBytes(n, 0);
            long n2 = rules.approximateNumEntries(space);
            assertTrue(n2 >= n, "n " + n + " space " + space + " n2 " + n2);
            long space2 = rules.filterBytes(n2, 0);
            if (n > 12000) {
                assertTrue(space2 >= space && space2 * 0.998 <= space, "n " + n + ": " + space + " vs " + space2);
            } else {
                assertEquals(space, space2, "n " + n);
            }
        }
        for (; n < (1L << 62); n += n / 3) {
            long space2 = rules.filterBytes(n, 0);
            assertTrue(space2 >= space, "n " + n);
            space = space2;
        }
    }

    /**
     * util/bloom_test.cc {@code FullBloomTest.Schema}: 87 keys at 5 bits per key give the same
     * (Bloom) data for the Ribbon policy as for Bloom; 2086 and 2087 keys at every setting of that test
     * give Ribbon data (a Ribbon seed is read from the trailer). Whatever the first key's hash.
     */
    @Test
    void usesBloom_schemaTestKeyCounts_bloomOnlyForTheSmallFilter() {
        for (int bias : new int[] {0, -1, 0x4000_0000}) {
            assertTrue(Ribbon.of(5).usesBloom(87, bias));
            for (double b : new double[] {2, 3, 5, 8, 9, 11, 14, 16, 10, 9.5, 10.499}) {
                assertFalse(Ribbon.of(b).usesBloom(2087, bias), "b " + b);
                assertFalse(Ribbon.of(b).usesBloom(2086, bias), "b " + b);
            }
        }
    }

    @Test
    void usesBloom_overMaxRibbonEntries_bloomSize() {
        Ribbon rules = Ribbon.of(10);
        assertFalse(rules.usesBloom(Ribbon.MAX_RIBBON_ENTRIES, 0));
        assertTrue(rules.usesBloom(Ribbon.MAX_RIBBON_ENTRIES + 1, 0));
        assertEquals(rules.bloomBytesWithMetadata(Ribbon.MAX_RIBBON_ENTRIES + 1),
                rules.filterBytes(Ribbon.MAX_RIBBON_ENTRIES + 1, 0));
    }

    @Test
    void filterBytes_noKeys_noFilterBytes() {
        assertEquals(0, Ribbon.of(10).filterBytes(0, 0));
    }

    /**
     * InterleavedBackSubst asserts that the builder's segments are exactly upperStartBlock blocks of
     * r - 1 columns and the rest of r, where a reader (InternalConfigure) derives r and upperStartBlock
     * from the bytes and blocks alone: the two derivations agree at every n.
     */
    @ParameterizedTest(name = "b={0}")
    @ValueSource(doubles = {1, 2, 6, 10, 16, 23, 40, 100})
    void layout_readerDerivation_isTheBuildersSplit(double bitsPerKey) {
        Ribbon rules = Ribbon.of(bitsPerKey);
        for (long n = 1; n < 3_000_000; n += 1 + n / 97) {
            for (int bias : new int[] {0, -1}) {
                if (rules.usesBloom(n, bias)) {
                    continue;
                }
                long slots = Ribbon.numSlots(n);
                Ribbon.Layout layout = rules.layout(n, bias);
                assertEquals(slots / Ribbon.COEFF_BITS, layout.numBlocks());
                assertEquals(rules.ribbonDataBytes(slots, bias), layout.dataBytes());
                assertEquals(rules.upperResultBits(), layout.upperColumns(), "n " + n);
                if (rules.upperResultBits() < Ribbon.MAX_RESULT_BITS) {
                    assertEquals(Ribbon.upperStartBlock(slots, rules.desiredOneInFpRate(), bias),
                            layout.upperStartBlock(), "n " + n);
                }
            }
        }
    }

    /**
     * A rule sizes its filters from the rate's terms computed once (r and the share of r-column blocks): the bytes
     * GetBytesForOneInFpRate gives at its rate, computing them each time, at every tenth of a bit per key from 1 to
     * 100 (32 result bits above 2^32 - 1 in 1), over slot counts from two blocks to a billion keys', at both ends of
     * the bias and between.
     */
    @Test
    void ribbonDataBytes_rateTermsComputedOnce_isGetBytesForOneInFpRate() {
        for (int millibits = 1000; millibits <= 100_000; millibits += 100) {
            Ribbon rules = Ribbon.ofMillibits(millibits);
            for (long n = 1; n < 1_000_000_000L; n += 1 + n / 3) {
                long slots = Ribbon.numSlots(n);
                for (int bias : new int[] {0, -1, 1 << 31, 123_456_789}) {
                    assertEquals(Ribbon.bytesForOneInFpRate(slots, rules.desiredOneInFpRate(), bias),
                            rules.ribbonDataBytes(slots, bias), millibits + " millibits, " + n + " keys, bias " + bias);
                }
            }
        }
    }

    /** GetNumSlots then RoundUpNumSlots: whole blocks, at least two, and room for every key. */
    @Test
    void numSlots_anyEntries_wholeBlocksAtLeastTwoAndMoreThanKeys() {
        for (long n = 1; n < 200_000_000; n += 1 + n / 61) {
            long slots = Ribbon.numSlots(n);
            assertEquals(0, slots % Ribbon.COEFF_BITS, "n " + n);
            assertTrue(slots >= Ribbon.MIN_SLOTS, "n " + n);
            assertTrue(slots > n, "n " + n + " slots " + slots);
        }
    }

    /**
     * The interpolation reaches its known points: 2^k slots take K[k] keys (the table), so n = K[k]
     * rounded down asks for at most 2^k slots and one more key for more; GetNumToAdd(2^k) gives K[k]
     * back (at 2^17 through the large-n formula, whose double division lands just below 126506).
     */
    @ParameterizedTest(name = "2^{0} slots")
    @ValueSource(ints = {9, 10, 12, 15, 17})
    void numSlotsFor_tableKeyCount_powerOfTwoSlots(int log2Slots) {
        long known = (long) Ribbon.numToAddForPow2(log2Slots);
        assertTrue(Ribbon.numSlotsFor(known) <= 1L << log2Slots);
        assertTrue(Ribbon.numSlotsFor(known + 1) > 1L << log2Slots);
        assertEquals(known, Ribbon.numToAdd(1L << log2Slots), 1.0);
    }

    /**
     * The bias splits [0, 2^32) at the threshold: below it the size of bias 0, from it the size of
     * the largest bias, one 16-byte segment less; the expected size weighs the two by their shares.
     */
    @Test
    void roundingThreshold_biasDependentKeyCount_splitsTheBiasRange() {
        Ribbon rules = Ribbon.of(10);
        long n = 7377; // found by scanning: the first n from 1000 whose size depends on the bias
        long threshold = rules.roundingThreshold(n);
        assertTrue(threshold > 0 && threshold < 1L << 32);
        long low = rules.filterBytes(n, 0);
        long high = rules.filterBytes(n, -1);
        assertEquals(Ribbon.SEGMENT_BYTES, low - high);
        assertEquals(low, rules.filterBytes(n, (int) (threshold - 1)));
        assertEquals(high, rules.filterBytes(n, (int) threshold));
        double shareHigh = ((1L << 32) - threshold) / 4294967296.0;
        assertEquals(low - shareHigh * Ribbon.SEGMENT_BYTES, rules.expectedFilterBytes(n), 1e-9);
    }

    /**
     * Over many rules and key counts, wherever the size depends on the bias, the threshold is where the size turns from
     * bias 0's to the largest bias's: the bisection over the bias-free part of the upper blocks' start finds the point
     * that sizing each bias finds.
     */
    @ParameterizedTest(name = "millibits={0}")
    @ValueSource(ints = {1000, 2345, 5000, 7777, 10000, 16000, 23456, 30000})
    void roundingThreshold_manyKeyCounts_isWhereTheSizeTurns(int millibits) {
        Ribbon rules = Ribbon.ofMillibits(millibits);
        int split = 0;
        for (long n = 1_000; n < 60_000; n++) {
            long threshold = rules.roundingThreshold(n);
            long low = rules.filterBytes(n, 0);
            long high = rules.filterBytes(n, -1);
            if (threshold == 1L << 32) {
                assertEquals(low, high, "n " + n);
                continue;
            }
            split++;
            assertTrue(threshold > 0, "n " + n);
            assertEquals(low, rules.filterBytes(n, (int) (threshold - 1)), "n " + n);
            assertEquals(high, rules.filterBytes(n, (int) threshold), "n " + n);
        }
        assertTrue(split > 0, "no key count whose size depends on the bias");
    }

    /**
     * RocksDB sizes Ribbon to the Bloom filter's rate: at the sizes it builds, its own EstimatedFpRate
     * lies between the whole-bit rates 2^-(r+1) and 2^-r, within 5% of 1/oneIn at n = 316,137 (the
     * fractional block is a rounding of the lower share, and starts = slots - 127 shifts it slightly).
     */
    @ParameterizedTest(name = "b={0}")
    @ValueSource(doubles = {2, 6, 10, 16, 23})
    void estimatedFpRate_builtSize_nearTheBloomRate(double bitsPerKey) {
        Ribbon rules = Ribbon.of(bitsPerKey);
        long n = 316_137;
        double rate = rules.estimatedFpRate(n, rules.filterBytes(n, 0));
        assertTrue(rate <= Math.pow(2, -rules.lowerResultBits()));
        assertTrue(rate >= Math.pow(2, -rules.upperResultBits()));
        assertEquals(1.0 / rules.desiredOneInFpRate(), rate, 0.05 / rules.desiredOneInFpRate());
        assertEquals(rate, rules.layout(n, 0).expectedFpRate(), 0.0);
    }

    /**
     * ExpectedFpRate's p 0.5^(r - 1) + (1 - p) 0.5^r (ribbon_impl.h, {@code std::pow(0.5, ...)}), bit for bit at every
     * result bits r of a layout and a spread of upper start blocks: the powers of a half are exact whichever way
     * they are computed.
     */
    @Test
    void expectedFpRate_everyResultBits_isThePowersOfAHalfMixedBitForBit() {
        long blocks = 977;
        for (int r = 1; r <= 32; r++) {
            for (long start = 0; start < blocks; start += 61) {
                Ribbon.Layout layout = new Ribbon.Layout(blocks, r, start);
                double p = (start * 1.0 * 128) / layout.numStarts();
                double expected = p * Math.pow(0.5, r - 1) + (1.0 - p) * Math.pow(0.5, r);
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(layout.expectedFpRate()),
                        "r " + r + ", upper start block " + start);
            }
        }
    }

    /** Above 2^32 - 1 as "one in", every block has 32 result bits: 4 bytes per slot. */
    @Test
    void ribbonDataBytes_hundredBitsPerKey_thirtyTwoResultBits() {
        Ribbon rules = Ribbon.of(100);
        assertEquals(32, rules.lowerResultBits());
        assertEquals(32, rules.upperResultBits());
        long slots = Ribbon.numSlots(10_000);
        assertEquals(slots * 4, rules.ribbonDataBytes(slots, 0));
    }

    @Test
    void of_belowHalfBit_rejected() {
        assertThrows(IllegalArgumentException.class, () -> Ribbon.of(0.49));
    }

    @Test
    void layout_bloomFallback_rejected() {
        assertThrows(IllegalArgumentException.class, () -> Ribbon.of(10).layout(50, 0));
    }
}
