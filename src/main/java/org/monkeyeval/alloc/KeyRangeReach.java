package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;

/**
 * The share of absent-key lookups that reach each file and each run of an imported database, from
 * the files' key ranges.
 *
 * <p>RocksDB asks a file's filter only for a key inside the file's key range: in L0 every file whose
 * range holds the key, in a deeper level the one file whose range holds it, none when the key falls
 * between two files (db/version_set.cc, FilePicker::GetNextFile: the smallest and largest user keys
 * are compared before the table is read). A run whose files cover part of the key space is therefore
 * reached by part of the lookups, and a lookup meets the sum over the runs it reaches, not over all.
 *
 * <pre>
 *   lookups are drawn like the stored keys, each user key once; a file's keys are spread evenly over its
 *   key range, each key placed on [0, 1) by its bytes after the prefix all files share (big-endian, 7 bytes):
 *     mass(a, b) = (1 / N) sum over files g of u_g * |[a, b] and [lo_g, hi_g]| / (hi_g - lo_g)
 *                  (a file of one key: u_g when lo_g lies in [a, b]),   N = sum over files g of u_g
 *     u_g = n_g * v_g: the file's entries that are their key's newest version (v_g its newestShare, 1 when
 *           not known), so a key stored in several runs (overwritten, its older versions not yet compacted
 *           away) is counted once
 *   share of lookups reaching file f:   d_f = mass(lo_f, hi_f)
 *   reach of run r:                     k_r = sum over its files f of d_f    (at most 1)
 *   the run's rate as a lookup meets it: sum over f of (d_f / k_r) p_f, and k_r multiplies its weight
 *   data blocks read per positive:      m_r = sum over f of (d_f / k_r) (1 + g_f), which multiplies it too
 * </pre>
 *
 * g_f is the share of file f's key space where a Get reads a second data block ({@link SeparatorGaps}).
 * Taking m_r apart from the run's rate is exact when the run's files share one rate or one g_f, and close
 * otherwise (g_f is a percent or so).
 *
 * With random keys (db_bench fillrandom) every file of a level spans its share of the whole key space,
 * every k_r is about 1 and d_f / k_r about the file's share of the level's entries; with keys written
 * in order (a time series), a level holding only old keys is reached by few lookups. The even spread
 * within a file is the model's assumption; {@code measure} draws its absent keys from the stored keys as an
 * iterator meets them, each user key once, as assumed here.
 *
 * <p>Counting every entry instead (n_g for u_g) weighs the key ranges where levels overlap too much, for
 * there the levels hold versions of the same keys: on the 48-byte-key db_bench database of the tests
 * ({@code DbBenchDatabases.Database.LONG_KEYS_10}: 300,000 random writes over
 * 300,000 key numbers (221,169 entries, 189,491 distinct keys), whose L1 and L2 each cover part of the key
 * space, it put 0.693 and 0.541 of the lookups in their ranges against the 0.683 and 0.524 of the key numbers
 * that lie there; counting each key once, 0.683 and 0.525.
 *
 * <p>A case whose files do not all carry their key ranges has no key-range reach ({@link #of} gives
 * null): every run is then taken to be reached by every lookup, as for a case without files.
 */
public final class KeyRangeReach {

    /** Bytes of a key, after the shared prefix, that place it on [0, 1) (7 bytes fit a double exactly). */
    static final int POSITION_BYTES = 7;

    private final double[][] fileShare;
    private final double[] runReach;
    private final double[] blocksPerPositive;

    private KeyRangeReach(double[][] fileShare, double[] runReach, double[] blocksPerPositive) {
        this.fileShare = fileShare;
        this.runReach = runReach;
        this.blocksPerPositive = blocksPerPositive;
    }

    /** The reach of every run and file of {@code lsmCase}, or null when some run lacks files with key ranges. */
    public static KeyRangeReach of(LsmCase lsmCase) {
        List<Run> runs = lsmCase.runs();
        List<byte[]> bounds = new ArrayList<>();
        for (Run run : runs) {
            if (run.files().isEmpty()) {
                return null;
            }
            for (RunFile f : run.files()) {
                if (f.smallestKey() == null || f.largestKey() == null) {
                    return null;
                }
                bounds.add(HexFormat.of().parseHex(f.smallestKey()));
                bounds.add(HexFormat.of().parseHex(f.largestKey()));
            }
        }
        int prefix = sharedPrefix(bounds);
        int files = bounds.size() / 2;
        double[] lo = new double[files];
        double[] hi = new double[files];
        double[] n = new double[files];
        double total = 0.0;
        int at = 0;
        for (Run run : runs) {
            for (RunFile f : run.files()) {
                lo[at] = position(bounds.get(2 * at), prefix);
                hi[at] = Math.max(lo[at], position(bounds.get(2 * at + 1), prefix));
                n[at] = f.newestEntries();
                total += n[at];
                at++;
            }
        }
        if (!(total > 0.0)) {
            return null; // no file holds a key no newer file holds: nothing to spread lookups by
        }
        double[][] share = new double[runs.size()][];
        double[] reach = new double[runs.size()];
        double[] blocks = new double[runs.size()];
        at = 0;
        for (int r = 0; r < runs.size(); r++) {
            List<RunFile> runFiles = runs.get(r).files();
            share[r] = new double[runFiles.size()];
            double weighted = 0.0;
            for (int j = 0; j < runFiles.size(); j++, at++) {
                share[r][j] = mass(lo[at], hi[at], lo, hi, n) / total;
                reach[r] += share[r][j];
                weighted += share[r][j] * runFiles.get(j).blocksPerPositive();
            }
            blocks[r] = reach[r] > 0.0 ? weighted / reach[r] : 1.0;
            reach[r] = Math.min(1.0, reach[r]);
        }
        return new KeyRangeReach(share, reach, blocks);
    }

    /** k_r: the share of lookups whose key lies in one of run r's files' ranges. */
    public double runReach(int run) {
        return runReach[run];
    }

    /**
     * m_r = sum over run r's files f of (d_f / k_r) (1 + g_f): the data blocks a Get reads in the run when
     * the filter passes its key, g_f the file's separator gap share ({@link SeparatorGaps}; 0 when not known).
     */
    public double blocksPerPositive(int run) {
        return blocksPerPositive[run];
    }

    /** d_f: the share of lookups whose key lies in file {@code file} (in the run's order) of run {@code run}. */
    public double fileShare(int run, int file) {
        return fileShare[run][file];
    }

    /** The mass of the even-spread mixture of the files (lo, hi, n) within [a, b], in keys. */
    static double mass(double a, double b, double[] lo, double[] hi, double[] n) {
        double sum = 0.0;
        for (int g = 0; g < lo.length; g++) {
            if (hi[g] == lo[g]) {
                if (lo[g] >= a && lo[g] <= b) {
                    sum += n[g];
                }
                continue;
            }
            double overlap = Math.min(b, hi[g]) - Math.max(a, lo[g]);
            if (overlap > 0) {
                sum += n[g] * overlap / (hi[g] - lo[g]);
            }
        }
        return sum;
    }

    /** Bytes every key shares at its start (the shortest key's length at most). */
    static int sharedPrefix(List<byte[]> keys) {
        byte[] first = keys.get(0);
        int p = first.length;
        for (byte[] k : keys) {
            int i = 0;
            while (i < p && i < k.length && k[i] == first[i]) {
                i++;
            }
            p = i;
        }
        return p;
    }

    /** The key's bytes after {@code prefix} as a big-endian fraction in [0, 1), missing bytes read as 0. */
    static double position(byte[] key, int prefix) {
        long v = 0;
        for (int i = 0; i < POSITION_BYTES; i++) {
            int at = prefix + i;
            v = (v << 8) | (at < key.length ? key[at] & 0xff : 0);
        }
        return Math.scalb((double) v, -8 * POSITION_BYTES);
    }
}
