package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompactionOptions;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.FlushOptions;
import org.rocksdb.LevelMetaData;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileMetaData;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.InvalidInputException;

/**
 * A recommendation rehearsed on a copy of the database: the copy imported and its deployable allocation found,
 * every file of the copy rewritten at its own level with the filter RocksDB builds for that allocation, and
 * RocksDB's own count of the data blocks an absent-key lookup reads measured before and after with the same
 * absent keys ({@link RocksDbMeasure}). The database's folder is only read.
 *
 * <p>The rewrite keeps the tree's shape: automatic compactions off throughout, every file compacted alone by
 * {@code CompactFiles} into its own level (oldest first), so each keeps its keys and key range, under table options
 * that differ from the database's own only in the filter: {@code bloomfilter:B:false} for fast local Bloom,
 * {@code ribbonfilter:B:-1} for Ribbon (Ribbon for every file, RocksDB's NewRibbonFilterPolicy with
 * bloom_before_level -1), {@code format_version=4} with {@code bloomfilter:B:false} for the legacy Bloom, and
 * {@code nullptr} for none; {@code optimize_filters_for_memory=false}, as the families size the filters.
 * The filters' real size after is read from the rewritten files, not assumed.
 *
 * <p>The copy is consistent whether or not another process writes to the database. A database nobody holds
 * is copied file by file (its write-ahead log flushed on the copy, {@link #settle}). A database another
 * process holds changes while its files are copied, so it is read as {@code import} reads it, by a secondary
 * instance ({@link RocksDbSnapshotOpen}), and copied as RocksDB's {@code Checkpoint::CreateCheckpoint} copies
 * that instance's version: its table files (hard-linked where the file system allows, so a file the writer's
 * compaction deletes afterwards stays in the copy), a MANIFEST that lists exactly them, and the database's
 * latest OPTIONS file beside them. A table file deleted before it was linked fails the checkpoint; the
 * instance then catches up with the primary and the checkpoint is taken again. Entries the primary holds
 * only in its write-ahead log are not in such a copy: it is the version the secondary read, named in
 * {@link Result#copied()}.
 */
public final class RocksDbRehearsal {

    /** Families a rewrite can build, by the RocksDB granularities whose deployable allocation names them. */
    private static final List<Engine> ENGINES = List.of(Engine.ROCKSDB, Engine.ROCKSDB_PER_LEVEL,
            Engine.ROCKSDB_RIBBON, Engine.ROCKSDB_LEGACY);


    /**
     * One side of the rehearsal.
     *
     * @param measured       RocksDB's count on the copy
     * @param predictedR     current R of the copy as imported (its files' own filters)
     * @param filterBits     filter bits the copy's files hold
     * @param filesPerLevel  live files per level, L0 first
     * @param imported       the copy as imported on the instance measured
     */
    public record Side(RocksDbMeasure.Measurement measured, double predictedR, long filterBits,
                       List<Integer> filesPerLevel, RocksDbImport.Imported imported) {
        public Side {
            filesPerLevel = List.copyOf(filesPerLevel);
        }
    }

    /**
     * What the rehearsal found.
     *
     * @param columnFamily     the column family rehearsed
     * @param engine           the granularity of the allocation applied
     * @param budgetBits       the filter memory the database held, the allocation's budget
     * @param solvedBits       the budget the allocation was solved at: {@code budgetBits} less what its filters
     *                         would round up to, file by file, beyond it
     * @param plannedBits      the allocation's filter bits, file by file, as the families size them
     * @param deployableCost   the allocation's predicted cost (reads per absent-key lookup)
     * @param settingsByLevel  the filter written at each level that holds files, as RocksDB's options say it
     * @param before           the copy as it was
     * @param after            the copy rewritten
     * @param rewriteNanos     wall time of the rewrite
     * @param kept             the copy's folder when kept, else null
     * @param copied           how the copy was taken: the database's files as they were (nobody held it), or
     *                         the version a secondary instance read while another process held it
     */
    public record Result(String columnFamily, Engine engine, double budgetBits, double solvedBits,
                         double plannedBits, double deployableCost,
                         Map<Integer, String> settingsByLevel, Side before, Side after, long rewriteNanos, Path kept,
                         String copied) {
        public Result {
            settingsByLevel = java.util.Collections.unmodifiableMap(new TreeMap<>(settingsByLevel));
        }
    }

    private RocksDbRehearsal() {
    }

    /**
     * Rehearses the deployable allocation at {@code engine} (null: the case's own granularity) on a copy of
     * the database in {@code dir}.
     *
     * @param keep     the folder to leave the rewritten copy in (must not exist), or null for a temporary one
     * @param progress called with a line of what is being done
     * @throws InvalidInputException no database, one another process holds, a granularity that does not
     *                               rewrite RocksDB, or a copy RocksDB cannot rewrite (the reason named)
     */
    public static Result rehearse(Path dir, String columnFamily, Engine engine, RocksDbMeasure.Settings settings,
                                  Path keep, Consumer<String> progress) throws InvalidInputException {
        return rehearse(dir, List.of(columnFamily), engine, settings, keep, progress).get(0);
    }

    /**
     * As {@link #rehearse(Path, String, Engine, RocksDbMeasure.Settings, Path, Consumer)}, for several column
     * families of one copy, each rewritten and measured in turn (a column family's files are its own).
     */
    public static List<Result> rehearse(Path dir, List<String> columnFamilies, Engine engine,
                                        RocksDbMeasure.Settings settings, Path keep, Consumer<String> progress)
            throws InvalidInputException {
        RocksDbSnapshotOpen.checkedManifest(dir);
        if (engine != null) {
            requireRocksDb(engine);
        }
        Path copy;
        try {
            if (keep != null) {
                if (Files.exists(keep)) {
                    throw new InvalidInputException(keep + ": --keep names a folder that exists; give a new one");
                }
                copy = Files.createDirectories(keep);
            } else {
                copy = Files.createTempDirectory("monkey-eval-rehearsal");
            }
        } catch (IOException e) {
            throw new InvalidInputException(keep + ": cannot create the copy's folder: " + e.getMessage());
        }
        boolean done = false;
        try {
            String copied = copy(dir, copy, columnFamilies.get(0), progress);
            List<Result> results = new ArrayList<>();
            for (String columnFamily : columnFamilies) {
                results.add(rehearseCopy(copy, columnFamily, engine, settings, progress, keep != null ? copy : null,
                        copied));
            }
            done = true;
            return results;
        } finally {
            if (keep == null || !done) {
                RocksDbSnapshotOpen.removeQuietly(copy);
            }
        }
    }

    /** One column family of the copy measured, rewritten and measured again. */
    private static Result rehearseCopy(Path copy, String columnFamily, Engine engine, RocksDbMeasure.Settings settings,
                                       Consumer<String> progress, Path kept, String copied)
            throws InvalidInputException {
        progress.accept("column family " + columnFamily + ": measuring the copy before the rewrite");
        Side before = side(copy, columnFamily, settings);
        LsmCase lsmCase = ImportedCase.lsmCase(before.imported(),
                engine != null ? engine : ImportedCase.DEFAULT_GRANULARITY);
        Engine chosen = engine != null ? engine : Engine.fromLabel(lsmCase.engineGranularity());
        requireRocksDb(chosen);
        double budget = lsmCase.budgetBits();
        CaseResult result = fitted(lsmCase, chosen, budget, progress);
        Map<Integer, String> settingsByLevel = settingsByLevel(lsmCase, result.deployable());
        long start = System.nanoTime();
        rewrite(copy, columnFamily, settingsByLevel, progress);
        // the families size a Ribbon filter by its expected rounding; the file's own key hash decides the real
        // one, so the rewritten files can still hold a few bytes more than planned: solved again at the budget
        // less what they hold beyond it, and rewritten, until they fit
        for (int refit = 0; refit < BUDGET_FITS; refit++) {
            long held = 8 * RocksDbImport.read(copy, columnFamily).filterBytes();
            if (held <= budget) {
                break;
            }
            double solvedAt = result.budgetBits() - (held - budget);
            progress.accept(String.format(Locale.ROOT, "the rewritten files' filters hold %d bits, %.0f over the"
                    + " budget: solving at %.0f bits and rewriting again", held, held - budget, solvedAt));
            result = fitted(lsmCase.withBudget(new Budget.TotalBits(solvedAt)), chosen, budget, progress);
            settingsByLevel = settingsByLevel(lsmCase, result.deployable());
            rewrite(copy, columnFamily, settingsByLevel, progress);
        }
        long rewriteNanos = System.nanoTime() - start;
        progress.accept("column family " + columnFamily + ": measuring the copy after the rewrite");
        Side after = side(copy, columnFamily, settings);
        return new Result(columnFamily, chosen, budget, result.budgetBits(),
                result.deployable().filterBitsPerFile(lsmCase), result.deployableCost(), settingsByLevel, before,
                after, rewriteNanos, kept, copied);
    }

    private static void requireRocksDb(Engine engine) throws InvalidInputException {
        if (!ENGINES.contains(engine)) {
            throw new InvalidInputException("rehearse rewrites a RocksDB database: " + engine.label()
                    + " is not one of RocksDB's granularities (rocksdb, rocksdb-per-level, rocksdb-ribbon,"
                    + " rocksdb-legacy)");
        }
    }

    /** Solves of a smaller budget tried until the allocation's filters, file by file, fit the case's budget. */
    private static final int BUDGET_FITS = 4;

    /**
     * The deployable allocation of {@code lsmCase} at {@code engine}, its budget fitted to the database's files so
     * that they hold at most {@code budget}: the solver sizes a run's filter as one filter of all its entries,
     * RocksDB builds one per table file and each rounds up on its own ({@link Deployable#filterBitsPerFile}), so
     * the rewritten files would hold a little more than the budget. Solved again at the budget less that excess
     * until the files fit.
     */
    private static CaseResult fitted(LsmCase lsmCase, Engine engine, double budget, Consumer<String> progress) {
        CaseEvaluator evaluator = new CaseEvaluator(new ThresholdSolver(), engine);
        CaseResult result = evaluator.evaluate(lsmCase);
        double solvedAt = result.budgetBits();
        for (int fit = 0; fit < BUDGET_FITS; fit++) {
            double perFile = result.deployable().filterBitsPerFile(lsmCase);
            if (perFile <= budget) {
                break;
            }
            solvedAt -= perFile - budget;
            progress.accept(String.format(Locale.ROOT, "the allocation's filters, file by file, hold %.0f bits, %.0f"
                    + " over the budget: solving at %.0f bits", perFile, perFile - budget, solvedAt));
            result = evaluator.evaluate(lsmCase.withBudget(new Budget.TotalBits(solvedAt)));
        }
        return result;
    }

    /** Checkpoints of a held database tried while the writer's compactions delete files under them. */
    private static final int CHECKPOINT_ATTEMPTS = 5;

    /**
     * A consistent copy of the database in {@code dir} into the empty folder {@code copy}: its files, or, where
     * another process holds it, a checkpoint of the version a secondary instance reads.
     *
     * @return how the copy was taken, for the output
     */
    private static String copy(Path dir, Path copy, String columnFamily, Consumer<String> progress)
            throws InvalidInputException {
        if (!RocksDbSnapshotOpen.heldOpen(dir)) {
            progress.accept("copying " + dir + " to " + copy);
            copyFiles(dir, copy);
            settle(copy, columnFamily);
            return "the database's files, copied while no process held it";
        }
        progress.accept("another process holds " + dir + ": a checkpoint of the version a secondary instance reads,"
                + " into " + copy);
        try (RocksDbSnapshotOpen open = RocksDbSnapshotOpen.open(dir)) {
            for (int attempt = 1; ; attempt++) {
                try {
                    checkpoint(open, copy);
                    settle(copy, columnFamily);
                    return "a checkpoint of " + open.version() + ", read by a secondary instance while another"
                            + " process held the database (entries only in its write-ahead log are not in it)";
                } catch (RocksDBException | IOException | InvalidInputException e) {
                    if (attempt == CHECKPOINT_ATTEMPTS) {
                        throw new InvalidInputException(dir + ": no consistent copy after " + attempt
                                + " checkpoints (the writer deleted files under each): " + e.getMessage());
                    }
                    progress.accept("the checkpoint failed (" + e.getMessage() + "); catching up and taking it again");
                    open.catchUp();
                }
            }
        }
    }

    /**
     * RocksDB's checkpoint of the open instance's version into {@code copy} (replaced), with the database's latest
     * OPTIONS file; the first open of the copy ({@link #settle}) checks that every file its MANIFEST lists is there.
     */
    private static void checkpoint(RocksDbSnapshotOpen open, Path copy) throws RocksDBException, IOException {
        RocksDbSnapshotOpen.removeQuietly(copy);
        try (Checkpoint checkpoint = Checkpoint.create(open.db())) {
            checkpoint.createCheckpoint(copy.toString());
        }
        String options = OptionsUtil.getLatestOptionsFileName(open.dir().toString(), Env.getDefault());
        Files.copy(open.dir().resolve(options), copy.resolve(options), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Every regular file of the database's folder (RocksDB keeps its files there, flat). */
    private static void copyFiles(Path dir, Path copy) throws InvalidInputException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        } catch (IOException e) {
            throw new InvalidInputException(dir + ": cannot copy the database: " + e.getMessage());
        }
    }

    /**
     * Entries the copy holds only in its write-ahead log flushed into an L0 file, under the database's own
     * options, before anything is measured: a read-write open would flush them (RocksDB recovers the WAL into
     * a flush), so before and after see the same files.
     */
    private static void settle(Path copy, String columnFamily) throws InvalidInputException {
        try (Opened db = Opened.of(copy, columnFamily, null); FlushOptions flush = new FlushOptions()) {
            db.flush(flush.setWaitForFlush(true));
        } catch (RocksDBException e) {
            throw new InvalidInputException(copy + ": RocksDB cannot open the copy: " + e.getMessage());
        }
    }

    /** The copy as it is now: measured, and imported on the same open instance (priced, its filter bits). */
    private static Side side(Path copy, String columnFamily, RocksDbMeasure.Settings settings)
            throws InvalidInputException {
        RocksDbImport.Imported[] imported = new RocksDbImport.Imported[1];
        List<Integer> files = new ArrayList<>();
        RocksDbMeasure.Measurement m = RocksDbMeasure.measure(copy, List.of(columnFamily), settings, (open, cf) -> {
            imported[0] = RocksDbImport.read(open, cf);
            files.addAll(filesPerLevel(open, cf));
            return ImportedCase.currentR(imported[0]);
        }).get(0);
        return new Side(m, m.predictedR(), 8 * imported[0].filterBytes(), files, imported[0]);
    }

    /**
     * The table options each level's files are rewritten with: the filter the allocation builds there, as a
     * RocksDB options string.
     */
    static Map<Integer, String> settingsByLevel(LsmCase lsmCase, Deployable d) {
        Map<Integer, String> byLevel = new TreeMap<>();
        for (int i = 0; i < lsmCase.runs().size(); i++) {
            Integer level = lsmCase.runs().get(i).level();
            String options = tableOptions(d.engine(), d.family(i), d.setting(i));
            String earlier = byLevel.putIfAbsent(level, options);
            if (earlier != null && !earlier.equals(options)) {
                throw new IllegalStateException("level " + level + " holds runs of two settings: " + earlier
                        + " and " + options);
            }
        }
        return byLevel;
    }

    /** RocksDB's table options for one family and setting. */
    static String tableOptions(Engine engine, FilterFamily family, Setting s) {
        if (!s.hasFilter()) {
            return "filter_policy=nullptr";
        }
        if (family == RocksDbRibbonFamily.INSTANCE) {
            return "filter_policy=ribbonfilter:" + s.knob() + ":-1;format_version=5";
        }
        if (engine == Engine.ROCKSDB_LEGACY) {
            return "filter_policy=bloomfilter:" + s.knob() + ":false;format_version=4";
        }
        return "filter_policy=bloomfilter:" + s.knob() + ":false;format_version=5";
    }

    /** Each level's files compacted into the same level under that level's table options. */
    private static void rewrite(Path copy, String columnFamily, Map<Integer, String> settingsByLevel,
                                Consumer<String> progress) throws InvalidInputException {
        for (Map.Entry<Integer, String> level : settingsByLevel.entrySet()) {
            int l = level.getKey();
            progress.accept(String.format(Locale.ROOT, "rewriting L%d with %s", l, level.getValue()));
            try (Opened db = Opened.of(copy, columnFamily, level.getValue())) {
                List<SstFileMetaData> files = db.files(l);
                files.sort(Comparator.comparingLong(SstFileMetaData::smallestSeqno));
                for (SstFileMetaData f : files) {
                    db.compact(List.of(f.fileName()), l);
                }
            } catch (RocksDBException e) {
                throw new InvalidInputException(copy + ": RocksDB cannot rewrite level " + l + ": " + e.getMessage());
            }
        }
    }

    /** Live files per level of the open instance, L0 first, up to the deepest level that holds one. */
    private static List<Integer> filesPerLevel(RocksDbSnapshotOpen open, String columnFamily)
            throws InvalidInputException {
        List<Integer> counts = new ArrayList<>();
        for (LevelMetaData level : open.db().getColumnFamilyMetaData(open.handle(columnFamily)).levels()) {
            counts.add(level.files().size());
        }
        while (counts.size() > 1 && counts.get(counts.size() - 1) == 0) {
            counts.remove(counts.size() - 1);
        }
        return counts;
    }

    /**
     * The OPTIONS text with one column family's table filter options replaced by {@code tableOptions} (null:
     * kept) and its automatic compactions off.
     */
    static String withTableOptions(String options, String columnFamily, String tableOptions) {
        Map<String, String> replace = new TreeMap<>();
        if (tableOptions != null) {
            for (String kv : tableOptions.split(";")) {
                replace.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            }
            replace.put("optimize_filters_for_memory", "false");
        }
        StringBuilder out = new StringBuilder();
        String section = null;
        Map<String, String> pending = null;
        for (String line : options.split("\n", -1)) {
            Matcher table = OptionsText.TABLE_SECTION.matcher(line);
            Matcher cf = OptionsText.CF_SECTION.matcher(line);
            if (OptionsText.SECTION.matcher(line).matches() && pending != null) {
                pending.forEach((k, v) -> out.append("  ").append(k).append('=').append(v).append('\n'));
                pending = null;
            }
            if (table.matches()) {
                section = table.group(1).equals(columnFamily) && !replace.isEmpty() ? "table" : null;
                pending = section != null ? new TreeMap<>(replace) : null;
            } else if (cf.matches()) {
                section = cf.group(1).equals(columnFamily) ? "cf" : null;
                pending = section != null ? new TreeMap<>(Map.of("disable_auto_compactions", "true")) : null;
            } else if (OptionsText.SECTION.matcher(line).matches()) {
                section = null;
            } else if (pending != null) {
                int eq = line.indexOf('=');
                String key = eq < 0 ? "" : line.substring(0, eq).trim();
                if (pending.containsKey(key)) {
                    line = line.substring(0, line.indexOf(key)) + key + "=" + pending.remove(key);
                }
            }
            out.append(line).append('\n');
        }
        if (pending != null) {
            pending.forEach((k, v) -> out.append("  ").append(k).append('=').append(v).append('\n'));
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    /** The copy opened read-write with one level's table options, its automatic compactions off. */
    private static final class Opened implements AutoCloseable {
        private final DBOptions options;
        private final List<ColumnFamilyDescriptor> descriptors;
        private final List<ColumnFamilyHandle> handles;
        private final RocksDB db;
        private final int index;

        private Opened(DBOptions options, List<ColumnFamilyDescriptor> descriptors, List<ColumnFamilyHandle> handles,
                       RocksDB db, int index) {
            this.options = options;
            this.descriptors = descriptors;
            this.handles = handles;
            this.db = db;
            this.index = index;
        }

        static Opened of(Path copy, String columnFamily, String tableOptions)
                throws RocksDBException, InvalidInputException {
            DBOptions options = new DBOptions();
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            try (ConfigOptions config = new ConfigOptions().setIgnoreUnknownOptions(true)) {
                OptionsText.load(config, withTableOptions(OptionsText.latest(copy), columnFamily, tableOptions),
                        options, descriptors);
            } catch (IOException e) {
                options.close();
                throw new InvalidInputException(copy + ": cannot read its OPTIONS file: " + e.getMessage());
            }
            int index = -1;
            for (int i = 0; i < descriptors.size(); i++) {
                if (new String(descriptors.get(i).getName(), StandardCharsets.UTF_8).equals(columnFamily)) {
                    index = i;
                }
            }
            if (index < 0) {
                options.close();
                throw new InvalidInputException(copy + ": no column family '" + columnFamily + "'");
            }
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            RocksDB db = RocksDB.open(options, copy.toString(), descriptors, handles);
            return new Opened(options, descriptors, handles, db, index);
        }

        List<SstFileMetaData> files(int level) {
            for (LevelMetaData l : db.getColumnFamilyMetaData(handles.get(index)).levels()) {
                if (l.level() == level) {
                    return new ArrayList<>(l.files());
                }
            }
            return new ArrayList<>();
        }

        void flush(FlushOptions flush) throws RocksDBException {
            db.flush(flush, handles);
        }

        void compact(List<String> fileNames, int outputLevel) throws RocksDBException {
            try (CompactionOptions compaction = new CompactionOptions()) {
                db.compactFiles(compaction, handles.get(index), fileNames, outputLevel, -1, null);
            }
        }

        @Override
        public void close() {
            for (ColumnFamilyHandle h : handles) {
                h.close();
            }
            db.close();
            for (ColumnFamilyDescriptor d : descriptors) {
                d.getOptions().close();
            }
            options.close();
        }
    }
}
