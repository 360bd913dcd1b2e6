package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The separator gap share is the share of a file's key space where a Get reads two data blocks: on keys
 * laid out as db_bench writes them (an 8-byte big-endian key number padded with '0's), it equals the share
 * of the key numbers in the file's range whose readmissing key (the number padded one byte longer) lies
 * above a block's last key and at or below its separator, counted one by one; unshortened separators
 * leave no gap; a sample of the pairs stands for all of them.
 */
final class SeparatorGapsTest {

    /** db_bench's key for key number {@code v}: 8 bytes big-endian, then '0' up to {@code length}. */
    private static byte[] key(long v, int length) {
        byte[] k = new byte[length];
        Arrays.fill(k, (byte) '0');
        ByteBuffer.wrap(k).putLong(v);
        return k;
    }

    /**
     * The shortest separator of a and b (a &lt; b) as RocksDB's bytewise comparator finds it
     * (util/comparator.cc, {@code BytewiseComparatorImpl::FindShortestSeparator}), the oracle's own copy.
     */
    private static byte[] separator(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        int i = 0;
        while (i < n && a[i] == b[i]) {
            i++;
        }
        if (i >= n) {
            return a.clone();
        }
        int x = a[i] & 0xff;
        int y = b[i] & 0xff;
        if (x >= y) {
            return a.clone();
        }
        if (i < b.length - 1 || x + 1 < y) {
            byte[] s = Arrays.copyOf(a, i + 1);
            s[i]++;
            return s;
        }
        for (int j = i + 1; j < a.length; j++) {
            if ((a[j] & 0xff) < 0xff) {
                byte[] s = Arrays.copyOf(a, j + 1);
                s[j]++;
                return s;
            }
        }
        return a.clone();
    }

    private record File(List<byte[]> last, List<byte[]> separators, List<byte[]> next, long lo, long hi) {
    }

    /** A file of the key numbers drawn at {@code density} from [0, space), {@code perBlock} keys a block. */
    private static File file(long seed, int space, double density, int perBlock, boolean shorten) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Long> numbers = new ArrayList<>();
        for (long v = 0; v < space; v++) {
            if (random.nextDouble() < density) {
                numbers.add(v);
            }
        }
        List<byte[]> last = new ArrayList<>();
        List<byte[]> separators = new ArrayList<>();
        List<byte[]> next = new ArrayList<>();
        for (int end = perBlock; end < numbers.size(); end += perBlock) {
            byte[] l = key(numbers.get(end - 1), 16);
            byte[] f = key(numbers.get(end), 16);
            last.add(l);
            separators.add(shorten ? separator(l, f) : l);
            next.add(f);
        }
        return new File(last, separators, next, numbers.get(0), numbers.get(numbers.size() - 1));
    }

    /** The share of the key numbers in [lo, hi] whose 17-byte readmissing key falls in a gap (L, S]. */
    private static double counted(File f) {
        long inGaps = 0;
        for (long v = f.lo(); v <= f.hi(); v++) {
            byte[] probe = key(v, 17);
            for (int i = 0; i < f.last().size(); i++) {
                if (Arrays.compareUnsigned(probe, f.last().get(i)) > 0
                        && Arrays.compareUnsigned(probe, f.separators().get(i)) <= 0) {
                    inGaps++;
                    break;
                }
            }
        }
        return (double) inGaps / (f.hi() - f.lo() + 1);
    }

    private static double share(File f) {
        return SeparatorGaps.share(f.last(), f.separators(), f.next(), f.last().size(),
                key(f.lo(), 16), key(f.hi(), 16));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.03, 0.2, 0.63, 1.0})
    void dbBenchKeys_shareIsTheKeyNumbersWhoseReadmissingKeyFallsInAGap(double density) {
        File f = file(7, 40_000, density, 25, true);
        double counted = counted(f);
        assertTrue(counted > 0, "the file has gaps");
        assertEquals(counted, share(f), 1e-12 * counted);
    }

    @Test
    void sparseKeys_gapsReachTheNextByteBoundary_soTheShareExceedsOneKeyABlock() {
        File f = file(11, 200_000, 0.02, 25, true);
        double oneKeyABlock = (double) f.last().size() / (f.hi() - f.lo() + 1);
        assertTrue(share(f) > 2 * oneKeyABlock, share(f) + " vs " + oneKeyABlock);
        assertEquals(counted(f), share(f), 1e-12 * share(f));
    }

    @Test
    void unshortenedSeparators_noGap() {
        assertEquals(0.0, share(file(3, 20_000, 0.5, 25, false)));
    }

    @Test
    void sampledPairs_standForAllOfThem() {
        File f = file(5, 40_000, 0.5, 25, true);
        List<byte[]> last = new ArrayList<>();
        List<byte[]> separators = new ArrayList<>();
        List<byte[]> next = new ArrayList<>();
        for (int i = 0; i < f.last().size(); i += 2) {
            last.add(f.last().get(i));
            separators.add(f.separators().get(i));
            next.add(f.next().get(i));
        }
        double sampled = SeparatorGaps.share(last, separators, next, f.last().size(), key(f.lo(), 16), key(f.hi(), 16));
        assertEquals(share(f), sampled, 0.1 * share(f));
    }
}
