package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.rocksdb.RocksDbFileFilter;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;

/**
 * The allocation a case has today ({@code current}), priced on the filters the engine really holds
 * when the case lists its runs' files, else on the ideal curve from currentBitsPerEntry as before.
 *
 * <p>A run's rate is the rate an absent-key lookup meets in it. An L0 file is a run of its own. A
 * level holds files of disjoint key ranges and a lookup probes the one file whose range holds its
 * key; absent keys are taken to be drawn like the present keys, so that the share of the run's
 * lookups landing in a file is d_f / k_r from the files' key ranges ({@link KeyRangeReach}), or,
 * without key ranges, its share of the level's entries:
 *
 * <pre>
 *   p_run = sum over the run's files f of (d_f / k_r) * p_f      (or (n_f / n_run) * p_f)
 * </pre>
 *
 * and the run's weight in the cost carries k_r ({@link LookupWeights}).
 *
 * where p_f is the rate of the file's own filter: from its own bits where the case gives it (filterRate:
 * import writes it for fast local Bloom filters, {@link RocksDbFileFilter#builtRate}), else its family's rate
 * at its real size and parameters ({@link RocksDbFileFilter#fpr(long)} at the keys added to it). Since p is convex in the bits per
 * key, a level of 6- and 14-bit files has a higher rate than one whose files all have 10.
 *
 * <p>Where the case says the database is read with optimize_filters_for_hits, the runs of its last
 * non-empty level are priced at rate 1 whatever their files hold: RocksDB's Get does not consult their
 * filters ({@link ReadPath#today}).
 *
 * <p>Which filter a Get checks in each file, and so its p_f ({@link ReadPath#fileCheck}, RocksDB's
 * {@code BlockBasedTable::FullFilterKeyMayMatch}):
 *
 * <pre>
 *   WHOLE_KEY  p_f = fpr_f(e_f)        the filter's rate at e_f, everything it holds (filterEntries: the
 *                                      keys, and their prefixes when written with a prefix extractor too)
 *   PREFIX     p_f = s_f + (1 - s_f) fpr_f(e_f)     e_f the distinct prefixes it holds; an absent key
 *                                      whose prefix the file holds passes the filter and reads the block
 *   NONE       p_f = 1                 a prefix-only filter read with another (or no) prefix extractor
 * </pre>
 *
 * s_f is the share of the absent-key lookups reaching f whose prefix f holds. The case gives q, the share
 * of absent keys whose prefix the database holds (workload.presentPrefixShare, default 0: every absent
 * key's prefix absent too); such a prefix is taken to be held by one file, file f with probability
 * l_f = e_f / E, its share of the case's filter entries (as a found key's run is drawn by entries), so
 * that of the lookups reaching f (d_f, or without key ranges its share of the run's keys) a share
 *
 * <pre>
 *   s_f = min(1, q l_f / d_f)
 * </pre>
 *
 * find their prefix there ({@link #presentPrefixShare}). A prefix that several files hold (an L0 file and
 * a deeper level's) reads each of them; this counts one.
 */
final class CurrentFilters {

    private CurrentFilters() {
    }

    /** The current allocation, or null when the case gives neither currentBitsPerEntry nor files. */
    static Allocation of(LsmCase lsmCase) {
        return of(lsmCase, KeyRangeReach.of(lsmCase));
    }

    /** As {@link #of(LsmCase)} with the case's key-range reach already found ({@link KeyRangeReach#of}). */
    static Allocation of(LsmCase lsmCase, KeyRangeReach keyRanges) {
        List<Run> runs = lsmCase.runs();
        if (runs.get(0).currentBitsPerEntry() == null && runs.stream().allMatch(r -> r.files().isEmpty())) {
            return null;
        }
        double[] bits = new double[runs.size()];
        double[] fpr = new double[runs.size()];
        boolean[] consulted = ReadPath.today(lsmCase);
        for (int i = 0; i < bits.length; i++) {
            Run run = runs.get(i);
            if (run.files().isEmpty()) {
                bits[i] = run.currentBitsPerEntry();
                fpr[i] = ReadPath.rate(consulted[i], MonkeyModel.idealFpr(bits[i]));
            } else {
                bits[i] = run.currentBitsPerEntry() != null ? run.currentBitsPerEntry() : filterBits(run) / run.entries();
                fpr[i] = consulted[i] ? rate(lsmCase, run, keyRanges, i) : 1.0;
            }
        }
        return Allocation.of(bits, fpr);
    }

    /**
     * p_run: the files' own rates weighted by their shares of the lookups that reach the run, from the
     * files' key ranges ({@link KeyRangeReach}: d_f / k_r) when the case gives them, else by their
     * shares of the run's keys; each file's rate as its Get checks it (class comment).
     */
    static double rate(LsmCase lsmCase, Run run, KeyRangeReach keyRanges, int index) {
        long keys = 0;
        for (RunFile f : run.files()) {
            keys += f.entries();
        }
        double sum = 0.0;
        for (int j = 0; j < run.files().size(); j++) {
            RunFile f = run.files().get(j);
            double share = keyRanges == null ? (double) f.entries() / keys
                    : keyRanges.fileShare(index, j) / keyRanges.runReach(index);
            double reached = keyRanges == null ? share : keyRanges.fileShare(index, j);
            sum += share * fileRate(lsmCase, f, reached);
        }
        return sum;
    }

    /** p_f: the rate an absent key reaching file {@code f} (a share {@code reached} of all lookups) meets. */
    static double fileRate(LsmCase lsmCase, RunFile f, double reached) {
        ReadPath.FileCheck check = ReadPath.fileCheck(f, lsmCase.rocksdb());
        if (check == ReadPath.FileCheck.NONE) {
            return 1.0;
        }
        double p = f.filterRate() != null ? f.filterRate()
                : new RocksDbFileFilter(f.family(), f.parameters(), f.filterBits()).fpr(f.rateEntries());
        if (check == ReadPath.FileCheck.WHOLE_KEY) {
            return p;
        }
        double located = (double) f.allocationEntries() / lsmCase.totalEntries().doubleValue();
        return prefixFilterRate(p, presentPrefixShare(lsmCase.presentPrefixShare(), located, reached));
    }

    /**
     * s_f = min(1, q l_f / d_f): of the absent-key lookups reaching a file (a share {@code reached} of all),
     * those whose prefix it holds, when a share q of absent keys have a prefix the database holds and the
     * file holds a share {@code located} of the database's prefixes.
     */
    static double presentPrefixShare(double q, double located, double reached) {
        if (q == 0.0) { // exact on purpose: the default, absent prefixes, whatever the file's reach
            return 0.0;
        }
        // a file no lookup reaches weighs nothing; its lookups, were there any, would all hold the prefix
        return reached <= 0.0 ? 1.0 : Math.min(1.0, q * located / reached);
    }

    /**
     * p = s + (1 - s) fpr: a point Get checks the key's prefix (RocksDB 7.8.3 block_based_table_reader.cc,
     * {@code FullFilterKeyMayMatch}: {@code filter->PrefixMayMatch(prefix_extractor->Transform(key))}); a
     * prefix the file holds always matches and the block is read, an absent prefix matches at the filter's
     * rate over the prefixes it holds.
     */
    static double prefixFilterRate(double fpr, double presentShare) {
        return presentShare + (1.0 - presentShare) * fpr;
    }

    private static double filterBits(Run run) {
        double bits = 0;
        for (RunFile f : run.files()) {
            bits += f.filterBits();
        }
        return bits;
    }
}
