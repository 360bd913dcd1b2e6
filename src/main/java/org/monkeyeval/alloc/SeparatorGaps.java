package org.monkeyeval.alloc;

import java.util.Arrays;
import java.util.List;

/**
 * The share of a file's absent-key lookups that read a second data block: those whose key falls above a
 * block's last key and at or below its index separator.
 *
 * <p>RocksDB's point Get reads the block the index's first separator at or above the key points to; a
 * key above every key of that block ends it undecided ({@code SeekForGet}) and the next block is read too
 * (block_based_table_reader.cc, {@code BlockBasedTable::Get}). Separators are shortened
 * ({@code BytewiseComparatorImpl::FindShortestSeparator}: the first byte where the block's last key L and
 * the next block's first key F differ is incremented and the rest cut, unless that would reach F), so the
 * gap [L, S) runs from L to the end of the key space below S: L's own extensions always, and when L and F
 * differ before their last byte, every key up to the next boundary of that byte.
 *
 * <pre>
 *   keys placed on [0, 1) by their bytes after the prefix the file's smallest and largest keys share
 *   ({@link KeyRangeReach}'s position, 7 bytes); absent keys drawn evenly from the key space's slots,
 *   a slot every h, h the smallest step seen between consecutive keys at the blocks' boundaries
 *   (db_bench's readmissing: key numbers drawn evenly, each extended past its stored key):
 *     slots in gap i     s_i = max(1, ceil((pos(S_i) - pos(L_i)) / h))   (0 when S_i = L_i)
 *     slots in the file  m   = floor((pos(largest) - pos(smallest)) / h) + 1
 *     share              g   = min(1, (P / P_read) * sum_i s_i / m)
 * </pre>
 *
 * P pairs of consecutive blocks, P_read of them read (a large file's are sampled evenly). Without a step
 * (keys that differ only past the position bytes) the widths themselves are summed: g = sum_i w_i / width.
 * Lookups spread like the key space's slots meet the gaps in proportion to the slots they hold; lookups
 * drawn from the stored keys themselves (each extended) meet them more often where the key space is
 * sparsely filled, since every gap holds its stored key L.
 */
public final class SeparatorGaps {

    private SeparatorGaps() {
    }

    /**
     * g, the share of the file's key space where a Get reads two data blocks.
     *
     * @param last      each pair's first block's last user key
     * @param separator each pair's index separator (user key)
     * @param nextFirst each pair's second block's first user key
     * @param pairs     P, the file's pairs of consecutive blocks (at least those given)
     * @param smallest  the file's smallest user key
     * @param largest   the file's largest user key
     */
    public static double share(List<byte[]> last, List<byte[]> separator, List<byte[]> nextFirst, long pairs,
                               byte[] smallest, byte[] largest) {
        int read = last.size();
        if (read != separator.size() || read != nextFirst.size() || pairs < read) {
            throw new IllegalArgumentException(read + " last keys, " + separator.size() + " separators, "
                    + nextFirst.size() + " next keys of " + pairs + " pairs");
        }
        if (read == 0) {
            return 0.0;
        }
        int prefix = KeyRangeReach.sharedPrefix(List.of(smallest, largest));
        double lo = KeyRangeReach.position(smallest, prefix);
        double hi = KeyRangeReach.position(largest, prefix);
        if (!(hi > lo)) {
            return 0.0;
        }
        double step = Double.POSITIVE_INFINITY;
        for (int i = 0; i < read; i++) {
            double d = KeyRangeReach.position(nextFirst.get(i), prefix) - KeyRangeReach.position(last.get(i), prefix);
            if (d > 0) {
                step = Math.min(step, d);
            }
        }
        double gaps = 0.0;
        for (int i = 0; i < read; i++) {
            if (Arrays.compareUnsigned(separator.get(i), last.get(i)) <= 0) {
                continue; // not shortened: nothing lies above L and at or below S
            }
            double width = KeyRangeReach.position(separator.get(i), prefix) - KeyRangeReach.position(last.get(i), prefix);
            gaps += step == Double.POSITIVE_INFINITY ? width : Math.max(1.0, Math.ceil(width / step - 1e-9));
        }
        double space = step == Double.POSITIVE_INFINITY ? hi - lo : Math.floor((hi - lo) / step) + 1.0;
        return Math.min(1.0, (double) pairs / read * gaps / space);
    }
}
