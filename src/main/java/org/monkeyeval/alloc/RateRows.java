package org.monkeyeval.alloc;

import java.lang.ref.SoftReference;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * Each run's rate and real size at every setting (a row of the deployable solvers' tables), computed a
 * batch of distinct runs at a time in parallel and handed over in run order.
 *
 * <p>A row depends on the run's entries and read path alone, through the families' pure rate and size
 * functions, so computing rows on several threads gives the same numbers as one thread; the caller adds
 * them into its groups in run order, one thread, so the sums are the same bits whatever the threads
 * (the one order that decides the rounding). Runs of equal size and read path next to each other (L0
 * files) share one row. At most {@link #BATCH} rows are held at once: 2 x 198,004 doubles each at
 * rocksdb-per-level, 25 MB for a batch.
 *
 * <p>Rows are kept once computed (softly: the collector may drop them when memory runs short), keyed by
 * the settings list ({@link DeployableChoice#union} hands out one list per list of families), the
 * entries, the read path and the share of present prefixes: a run priced again (the nominal and robust
 * solves of one case, another case with a run of the same size) takes its row from there. A row is a
 * pure function of its key, so a kept row is the same bits as one computed again.
 */
final class RateRows {

    /** Distinct rows computed together (and held at once). */
    static final int BATCH = 8;

    /** Receives run i's row; the arrays are reused after the call returns. */
    interface Consumer {
        void accept(int run, double[] fpr, double[] bits);
    }

    private RateRows() {
    }

    /** A row's key: the settings list by identity, the run's entries, read path and share of present prefixes. */
    private record Key(IdentityOf settings, long entries, boolean consulted, long presentShareBits) {
    }

    /** A list compared by identity (its elements are 198,004 settings at rocksdb-per-level). */
    private record IdentityOf(List<DeployableChoice> list) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IdentityOf other && other.list == list;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(list);
        }
    }

    /** One row, kept: rates and sizes over the settings (read, never written, by those who are handed it). */
    record Row(double[] fpr, double[] bits) {
    }

    private static final Map<Key, SoftReference<Row>> KEPT = new ConcurrentHashMap<>();

    /**
     * Calls {@code consumer} for every run in order with its rates ({@link ReadPath#rate}: 1 where the
     * filter is not read) and sizes over {@code settings}.
     */
    static void forEachRun(List<DeployableChoice> settings, long[] entries, boolean[] consulted, Consumer consumer) {
        forEachRun(settings, entries, consulted, new double[entries.length], consumer);
    }

    /**
     * As {@link #forEachRun(List, long[], boolean[], Consumer)}, each consulted run's rate s_i + (1 - s_i) p
     * ({@link ReadPath#rate(boolean, double, double)}) with s_i = {@code presentShare[i]}.
     */
    static void forEachRun(List<DeployableChoice> settings, long[] entries, boolean[] consulted, double[] presentShare,
                           Consumer consumer) {
        int runs = entries.length;
        int count = settings.size();
        int[] rowOf = new int[runs];
        int[] firstRun = new int[runs];
        int rows = 0;
        for (int i = 0; i < runs; i++) {
            if (i == 0 || entries[i] != entries[i - 1] || consulted[i] != consulted[i - 1]
                    || Double.compare(presentShare[i], presentShare[i - 1]) != 0) {
                firstRun[rows++] = i;
            }
            rowOf[i] = rows - 1;
        }
        double[][] fpr = new double[Math.min(BATCH, Math.max(rows, 1))][count];
        double[][] bits = new double[fpr.length][count];
        int run = 0;
        for (int from = 0; from < rows; from += BATCH) {
            int start = from;
            int to = Math.min(rows, from + BATCH);
            IntStream.range(start, to).parallel().forEach(r -> row(settings, entries[firstRun[r]],
                    consulted[firstRun[r]], presentShare[firstRun[r]], fpr[r - start], bits[r - start]));
            for (; run < runs && rowOf[run] < to; run++) {
                consumer.accept(run, fpr[rowOf[run] - start], bits[rowOf[run] - start]);
            }
        }
    }

    /**
     * A run's row over {@code settings} with its filter read and no present prefixes: the kept one, else
     * computed here and kept. The arrays are shared: read them, never write them.
     */
    static Row kept(List<DeployableChoice> settings, long entries) {
        Key key = new Key(new IdentityOf(settings), entries, true, Double.doubleToLongBits(0.0));
        Row kept = lookUp(key);
        if (kept == null) {
            double[] fpr = new double[settings.size()];
            double[] bits = new double[settings.size()];
            fill(settings, entries, true, 0.0, fpr, bits);
            kept = new Row(fpr, bits);
            KEPT.put(key, new SoftReference<>(kept));
        }
        return kept;
    }

    private static Row lookUp(Key key) {
        SoftReference<Row> ref = KEPT.get(key);
        return ref == null ? null : ref.get();
    }

    /** One run's row into {@code fpr} and {@code bits}: the kept one where there is one, else computed and kept. */
    private static void row(List<DeployableChoice> settings, long entries, boolean consulted, double presentShare,
                            double[] fpr, double[] bits) {
        Key key = new Key(new IdentityOf(settings), entries, consulted, Double.doubleToLongBits(presentShare));
        Row kept = lookUp(key);
        if (kept != null) {
            System.arraycopy(kept.fpr(), 0, fpr, 0, fpr.length);
            System.arraycopy(kept.bits(), 0, bits, 0, bits.length);
            return;
        }
        fill(settings, entries, consulted, presentShare, fpr, bits);
        KEPT.put(key, new SoftReference<>(new Row(fpr.clone(), bits.clone())));
    }

    /** One run's row: each setting's rate (s + (1 - s) p, or 1 where the filter is not read) and real size in bits. */
    private static void fill(List<DeployableChoice> settings, long entries, boolean consulted, double presentShare,
                             double[] fpr, double[] bits) {
        for (int s = 0; s < fpr.length; s++) {
            fpr[s] = ReadPath.rate(consulted, presentShare, settings.get(s).fpr(entries));
            bits[s] = settings.get(s).filterBits(entries);
        }
    }
}
