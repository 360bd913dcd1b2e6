package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.RocksDbOptions;
import org.monkeyeval.model.Run;

/**
 * The level at which each of a case's runs is really written by an engine, so that an export sets the
 * filter of the levels the engine has and writes to. A case's level i is not the engine's level i:
 *
 * <pre>
 *   case level of a run      its level; a run listed without one is taken as level (its position from 1)
 *   L0 runs                  stay L0 in every engine (flushes and L0 files)
 *   RocksDB (both)           num_levels = max(7, deepest case level + 1); with
 *                            level_compaction_dynamic_level_bytes (default true since RocksDB 8.4, written
 *                            explicitly by the export) the deepest level is num_levels - 1 and the others
 *                            stack above it:  engine level = case level + (num_levels - 1 - deepest)
 *   Pebble                   L0..L6 (manifest.NumLevels = 7, fixed); the base level moves as RocksDB's does,
 *                            the bottom is L6: engine level = case level + (6 - deepest); refused if the
 *                            case's levels below L0 span more than 6
 *   fjall                    lsm-tree's 7 levels (DEFAULT_LEVEL_COUNT, not settable); its leveled compaction
 *                            fills from the last level up (a "canonical" L1 shifted down): as Pebble
 *   LevelDB                  kNumLevels = 7, fixed, base level always 1: engine level = case level;
 *                            refused past L6
 *   Cassandra                one bloom_filter_fp_chance per table: no levels to map, nothing refused
 *   HBase                    one io.storefile.bloom.error.rate per column family, its store files the runs:
 *                            no levels to map, nothing refused
 * </pre>
 *
 * Sources, read at the commits named:
 * <ol>
 *   <li>facebook/rocksdb 1dfa7297933df05237ac11376d6cb69d32591b1d: {@code include/rocksdb/advanced_options.h}
 *       ({@code num_levels = 7}; {@code level_compaction_dynamic_level_bytes = true} and its comment: from an
 *       empty DB "we make last level the base level", then the second last, and so on);
 *       {@code db/version_set.cc} {@code VersionStorageInfo::CalculateBaseBytes} (the target of level
 *       {@code num_levels - 1} is the largest level's size; each level above is a multiplier smaller, and
 *       the base level is the first whose target falls within (base / multiplier, base]).
 *   <li>cockroachdb/pebble f82e3ff74d10b1f33df146eefc5661518f868542: {@code internal/manifest/version.go}
 *       ({@code NumLevels = 7}); {@code compaction_picker.go} {@code initLevelMaxBytes} and
 *       {@code calculateLevelSizes} (the base level from the database size, no smaller than the first
 *       non-empty level; an empty tree compacts L0 into the last level).
 *   <li>fjall-rs/lsm-tree aba7320ecffc2b0cfbd14d809ba779b536776aa8: {@code src/version/mod.rs}
 *       ({@code DEFAULT_LEVEL_COUNT = 7}; the {@code level_count} setter of {@code src/config/mod.rs} is
 *       commented out), {@code src/compaction/leveled/mod.rs} (L0 moved straight into Lmax when the levels
 *       between are empty; the first non-empty level is the canonical L1), {@code src/config/filter.rs}
 *       ({@code FilterPolicy::get}: a level past the list takes the last entry).
 *   <li>google/leveldb 78a352f47ed6c1e9d750545e9b242289185b87e1: {@code db/dbformat.h}
 *       ({@code config::kNumLevels = 7}; {@code kMaxMemCompactLevel = 2}: a flush that overlaps nothing
 *       may go straight to L1 or L2, which changes no filter, LevelDB's policy being one per database).
 * </ol>
 *
 * <p>Where this departs from the engines: which levels are non-empty follows from the bytes stored and
 * {@code max_bytes_for_level_base}, which a case does not give; the mapping takes the case's levels as
 * the ones the engine fills, with its deepest at the bottom. Several runs of one case level (tiering) map
 * to one engine level, which a leveled engine holds as one sorted run; the filter setting is the same.
 */
public final class EngineLevels {

    /** RocksDB's default {@code num_levels}. */
    public static final int ROCKSDB_DEFAULT_NUM_LEVELS = 7;
    /** Pebble's {@code manifest.NumLevels}. */
    public static final int PEBBLE_NUM_LEVELS = 7;
    /** lsm-tree's {@code DEFAULT_LEVEL_COUNT} (fjall). */
    public static final int FJALL_LEVEL_COUNT = 7;
    /** LevelDB's {@code config::kNumLevels}. */
    public static final int LEVELDB_NUM_LEVELS = 7;

    /** A shape the engine cannot hold; the message says why. */
    public static final class ShapeException extends Exception {
        private static final long serialVersionUID = 1L;

        ShapeException(String message) {
            super(message);
        }
    }

    /**
     * Where the runs go.
     *
     * @param engine        the engine
     * @param numLevels     the engine's levels (RocksDB's num_levels to set); 0 for Cassandra and HBase
     * @param caseLevel     each run's case level, in run order
     * @param engineLevel   each run's engine level, in run order (-1 for Cassandra and HBase)
     * @param dynamic       true if the engine places the deepest level at the bottom (level + shift); for
     *                      {@code databaseLevels}, the database's own level_compaction_dynamic_level_bytes
     * @param positional    true if the case lists runs without levels (their positions were taken)
     * @param databaseLevels true if the runs stay at the levels a RocksDB database holds them at (a case
     *                      carrying the database's options, {@link RocksDbOptions}: case level i is Li)
     */
    public record Mapping(Engine engine, int numLevels, int[] caseLevel, int[] engineLevel, boolean dynamic,
                          boolean positional, boolean databaseLevels) {

        /** A mapping that places the runs by the engine's rule, not at a database's own levels. */
        public Mapping(Engine engine, int numLevels, int[] caseLevel, int[] engineLevel, boolean dynamic,
                       boolean positional) {
            this(engine, numLevels, caseLevel, engineLevel, dynamic, positional, false);
        }

        public Mapping {
            if (caseLevel.length != engineLevel.length) {
                throw new IllegalArgumentException("case levels (" + caseLevel.length + ") and engine levels ("
                        + engineLevel.length + ") differ in length");
            }
            caseLevel = caseLevel.clone();
            engineLevel = engineLevel.clone();
        }

        /** Each run's case level, in run order (a copy). */
        @Override
        public int[] caseLevel() {
            return caseLevel.clone();
        }

        /** Each run's engine level, in run order (a copy). */
        @Override
        public int[] engineLevel() {
            return engineLevel.clone();
        }

        /** True if the engine has levels the filter setting can name (all but Cassandra and HBase). */
        public boolean hasLevels() {
            return numLevels > 0;
        }

        /** True if RocksDB must be told {@code num_levels} (more than its default 7). */
        public boolean raisesNumLevels() {
            return isRocksDb(engine) && (databaseLevels ? numLevels != ROCKSDB_DEFAULT_NUM_LEVELS
                    : numLevels > ROCKSDB_DEFAULT_NUM_LEVELS);
        }

        /** The engine levels some run is written at, ascending. */
        public List<Integer> usedLevels() {
            TreeMap<Integer, Boolean> used = new TreeMap<>();
            for (int l : engineLevel) {
                used.put(l, Boolean.TRUE);
            }
            return List.copyOf(used.keySet());
        }

        /** One line per case level: {@code case level 3 (1 run) -> L6}. */
        public List<String> lines() {
            TreeMap<Integer, int[]> byCase = new TreeMap<>(); // case level -> {engine level, runs}
            for (int i = 0; i < caseLevel.length; i++) {
                int[] e = byCase.computeIfAbsent(caseLevel[i], k -> new int[2]);
                e[0] = engineLevel[i];
                e[1]++;
            }
            List<String> lines = new ArrayList<>();
            for (var e : byCase.entrySet()) {
                String runs = e.getValue()[1] + (e.getValue()[1] == 1 ? " run" : " runs");
                lines.add("case level " + e.getKey() + " (" + runs + ") -> "
                        + (hasLevels() ? "L" + e.getValue()[0]
                                : engine == Engine.HBASE ? "the column family (no levels)" : "the table (no levels)"));
            }
            return lines;
        }

        /** The rule applied, in one line. */
        public String rule() {
            if (databaseLevels) {
                return "RocksDB levels as the database holds them (its OPTIONS: num_levels=" + numLevels
                        + ", level_compaction_dynamic_level_bytes=" + dynamic + "): case level i is Li";
            }
            if (isRocksDb(engine)) {
                return "RocksDB num_levels=" + numLevels
                        + " with level_compaction_dynamic_level_bytes=true: the deepest case level is L"
                        + (numLevels - 1) + ", the others stack above it, L0 stays L0";
            }
            return switch (engine) {
                case PEBBLE, PEBBLE_USE_L6_FILTERS -> "Pebble L0-L6, base level dynamic: the deepest case level is L6,"
                        + " the others stack above it, L0 stays L0";
                case FJALL -> "fjall (lsm-tree) 7 levels, filled from the last: the deepest case level is L6,"
                        + " the others stack above it, L0 stays L0";
                case LEVELDB -> "LevelDB L0-L6, fixed: case level i is Li";
                case CASSANDRA -> "Cassandra sets one filter per table: levels do not apply";
                case HBASE -> "HBase sets one error rate per column family, for every store file: levels do not apply";
                default -> throw new IllegalStateException("no level rule for " + engine.label());
            };
        }
    }

    private EngineLevels() {
    }

    /** Each run's case level: its own, or its position from 1 when the case lists runs without levels. */
    public static int[] caseLevels(List<Run> runs) {
        boolean positional = positional(runs);
        int[] levels = new int[runs.size()];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = positional ? i + 1 : runs.get(i).level();
        }
        return levels;
    }

    /**
     * The runs an engine that fills from the bottom (RocksDB with level_compaction_dynamic_level_bytes,
     * Pebble, fjall) writes at its last level: those of the deepest case level below L0, which
     * {@link #map} puts at the bottom whatever the case's shape; none when every run is at L0.
     */
    public static boolean[] lastLevelRuns(List<Run> runs) {
        int[] caseLevel = caseLevels(runs);
        Optional<Integer> deepest = deepestBelowL0(caseLevel);
        boolean[] last = new boolean[caseLevel.length];
        for (int i = 0; i < last.length; i++) {
            last[i] = deepest.isPresent() && caseLevel[i] == deepest.get();
        }
        return last;
    }

    /** True unless every run has a level. */
    public static boolean positional(List<Run> runs) {
        return !runs.stream().allMatch(r -> r.level() != null);
    }

    /**
     * The mapping of {@code runs} into {@code engine}'s levels.
     *
     * @throws ShapeException if the engine cannot hold the case's levels
     */
    public static Mapping map(Engine engine, List<Run> runs) throws ShapeException {
        return map(engine, runs, null);
    }

    /**
     * The mapping of a case's runs into {@code engine}'s levels. A case that carries a RocksDB database's own
     * options ({@code database}, as {@code import} reads them) and lists its runs with levels is kept at those
     * levels for every RocksDB granularity, with the database's num_levels and
     * level_compaction_dynamic_level_bytes: the runs are where the database holds them, whatever rule placed
     * them there.
     *
     * @param database the database's options, or null for a case without them
     * @throws ShapeException if the engine cannot hold the case's levels
     */
    public static Mapping map(Engine engine, List<Run> runs, RocksDbOptions database) throws ShapeException {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a case has at least one run");
        }
        int[] caseLevel = caseLevels(runs);
        boolean positional = positional(runs);
        Optional<Integer> deepest = deepestBelowL0(caseLevel);
        int shallowest = shallowestBelowL0(caseLevel).orElse(0);
        if (isRocksDb(engine) && database != null && !positional) {
            if (deepest.orElse(0) >= database.numLevels()) {
                throw new ShapeException("the database has num_levels=" + database.numLevels()
                        + ", and the case has level " + deepest.get());
            }
            return new Mapping(engine, database.numLevels(), caseLevel, caseLevel.clone(),
                    database.levelCompactionDynamicLevelBytes(), false, true);
        }
        if (isRocksDb(engine)) {
            int numLevels = Math.max(ROCKSDB_DEFAULT_NUM_LEVELS, deepest.orElse(0) + 1);
            return shifted(engine, numLevels, caseLevel, deepest, positional);
        }
        return switch (engine) {
            case PEBBLE, PEBBLE_USE_L6_FILTERS, FJALL -> {
                int numLevels = engine == Engine.FJALL ? FJALL_LEVEL_COUNT : PEBBLE_NUM_LEVELS;
                if (deepest.isPresent() && deepest.get() - shallowest + 1 > numLevels - 1) {
                    throw new ShapeException(engine.label() + " has levels L0-L" + (numLevels - 1)
                            + ", and case levels " + shallowest + ".." + deepest.get() + " need "
                            + (deepest.get() - shallowest + 1) + " levels below L0 (at most " + (numLevels - 1) + ")");
                }
                yield shifted(engine, numLevels, caseLevel, deepest, positional);
            }
            case LEVELDB -> {
                if (deepest.isPresent() && deepest.get() > LEVELDB_NUM_LEVELS - 1) {
                    throw new ShapeException("leveldb has levels L0-L" + (LEVELDB_NUM_LEVELS - 1)
                            + " (kNumLevels = 7, fixed), and the case has level " + deepest.get());
                }
                yield new Mapping(engine, LEVELDB_NUM_LEVELS, caseLevel, caseLevel.clone(), false, positional);
            }
            case CASSANDRA, HBASE -> {
                int[] none = new int[caseLevel.length];
                java.util.Arrays.fill(none, -1);
                yield new Mapping(engine, 0, caseLevel, none, false, positional);
            }
            default -> throw new IllegalStateException("no level rule for " + engine.label());
        };
    }

    /** Every RocksDB granularity (one setting, per level, and any other a column family can say) shares its levels. */
    private static boolean isRocksDb(Engine engine) {
        return engine.label().startsWith("rocksdb");
    }

    /** engine level = case level + (numLevels - 1 - deepest) below L0; L0 stays. */
    private static Mapping shifted(Engine engine, int numLevels, int[] caseLevel, Optional<Integer> deepest,
                                   boolean positional) {
        int shift = deepest.map(d -> numLevels - 1 - d).orElse(0);
        int[] engineLevel = new int[caseLevel.length];
        for (int i = 0; i < caseLevel.length; i++) {
            engineLevel[i] = caseLevel[i] == 0 ? 0 : caseLevel[i] + shift;
        }
        return new Mapping(engine, numLevels, caseLevel, engineLevel, true, positional);
    }

    private static Optional<Integer> deepestBelowL0(int[] levels) {
        return java.util.Arrays.stream(levels).filter(l -> l > 0).boxed().max(Integer::compare);
    }

    private static Optional<Integer> shallowestBelowL0(int[] levels) {
        return java.util.Arrays.stream(levels).filter(l -> l > 0).boxed().min(Integer::compare);
    }
}
