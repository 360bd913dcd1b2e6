package org.monkeyeval.alloc;

import java.util.Arrays;

/**
 * Sorts run indices by (key, entries, index) ascending without boxing, in O(r): a stable
 * least-significant-digit radix sort on the key's bits, 8 bits a pass (passes where every key has the
 * same byte are skipped), then, inside each group of equal keys (already in index order, the sort
 * being stable), a stable insertion sort by entries. Equal keys with unequal entries are rare (two
 * entry counts whose logarithms round to one double), so that last step costs nothing in practice.
 * A million runs sort in tens of milliseconds, without the cache misses of a comparison sort that
 * looks keys up by index.
 */
final class IndexSort {

    private static final int RADIX_BITS = 8;
    private static final int BUCKETS = 1 << RADIX_BITS;

    private IndexSort() {
    }

    /**
     * @param indices the indices to order, in ascending index order (modified in place)
     * @param key     the primary key of each index; no NaN
     * @param entries the secondary key of each index
     */
    static void sort(int[] indices, double[] key, long[] entries) {
        sort(indices, key, (index, from, to) -> byEntries(index, from, to, entries));
    }

    /**
     * Sorts indices by (key, secondary, index) ascending, both keys in {@link Double#compare}'s order:
     * a group's settings by size, then cost (many RocksDB millibit settings share a size).
     *
     * @param indices   the indices to order, in ascending index order (modified in place)
     * @param key       the primary key of each index; no NaN
     * @param secondary the secondary key of each index; no NaN
     */
    static void sort(int[] indices, double[] key, double[] secondary) {
        sort(indices, key, (index, from, to) -> bySecondary(index, from, to, secondary));
    }

    /** Orders index[from, to), a run of equal primary keys in index order, by the secondary key. */
    private interface Ties {
        void order(int[] index, int from, int to);
    }

    private static void sort(int[] indices, double[] key, Ties ties) {
        int length = indices.length;
        long[] bits = new long[length];
        for (int i = 0; i < length; i++) {
            bits[i] = sortable(key[indices[i]]);
        }
        int[] index = indices;
        int[] indexTo = new int[length];
        long[] bitsTo = new long[length];
        int[] count = new int[BUCKETS + 1];
        for (int shift = 0; shift < Long.SIZE; shift += RADIX_BITS) {
            Arrays.fill(count, 0);
            for (int i = 0; i < length; i++) {
                count[(int) (bits[i] >>> shift) & (BUCKETS - 1)] += 1;
            }
            if (allInOneBucket(count, length)) {
                continue;
            }
            int start = 0;
            for (int b = 0; b < BUCKETS; b++) {
                int c = count[b];
                count[b] = start;
                start += c;
            }
            for (int i = 0; i < length; i++) {
                int slot = count[(int) (bits[i] >>> shift) & (BUCKETS - 1)]++;
                indexTo[slot] = index[i];
                bitsTo[slot] = bits[i];
            }
            int[] swapIndex = index;
            index = indexTo;
            indexTo = swapIndex;
            long[] swapBits = bits;
            bits = bitsTo;
            bitsTo = swapBits;
        }
        int from = 0;
        while (from < length) {
            int to = from + 1;
            while (to < length && bits[to] == bits[from]) {
                to++;
            }
            if (to - from > 1) {
                ties.order(index, from, to);
            }
            from = to;
        }
        if (index != indices) {
            System.arraycopy(index, 0, indices, 0, length);
        }
    }

    /**
     * The bits of a double as a long whose signed order is {@link Double#compare}'s order (negative
     * numbers with all but the sign bit flipped; -0.0 before 0.0), then with the sign bit flipped so
     * that unsigned byte passes sort it.
     */
    static long sortable(double value) {
        long raw = Double.doubleToLongBits(value);
        long signed = raw < 0 ? raw ^ Long.MAX_VALUE : raw;
        return signed ^ Long.MIN_VALUE;
    }

    private static boolean allInOneBucket(int[] count, int length) {
        for (int b = 0; b < BUCKETS; b++) {
            if (count[b] != 0) {
                return count[b] == length;
            }
        }
        return true;
    }

    /** Stable insertion sort of index[from, to) by entries (ties keep index order). */
    private static void byEntries(int[] index, int from, int to, long[] entries) {
        for (int i = from + 1; i < to; i++) {
            int moving = index[i];
            int j = i - 1;
            while (j >= from && entries[index[j]] > entries[moving]) {
                index[j + 1] = index[j];
                j--;
            }
            index[j + 1] = moving;
        }
    }

    /**
     * Stable sort of index[from, to) by the secondary key (ties keep index order): insertion below 32,
     * merge sort above (a small run's settings share one size by the thousand: its filter's cache lines).
     */
    static void bySecondary(int[] index, int from, int to, double[] secondary) {
        if (to - from <= 32) {
            for (int i = from + 1; i < to; i++) {
                int moving = index[i];
                int j = i - 1;
                while (j >= from && Double.compare(secondary[index[j]], secondary[moving]) > 0) {
                    index[j + 1] = index[j];
                    j--;
                }
                index[j + 1] = moving;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        bySecondary(index, from, mid, secondary);
        bySecondary(index, mid, to, secondary);
        int[] left = java.util.Arrays.copyOfRange(index, from, mid);
        int i = 0;
        int j = mid;
        int k = from;
        while (i < left.length && j < to) {
            index[k++] = Double.compare(secondary[index[j]], secondary[left[i]]) < 0 ? index[j++] : left[i++];
        }
        while (i < left.length) {
            index[k++] = left[i++];
        }
    }
}
