package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.Workload;

/**
 * How often a lookup probes each run's filter without being answered there, a_i, and the share v of
 * lookups that find their key.
 *
 * <pre>
 * Runs in probe order (newest first), n_i entries, N = sum n_i.
 *   zero-result share z, v = 1 - z, present keys uniform over the stored entries:
 *     a_i = z + v * (sum_{j after i} n_j) / N
 *     (an absent key passes every run; a present key passes the runs newer than the one holding it)
 *   measured lookups L_i:  a_i = L_i / max_j L_j   (the busiest run counts 1; v unknown)
 *   runs given with their files' key ranges (an imported database): a_i times k_i, the share of
 *     lookups whose key lies in the run's files, and times m_i, the data blocks a Get reads there when
 *     the filter passes it (1 + the files' separator gap share; {@link KeyRangeReach})
 *
 *   expected run reads per lookup:  cost = sum_i a_i p_i + v
 *   (the false positives of the runs passed, plus the one read of the run that holds a found key)
 * </pre>
 *
 * Monkey (Dayan, Athanassoulis, Idreos, SIGMOD 2017) treats zero- and non-zero-result lookups in its
 * cost model (section 3); Mnemosyne (access-weighted per-file bits) and Endure (Huynh et al., VLDB 2022)
 * weight runs by the lookups that reach them. With z = 1 every a_i is exactly 1 and the cost is R.
 *
 * @param reach      a_i in probe order, each &gt;= 0 (in [0, 1] but for m_i)
 * @param foundShare v, or NaN when the case gives measured lookups (v unknown; the cost omits it)
 */
public record LookupWeights(double[] reach, double foundShare) {

    public LookupWeights {
        reach = reach.clone();
    }

    @Override
    public double[] reach() {
        return reach.clone();
    }

    /** a_i of one run. */
    public double reach(int run) {
        return reach[run];
    }

    /** Whether v is known (false for measured per-run lookups). */
    public boolean foundShareKnown() {
        return !Double.isNaN(foundShare);
    }

    /** Every run reached by every lookup: a_i = 1, v = 0 (all lookups for absent keys). */
    public boolean allAbsent() {
        if (foundShare != 0.0) {
            return false;
        }
        for (double a : reach) {
            if (a != 1.0) {
                return false;
            }
        }
        return true;
    }

    /** The weights of a case, from its workload. */
    public static LookupWeights of(LsmCase lsmCase) {
        return of(lsmCase, KeyRangeReach.of(lsmCase));
    }

    /** As {@link #of(LsmCase)} with the case's key-range reach already found ({@link KeyRangeReach#of}). */
    static LookupWeights of(LsmCase lsmCase, KeyRangeReach keyRanges) {
        int r = lsmCase.runs().size();
        double[] a = new double[r];
        if (lsmCase.workload() instanceof Workload.MeasuredLookups) {
            double busiest = 0.0;
            for (Run run : lsmCase.runs()) {
                busiest = Math.max(busiest, run.lookups());
            }
            for (int i = 0; i < r; i++) {
                a[i] = lsmCase.runs().get(i).lookups() / busiest;
            }
            return new LookupWeights(a, Double.NaN);
        }
        Workload.ZeroResultShare z = (Workload.ZeroResultShare) lsmCase.workload();
        LookupWeights byShare = ofZeroResultShare(lsmCase.entries(), lsmCase.totalEntries().doubleValue(), z.share());
        return keyRanges == null ? byShare : byShare.withinKeyRanges(keyRanges);
    }

    /**
     * These weights with each a_i multiplied by k_i, the share of lookups whose key lies in run i's key
     * ranges ({@link KeyRangeReach}): a lookup outside a run's files asks none of its filters; and by m_i,
     * the data blocks a positive reads in the run (a second one where the key falls between a block's last
     * key and its index separator). For present-key lookups this takes the key ranges to thin both terms of
     * a_i alike (an approximation; exact for absent keys, z = 1).
     */
    LookupWeights withinKeyRanges(KeyRangeReach keyRanges) {
        double[] a = reach.clone();
        for (int i = 0; i < a.length; i++) {
            a[i] *= keyRanges.runReach(i) * keyRanges.blocksPerPositive(i);
        }
        return new LookupWeights(a, foundShare);
    }

    /**
     * a_i = z + v * (sum_{j after i} n_j) / N for runs in probe order.
     *
     * @param entries      n_i in probe order
     * @param totalEntries N
     * @param share        z in [0, 1]
     */
    public static LookupWeights ofZeroResultShare(long[] entries, double totalEntries, double share) {
        double v = 1.0 - share;
        double[] a = new double[entries.length];
        double after = 0.0; // sum of n_j over the runs older than i
        for (int i = entries.length - 1; i >= 0; i--) {
            a[i] = share + v * (after / totalEntries);
            after += entries[i];
        }
        return new LookupWeights(a, v);
    }

    /** cost = sum a_i p_i (+ v when known) of an allocation. */
    public double cost(Allocation allocation) {
        if (allAbsent()) {
            return allocation.expectedProbes(); // a_i = 1, v = 0: the same terms in the same order
        }
        double[] terms = new double[allocation.runs()];
        for (int i = 0; i < terms.length; i++) {
            terms[i] = reach[i] * allocation.fpr(i);
        }
        return sum(terms);
    }

    /** cost = sum a_i p_i (+ v when known), summed in ascending order so the run order cannot move it. */
    public double cost(double[] fpr) {
        double[] terms = new double[fpr.length];
        for (int i = 0; i < terms.length; i++) {
            terms[i] = reach[i] * fpr[i];
        }
        return sum(terms);
    }

    private double sum(double[] terms) {
        double sum = Allocation.orderFreeSum(terms);
        return foundShareKnown() ? sum + foundShare : sum;
    }
}
