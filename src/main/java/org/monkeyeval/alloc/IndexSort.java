package org.monkeyeval.alloc;

/**
 * Sorts run indices by (key, entries, index) ascending without boxing: a bottom-up merge sort over
 * {@code int[]}, stable, O(r log r), so that a case of a million runs sorts in tens of milliseconds.
 */
final class IndexSort {

    private IndexSort() {
    }

    /**
     * @param indices the indices to order (modified in place)
     * @param key     the primary key of each index
     * @param entries the secondary key of each index
     */
    static void sort(int[] indices, double[] key, long[] entries) {
        int length = indices.length;
        int[] from = indices;
        int[] to = new int[length];
        for (int width = 1; width < length; width *= 2) {
            for (int low = 0; low < length; low += 2 * width) {
                int middle = Math.min(low + width, length);
                int high = Math.min(low + 2 * width, length);
                int i = low;
                int j = middle;
                int k = low;
                while (i < middle && j < high) {
                    to[k++] = before(from[j], from[i], key, entries) ? from[j++] : from[i++];
                }
                while (i < middle) {
                    to[k++] = from[i++];
                }
                while (j < high) {
                    to[k++] = from[j++];
                }
            }
            int[] swap = from;
            from = to;
            to = swap;
        }
        if (from != indices) {
            System.arraycopy(from, 0, indices, 0, length);
        }
    }

    /** Whether index a sorts strictly before index b. */
    private static boolean before(int a, int b, double[] key, long[] entries) {
        int byKey = Double.compare(key[a], key[b]);
        if (byKey != 0) {
            return byKey < 0;
        }
        if (entries[a] != entries[b]) {
            return entries[a] < entries[b];
        }
        return a < b;
    }
}
