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
 * where p_f is the file's own filter at its real size and parameters
 * ({@link RocksDbFileFilter#fpr(long)} at the keys added to it). Since p is convex in the bits per
 * key, a level of 6- and 14-bit files has a higher rate than one whose files all have 10.
 *
 * <p>Where the case says the database is read with optimize_filters_for_hits, the runs of its last
 * non-empty level are priced at rate 1 whatever their files hold: RocksDB's Get does not consult their
 * filters ({@link ReadPath#today}).
 *
 * <p>A file whose filter holds only key prefixes ({@code whole_key_filtering=false} with a prefix
 * extractor) is refused ({@link CurrentCostException}): RocksDB then filters a whole-key lookup by
 * its prefix, and the rate depends on how many absent keys share a prefix with a stored key, which
 * a case does not say.
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
                fpr[i] = consulted[i] ? rate(lsmCase.id(), run, keyRanges, i) : 1.0;
            }
        }
        return Allocation.of(bits, fpr);
    }

    /**
     * p_run: the files' own rates weighted by their shares of the lookups that reach the run, from the
     * files' key ranges ({@link KeyRangeReach}: d_f / k_r) when the case gives them, else by their
     * shares of the run's entries.
     */
    static double rate(String caseId, Run run, KeyRangeReach keyRanges, int index) {
        double sum = 0.0;
        for (int j = 0; j < run.files().size(); j++) {
            RunFile f = run.files().get(j);
            if (f.prefixOnly()) {
                throw new CurrentCostException("case " + caseId + ": run " + (run.name() == null ? "" : run.name())
                        + " file " + f.name() + ": its filter holds only key prefixes (prefix extractor "
                        + f.prefixExtractor() + ", whole_key_filtering=0); a whole-key lookup's rate then depends"
                        + " on how many absent keys share a prefix with a stored key, which the case does not say,"
                        + " so current is not priced");
            }
            double p = new RocksDbFileFilter(f.family(), f.parameters(), f.filterBits()).fpr(f.rateEntries());
            double share = keyRanges == null ? (double) f.entries() / run.entries()
                    : keyRanges.fileShare(index, j) / keyRanges.runReach(index);
            sum += share * p;
        }
        return sum;
    }

    private static double filterBits(Run run) {
        double bits = 0;
        for (RunFile f : run.files()) {
            bits += f.filterBits();
        }
        return bits;
    }
}
