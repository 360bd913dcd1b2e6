package org.monkeyeval.alloc;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;

/**
 * Each run's rate and real size at every setting (a row of the deployable solvers' tables), handed over in
 * run order, the families' rows they are made of computed for the distinct runs in parallel.
 *
 * <p>A row depends on the run's entries and read path alone, through the families' pure rate and size
 * functions, so computing rows on several threads gives the same numbers as one thread; the caller adds
 * them into its groups in run order, one thread, so the sums are the same bits whatever the threads
 * (the one order that decides the rounding). Runs of equal size and read path next to each other (L0
 * files) share one row. One row is handed over at a time, in the same two arrays (2 x 198,004 doubles at
 * rocksdb-per-level).
 *
 * <p>A row is put together from its families' rows: each family's rate and size at every one of its settings
 * over n keys ({@link FilterFamily#rowOfSettings}), kept once computed, whole or as its rates ({@link #keep}: the
 * costly rows strongly up to a share of the heap, the others softly), keyed by the family and the entries. A settings
 * list ({@link DeployableChoice#union} hands out one list per list of families) holds its families' own settings,
 * so a run priced again (the
 * nominal and robust solves of one case, the anchors, another case with a run of the same size) and a family
 * in several lists (RocksDB's Bloom filter at rocksdb, at rocksdb-per-level and in rocksdb-ribbon's pairs) take
 * their values from there. A kept row is a pure function of its key, so it is the same bits as one computed
 * again; the read path's rate ({@link ReadPath#rate}) is applied as the list's row is put together.
 */
final class RateRows {

    /** Receives run i's row; the arrays are reused after the call returns. */
    interface Consumer {
        void accept(int run, double[] fpr, double[] bits);
    }

    private RateRows() {
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

    /** One row: rates and sizes over the settings (read, never written, by those who are handed it). */
    record Row(double[] fpr, double[] bits) {
    }

    /**
     * A family's values over its settings as they are held: a kept row's pieces ({@link Pieces}), read where they
     * lie, or one whole array just computed. {@code shift} is log2 of the pieces' length (31 for a whole array).
     */
    private record Column(double[][] pieces, int shift) {

        static Column whole(double[] values) {
            return new Column(new double[][] {values}, 31);
        }

        static Column inPieces(double[][] pieces) {
            return new Column(pieces, Integer.numberOfTrailingZeros(PIECE));
        }

        /** The values at settings [from, from + length), each s + (1 - s) p ({@link ReadPath#rate}), into to[at..]. */
        void ratesTo(int from, double[] to, int at, int length, double presentShare) {
            copyTo(from, to, at, length);
            for (int t = at; t < at + length; t++) {
                to[t] = ReadPath.rate(true, presentShare, to[t]);
            }
        }

        /** The values at settings [from, from + length), as they are, into to[at..]. */
        void copyTo(int from, double[] to, int at, int length) {
            int mask = (1 << shift) - 1;
            while (length > 0) {
                double[] piece = pieces[from >>> shift];
                int offset = from & mask;
                int n = Math.min(length, piece.length - offset);
                System.arraycopy(piece, offset, to, at, n);
                from += n;
                at += n;
                length -= n;
            }
        }

        /** The values whole, in a fresh array where they are in pieces. */
        double[] whole(int count) {
            if (pieces.length == 1 && pieces[0].length == count) {
                return pieces[0];
            }
            double[] values = new double[count];
            copyTo(0, values, 0, count);
            return values;
        }
    }

    /** A family's rates and sizes over its settings, as held ({@link Column}). */
    private record Columns(Column fpr, Column bits) {
    }

    /** A family's row over n keys. */
    private record FamilyKey(FilterFamily family, long entries) {
    }

    /**
     * The kept rows: a family's rates and sizes, or its rates alone (sizes null) where its sizes cost a small part of
     * its rates ({@link #keep}).
     */
    private static final Map<FamilyKey, KeptRow> KEPT = new ConcurrentHashMap<>();

    /** Settings a family may have for its whole rows (rates and sizes) to be kept without counting them. */
    static final int KEPT_WHOLE_SETTINGS = 8192;

    /** The most bytes the rates held alone ({@link #keep}) hold strongly: a fifth of the heap, 205 MB at -Xmx1g. */
    static final long HELD_RATES_BYTES = Runtime.getRuntime().maxMemory() / 5;

    /** The most bytes the whole rows of large families hold ({@link #keep}): a sixteenth of the heap, 64 MB at 1 GB. */
    static final long HELD_WHOLE_BYTES = Runtime.getRuntime().maxMemory() / 16;

    /** Bytes the rates held alone hold now. */
    private static final AtomicLong HELD_RATES = new AtomicLong();

    /** Bytes the whole rows of large families hold now. */
    private static final AtomicLong HELD_WHOLE = new AtomicLong();

    private static final ReferenceQueue<Pieces> CLEARED = new ReferenceQueue<>();

    /** Doubles in each piece of a kept row: 256 kB, below half of G1's smallest region (1 MB). */
    static final int PIECE = 1 << 15;

    /**
     * A kept row in pieces of at most {@link #PIECE} doubles (its sizes null where its rates alone are kept). A whole
     * row of 99,002 doubles is above half a region of G1 at -Xmx1g, so it is allocated apart, in regions of its own
     * that a collection does not move: hundreds of them kept for the life of a run leave the free regions scattered
     * between them, where a search's layer columns of several megabytes need regions side by side. Robust solves of
     * 200 random runs in 64 levels at 16 bits per entry, seeds 201 then 202 in one JVM, ran out of the heap, the second
     * of which alone held some 500 MB live (`jmap -histo:live`); with regions of 2 MB, where a row is an ordinary
     * object, both solved, and so they do with rows in pieces, which a collection compacts. The pieces are read where
     * they lie ({@link Column}): joined into whole arrays again, a robust solve of 200 random runs made some 200 such
     * arrays a solve to read its kept rows.
     */
    private record Pieces(double[][] fpr, double[][] bits) {

        static Pieces of(Row row) {
            return new Pieces(split(row.fpr()), row.bits() == null ? null : split(row.bits()));
        }

        private static double[][] split(double[] values) {
            double[][] pieces = new double[(values.length + PIECE - 1) / PIECE][];
            for (int p = 0; p < pieces.length; p++) {
                pieces[p] = Arrays.copyOfRange(values, p * PIECE, Math.min(values.length, (p + 1) * PIECE));
            }
            return pieces;
        }
    }

    /**
     * A kept row: held strongly ({@code held}) where it counts against a budget of {@link #keep}, else softly (the
     * collector may drop it; its key then goes, {@link #release}).
     */
    private static final class KeptRow extends SoftReference<Pieces> {
        final FamilyKey key;
        final Pieces held;

        KeptRow(FamilyKey key, Pieces row, boolean strongly) {
            super(row, CLEARED);
            this.key = key;
            this.held = strongly ? row : null;
        }

        /** The row's pieces, or null where it was held softly and the collector dropped it. */
        Pieces row() {
            return held != null ? held : get();
        }
    }

    /**
     * Keeps a row just computed, as much of it as pays:
     * <ul>
     *   <li>the whole row, softly, where the family has few settings ({@link #KEPT_WHOLE_SETTINGS});</li>
     *   <li>its rates alone where its sizes cost a small part of them ({@link FilterFamily#sizesCheap}: RocksDB's Bloom
     *   filter, 19 ms a row of 99,002 settings against 0.3 ms for its sizes): strongly while such rates hold at most
     *   {@link #HELD_RATES_BYTES}, softly beyond;</li>
     *   <li>a large row whose sizes cost as much as its rates (Ribbon's, 3 ms, its sizes half of that) whole and
     *   strongly while such rows hold at most {@link #HELD_WHOLE_BYTES}, else not at all.</li>
     * </ul>
     * The costly rows are held strongly because the collector drops softly held rows exactly when a search beside them
     * fills the heap: at -Xmx1g, 200 sizes of run at rocksdb-per-level keep 158 MB of Bloom rates and 64 MB of Ribbon
     * rows; their arrays of 99,002 doubles each take a whole heap region of G1 (an object above half a region is
     * allocated apart), and the robust search's own large arrays fill the rest, until a full collection, computing how
     * long a softly held row may lie unread from the little heap left, drops them all (in two or three of eight robust
     * solves of 200 random runs at 16 bits, which then priced their 400 rows again: 5.4 to 6.2 s a solve, else 3.7 to
     * 4.2 s). Held strongly within the budgets, no Bloom row was priced again over eight solves. Rows held whole and
     * softly without a budget had filled the heap (634 MB over 200 sizes; 23 full collections, 10.6 s a solve).
     */
    private static void keep(FamilyKey key, FilterFamily family, Row row) {
        release();
        boolean few = family.settings().size() <= KEPT_WHOLE_SETTINGS;
        boolean ratesAlone = !few && family.sizesCheap();
        Budget budget = Budget.of(family);
        boolean strongly = !few && budget.take();
        if (!few && !ratesAlone && !strongly) {
            return;
        }
        KeptRow kept = new KeptRow(key, Pieces.of(ratesAlone ? new Row(row.fpr(), null) : row), strongly);
        // a kept row is replaced only once cleared (its key is then dropped through the queue), never while it holds
        KeptRow prior = KEPT.putIfAbsent(key, kept);
        if (prior != null && !(prior.row() == null && KEPT.replace(key, prior, kept)) && strongly) {
            budget.giveBack(); // another thread kept this row first
        }
    }

    /**
     * The budget a large family's rows are held strongly within: its rates alone where its sizes are cheap
     * ({@link #HELD_RATES_BYTES}), else its whole rows ({@link #HELD_WHOLE_BYTES}); {@code bytes} one row's share.
     */
    private record Budget(AtomicLong held, long most, long bytes) {

        static Budget of(FilterFamily family) {
            long count = family.settings().size();
            return family.sizesCheap() ? new Budget(HELD_RATES, HELD_RATES_BYTES, Double.BYTES * count)
                    : new Budget(HELD_WHOLE, HELD_WHOLE_BYTES, 2L * Double.BYTES * count);
        }

        /** Whether one more row fits; it is then counted. */
        boolean take() {
            if (held.addAndGet(bytes) > most) {
                held.addAndGet(-bytes);
                return false;
            }
            return true;
        }

        void giveBack() {
            held.addAndGet(-bytes);
        }

        boolean hasRoom() {
            return held.get() + bytes <= most;
        }
    }

    /** Whether the family's row over n keys is kept and held strongly (for tests). */
    static boolean heldStrongly(FilterFamily family, long entries) {
        KeptRow kept = KEPT.get(new FamilyKey(family, entries));
        return kept != null && kept.held != null;
    }

    /** The most doubles any one array of the kept rows holds (for tests). */
    static int longestKeptArray() {
        int longest = 0;
        for (KeptRow kept : KEPT.values()) {
            Pieces pieces = kept.row();
            if (pieces == null) {
                continue;
            }
            for (double[][] column : new double[][][] {pieces.fpr(), pieces.bits()}) {
                for (double[] piece : column == null ? new double[0][] : column) {
                    longest = Math.max(longest, piece.length);
                }
            }
        }
        return longest;
    }

    /** Whether one more row of a large family fits the budget its rows are held strongly within (for tests). */
    static boolean roomFor(FilterFamily family) {
        return Budget.of(family).hasRoom();
    }

    /** Drops the keys of the softly kept rows the collector has cleared. */
    private static void release() {
        for (Reference<? extends Pieces> r = CLEARED.poll(); r != null; r = CLEARED.poll()) {
            KeptRow cleared = (KeptRow) r;
            KEPT.remove(cleared.key, cleared);
        }
    }

    /**
     * Where each choice of a settings list lies among its family's settings ({@code index[s]}), or -1 where it is
     * computed on its own: a setting that is not one of its family's own (the union's no-filter setting), or one
     * of a family the list holds few settings of (a test's subset), whose whole row would cost more than it saves.
     *
     * @param whole the family when the list is that family's settings, in order, all of them; else null
     */
    private record Layout(FilterFamily[] family, int[] index, FilterFamily whole, int[] stretchEnd) {

        static Layout of(List<DeployableChoice> settings) {
            int count = settings.size();
            FilterFamily[] family = new FilterFamily[count];
            int[] index = new int[count];
            Map<FilterFamily, Map<Setting, Integer>> own = new HashMap<>();
            Map<FilterFamily, Integer> held = new HashMap<>();
            for (int s = 0; s < count; s++) {
                DeployableChoice choice = settings.get(s);
                family[s] = choice.family();
                Integer at = own.computeIfAbsent(choice.family(), RateRows::positions).get(choice.setting());
                index[s] = at == null ? -1 : at;
                if (at != null) {
                    held.merge(choice.family(), 1, Integer::sum);
                }
            }
            for (int s = 0; s < count; s++) {
                if (index[s] >= 0 && 2 * held.get(family[s]) < family[s].settings().size()) {
                    index[s] = -1;
                }
            }
            FilterFamily whole = count > 0 && family[0].settings().size() == count ? family[0] : null;
            for (int s = 0; whole != null && s < count; s++) {
                if (family[s] != whole || index[s] != s) {
                    whole = null;
                }
            }
            // where each stretch of settings that stand in a row of one family's, one after the other, ends
            int[] stretchEnd = new int[count];
            for (int s = count - 1; s >= 0; s--) {
                boolean joins = s + 1 < count && index[s] >= 0 && index[s + 1] == index[s] + 1
                        && family[s + 1] == family[s];
                stretchEnd[s] = joins ? stretchEnd[s + 1] : s + 1;
            }
            return new Layout(family, index, whole, stretchEnd);
        }
    }

    /** Each of a family's own settings (by identity) at its position among them. */
    private static Map<Setting, Integer> positions(FilterFamily family) {
        Map<Setting, Integer> at = new IdentityHashMap<>();
        List<Setting> all = family.settings();
        for (int j = 0; j < all.size(); j++) {
            at.putIfAbsent(all.get(j), j);
        }
        return at;
    }

    private static final Map<IdentityOf, Layout> LAYOUTS = new ConcurrentHashMap<>();

    private static Layout layout(List<DeployableChoice> settings) {
        return LAYOUTS.computeIfAbsent(new IdentityOf(settings), k -> Layout.of(settings));
    }

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
        Layout layout = layout(settings);
        double[] fpr = new double[count];
        double[] bits = new double[count];
        // the runs in steps, each step's read filters of at most ROWS_AT_ONCE distinct entries: their families' rows
        // computed on several threads and held here until one thread has handed those runs over in order, each row
        // put together from them into the same two arrays (rows only kept softly could be dropped before they are
        // read, and computed again one by one, where the tables beside them fill the heap); the next step's rows are
        // computed while this thread hands over the step before
        List<int[]> steps = new ArrayList<>(); // each step's first run and the run after its last
        List<long[]> stepSizes = new ArrayList<>();
        long[] distinct = new long[ROWS_AT_ONCE];
        for (int from = 0; from < runs; ) {
            int d = 0;
            int to = from;
            for (; to < runs; to++) {
                if (consulted[to] && !holds(distinct, d, entries[to])) { // an unread filter's rate is not needed
                    if (d == ROWS_AT_ONCE) {
                        break;
                    }
                    distinct[d++] = entries[to];
                }
            }
            steps.add(new int[] {from, to});
            stepSizes.add(Arrays.copyOf(distinct, d));
            from = to;
        }
        Step next = steps.isEmpty() ? null : Step.start(layout, stepSizes.get(0));
        for (int k = 0; k < steps.size(); k++) {
            List<List<Columns>> held = next.rows();
            next = k + 1 < steps.size() ? Step.start(layout, stepSizes.get(k + 1)) : null;
            long[] batch = stepSizes.get(k);
            for (int i = steps.get(k)[0]; i < steps.get(k)[1]; i++) {
                if (i == 0 || entries[i] != entries[i - 1] || consulted[i] != consulted[i - 1]
                        || Double.compare(presentShare[i], presentShare[i - 1]) != 0) {
                    List<Columns> rows = consulted[i] ? held.get(batchPosition(batch, entries[i])) : List.of();
                    fill(settings, layout, entries[i], consulted[i], presentShare[i], rows, fpr, bits);
                }
                consumer.accept(i, fpr, bits);
            }
        }
    }

    /**
     * One step's families' rows, one per distinct run size, computed by the common pool's threads from the step's
     * start and by the thread that asks for them ({@link #rows}), each size taken by whichever thread comes to it
     * first: the rows are pure functions of their sizes, so the same whoever computes them.
     */
    private static final class Step {
        private final Layout layout;
        private final long[] sizes;
        private final List<?>[] rows;
        private final AtomicInteger next = new AtomicInteger();
        private final CountDownLatch left;
        private volatile Throwable failed;

        private Step(Layout layout, long[] sizes) {
            this.layout = layout;
            this.sizes = sizes;
            rows = new List<?>[sizes.length];
            left = new CountDownLatch(sizes.length);
        }

        static Step start(Layout layout, long[] sizes) {
            Step step = new Step(layout, sizes);
            int helpers = Math.min(sizes.length - 1, ForkJoinPool.getCommonPoolParallelism());
            for (int h = 0; h < helpers; h++) {
                ForkJoinPool.commonPool().execute(step::work);
            }
            return step;
        }

        private void work() {
            for (int i = next.getAndIncrement(); i < sizes.length; i = next.getAndIncrement()) {
                try {
                    rows[i] = familyRows(layout, sizes[i]);
                } catch (RuntimeException | Error e) {
                    failed = e;
                } finally {
                    left.countDown();
                }
            }
        }

        /** The rows, by the step's sizes, once every one is computed (this thread computing those left). */
        @SuppressWarnings("unchecked")
        List<List<Columns>> rows() {
            work();
            boolean interrupted = false;
            while (true) {
                try {
                    left.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (failed instanceof RuntimeException e) {
                throw e;
            }
            if (failed instanceof Error e) {
                throw e;
            }
            List<List<Columns>> all = new ArrayList<>(rows.length);
            for (List<?> r : rows) {
                all.add((List<Columns>) r);
            }
            return all;
        }
    }

    /**
     * Distinct run sizes whose families' rows one step of {@link #forEachRun} computes and holds (1.6 MB a family at
     * 99,001 settings).
     */
    static final int ROWS_AT_ONCE = Math.max(8, 4 * ForkJoinPool.getCommonPoolParallelism());

    /** The position of {@code value} among the first {@code count} of {@code values}, or -1. */
    private static int indexOf(long[] values, int count, long value) {
        for (int j = 0; j < count; j++) {
            if (values[j] == value) {
                return j;
            }
        }
        return -1;
    }

    /** The position of run size n among its batch's: every read run of a batch has its size there. */
    private static int batchPosition(long[] batch, long n) {
        int j = indexOf(batch, batch.length, n);
        if (j < 0) {
            throw new IllegalStateException("run size " + n + " is not among its batch's sizes");
        }
        return j;
    }

    private static boolean holds(long[] values, int count, long value) {
        return indexOf(values, count, value) >= 0;
    }

    /**
     * A run's row over {@code settings} with its filter read and no present prefixes. The arrays may be shared
     * (a family's kept row, where the list is that family's settings): read them, never write them.
     */
    static Row kept(List<DeployableChoice> settings, long entries) {
        Layout layout = layout(settings);
        if (layout.whole() != null) {
            // read with no present prefix, the rate is the filter's bit for bit: 0 + (1 - 0) p = p (ReadPath.rate)
            int count = settings.size();
            Columns row = familyColumns(layout.whole(), entries);
            return new Row(row.fpr().whole(count), row.bits().whole(count));
        }
        double[] fpr = new double[settings.size()];
        double[] bits = new double[settings.size()];
        fill(settings, layout, entries, true, 0.0, familyRows(layout, entries), fpr, bits);
        return new Row(fpr, bits);
    }

    /** The rows over n keys of every family the layout takes rows from, in the layout's order of families. */
    private static List<Columns> familyRows(Layout layout, long entries) {
        List<Columns> rows = new ArrayList<>();
        FilterFamily last = null;
        for (int s = 0; s < layout.index().length; s++) {
            if (layout.index()[s] >= 0 && layout.family()[s] != last) {
                last = layout.family()[s];
                rows.add(familyColumns(last, entries));
            }
        }
        return rows;
    }

    /**
     * A family's rate and size at each of its settings over n keys: the kept row, read in its pieces, its sizes asked
     * again where only its rates are kept, else computed (and kept as {@link #keep} says).
     */
    private static Columns familyColumns(FilterFamily family, long entries) {
        FamilyKey key = new FamilyKey(family, entries);
        KeptRow ref = KEPT.get(key);
        Pieces pieces = ref == null ? null : ref.row();
        int count = family.settings().size();
        if (pieces == null) {
            Row row = new Row(new double[count], new double[count]);
            family.rowOfSettings(entries, row.fpr(), row.bits());
            keep(key, family, row);
            return new Columns(Column.whole(row.fpr()), Column.whole(row.bits()));
        }
        if (pieces.bits() == null) {
            double[] bits = new double[count];
            family.bitsOfSettings(entries, bits);
            return new Columns(Column.inPieces(pieces.fpr()), Column.whole(bits));
        }
        return new Columns(Column.inPieces(pieces.fpr()), Column.inPieces(pieces.bits()));
    }

    /**
     * One run's row: each setting's rate (s + (1 - s) p, or 1 where the filter is not read) and real size in bits,
     * p and the size taken from the family's row where the layout places the setting in it. A filter the lookup
     * does not read is only sized ({@link FilterFamily#filterBits}, the row's bits by its contract): its rate,
     * the costly part of a row (Pebble's L6 of 10^8 keys asks 25 lattice rates), is never computed.
     *
     * @param rows the families' rows over n keys, as {@link #familyRows} lists them (read where the filter is read)
     */
    private static void fill(List<DeployableChoice> settings, Layout layout, long entries, boolean consulted,
                             double presentShare, List<Columns> rows, double[] fpr, double[] bits) {
        if (!consulted) { // the rate is 1 whatever the setting (ReadPath.rate): only the sizes are needed
            Arrays.fill(fpr, ReadPath.rate(false, presentShare, Double.NaN));
            for (int s = 0; s < bits.length; s++) {
                bits[s] = settings.get(s).filterBits(entries);
            }
            return;
        }
        FilterFamily rowFamily = null;
        Columns row = null;
        int next = 0;
        for (int s = 0; s < fpr.length; ) {
            int at = layout.index()[s];
            if (at < 0) {
                fpr[s] = ReadPath.rate(consulted, presentShare, settings.get(s).fpr(entries));
                bits[s] = settings.get(s).filterBits(entries);
                s++;
                continue;
            }
            if (layout.family()[s] != rowFamily) {
                rowFamily = layout.family()[s];
                row = rows.get(next++);
            }
            // a stretch of the family's row, one setting after the other: read in one pass
            int end = layout.stretchEnd()[s];
            row.fpr().ratesTo(at, fpr, s, end - s, presentShare);
            row.bits().copyTo(at, bits, s, end - s);
            s = end;
        }
    }
}
