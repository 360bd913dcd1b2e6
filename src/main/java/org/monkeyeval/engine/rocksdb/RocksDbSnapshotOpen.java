package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Locale;
import java.util.function.Consumer;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.engine.sst.SstFormatException;
import org.monkeyeval.text.InvalidInputException;

/**
 * A RocksDB database opened for reading, with every column family, while another process may hold
 * it open and write to it. Neither way below takes the LOCK or creates a file in the database folder
 * ("these instances open all files in the primary DB path in read-only mode and never create any new
 * files in that directory", RocksDB wiki, Read-only and Secondary instances):
 * <ul>
 *   <li>a database a process holds (its LOCK file is locked) is opened as a RocksDB
 *       <em>secondary instance</em> ({@code RocksDB.openAsSecondary}), its secondary folder a fresh
 *       temporary folder outside the database folder, removed on {@link #close()}. The secondary is
 *       the instance RocksDB provides for reading beside a running primary: it replays the primary's
 *       MANIFEST (and WAL) into a version of its own, a consistent set of files
 *       ({@link RocksDB#getColumnFamilyMetaData}), and can catch up with the primary
 *       ({@link #catchUp()}) when the primary's compaction has deleted a file the caller wanted to
 *       read. RocksDB asks a secondary to keep every table open ({@code max_open_files = -1},
 *       db/db_impl/db_impl_secondary.cc, DB::OpenAsSecondary).
 *   <li>a database nobody holds is opened <em>read-only</em> ({@code RocksDB.openReadOnly}, every
 *       table opened at once): its recovery is strict, so a truncated or damaged SST file is an error
 *       naming the file, where a secondary recovers to the last version whose files all open (for a
 *       database with a damaged early file, an empty one) without saying so.
 * </ul>
 * {@link #secondary()} says which. Whether the database is held is read from Linux's
 * {@code /proc/locks}, without taking a lock ({@link #heldOpen}), so a process that holds the database
 * itself can read it too (as a secondary).
 *
 * <p>Column families are opened with the database's own options from its latest OPTIONS file
 * ({@code OptionsUtil.loadLatestOptions}), so that lookups through {@link #db()} use the database's
 * own filter policy and prefix extractor; a database without a readable OPTIONS file is opened with
 * RocksDB's defaults ({@link #ownOptions()} says which). The info log goes to the secondary folder.
 *
 * <p>The version read is named by {@link #manifestNumber()} (the MANIFEST the instance replayed, one
 * of its live files) and {@link #latestSequenceNumber()}.
 */
public final class RocksDbSnapshotOpen implements AutoCloseable {

    private final Path dir;
    private final Path secondary;
    private final DBOptions options;
    private final List<ColumnFamilyOptions> familyOptions;
    private final List<String> names;
    private final List<ColumnFamilyHandle> handles;
    private final RocksDB db;
    private final boolean ownOptions;
    private final Map<String, String> substitutedPolicies = new TreeMap<>();
    private final boolean secondaryInstance;
    private long manifestNumber;

    /** Opens (and catch-ups) tried while the primary switches to a new MANIFEST under them. */
    private static final int MAX_ATTEMPTS = 5;

    private RocksDbSnapshotOpen(Path dir, Path secondary, DBOptions options, List<ColumnFamilyOptions> familyOptions,
                                List<String> names, List<ColumnFamilyHandle> handles, RocksDB db, boolean ownOptions,
                                boolean secondaryInstance, long manifestNumber) {
        this.dir = dir;
        this.secondary = secondary;
        this.options = options;
        this.familyOptions = familyOptions;
        this.names = List.copyOf(names);
        this.handles = handles;
        this.db = db;
        this.ownOptions = ownOptions;
        this.secondaryInstance = secondaryInstance;
        this.manifestNumber = manifestNumber;
    }

    /** Opens {@code dir} as a secondary instance with RocksDB's options as the database names them. */
    public static RocksDbSnapshotOpen open(Path dir) throws InvalidInputException {
        return open(dir, o -> {
        });
    }

    /**
     * Opens {@code dir} as a secondary instance.
     *
     * @param tune called on the database options before the open, e.g. to set statistics; it must not
     *             change {@code max_open_files}, the log folder or the create options
     * @throws InvalidInputException no such folder, not a RocksDB database, or one RocksDB cannot open
     */
    public static RocksDbSnapshotOpen open(Path dir, Consumer<DBOptions> tune) throws InvalidInputException {
        for (int attempt = 0; ; attempt++) {
            long before = checkedManifest(dir);
            RocksDbSnapshotOpen open = openOnce(dir, tune, before);
            if (currentManifest(dir) == before || attempt == MAX_ATTEMPTS - 1) {
                return open;
            }
            open.close();
        }
    }

    /** The MANIFEST number of the database in {@code dir}, refused when there is no folder or no CURRENT file. */
    static long checkedManifest(Path dir) throws InvalidInputException {
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException(dir + ": no such folder");
        }
        if (!Files.isRegularFile(dir.resolve("CURRENT"))) {
            throw new InvalidInputException(dir + ": not a RocksDB database (no CURRENT file)");
        }
        return currentManifest(dir);
    }

    private static RocksDbSnapshotOpen openOnce(Path dir, Consumer<DBOptions> tune, long manifest)
            throws InvalidInputException {
        List<String> families = columnFamilies(dir);
        boolean held = heldOpen(dir);
        Path secondary = held ? secondaryFolder(dir) : null;
        DBOptions options = null;
        List<ColumnFamilyOptions> familyOptions = new ArrayList<>();
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        Map<String, String> substituted = new TreeMap<>();
        try {
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            options = new DBOptions();
            boolean own = loadOwnOptions(dir, options, families, descriptors, substituted);
            if (!own) {
                options.close();
                options = new DBOptions();
                for (String name : families) {
                    ColumnFamilyOptions cf = new ColumnFamilyOptions();
                    descriptors.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8), cf));
                }
            }
            for (ColumnFamilyDescriptor d : descriptors) {
                familyOptions.add(d.getOptions());
            }
            tune.accept(options);
            options.setMaxOpenFiles(-1).setCreateIfMissing(false).setCreateMissingColumnFamilies(false)
                    .setDbLogDir("");
            List<String> names = new ArrayList<>();
            for (ColumnFamilyDescriptor d : descriptors) {
                names.add(new String(d.getName(), StandardCharsets.UTF_8));
            }
            RocksDB db = held
                    ? RocksDB.openAsSecondary(options, dir.toString(), secondary.toString(), descriptors, handles)
                    : RocksDB.openReadOnly(options, dir.toString(), descriptors, handles);
            RocksDbSnapshotOpen open = new RocksDbSnapshotOpen(dir, secondary, options, familyOptions, names, handles, db,
                    own, held, manifest);
            open.substitutedPolicies.putAll(substituted);
            return open;
        } catch (RocksDBException | RuntimeException e) {
            for (ColumnFamilyHandle h : handles) {
                h.close();
            }
            for (ColumnFamilyOptions cf : familyOptions) {
                cf.close();
            }
            if (options != null) {
                options.close();
            }
            if (secondary != null) {
                removeQuietly(secondary);
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            String problem = dir + ": RocksDB cannot open it " + (held ? "as a secondary instance" : "read-only")
                    + ": " + e.getMessage();
            if (!held && !e.getMessage().contains(".sst")) {
                damagedTable(dir, problem);
            }
            throw new InvalidInputException(problem);
        }
    }

    /**
     * Names the table RocksDB could not open when its message does not: the first SST file in the folder
     * this project's reader refuses ({@link SstFile}: footer, meta blocks and checksums).
     *
     * @throws InvalidInputException naming that file, when there is one
     */
    private static void damagedTable(Path dir, String problem) throws InvalidInputException {
        List<Path> tables;
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            tables = files.filter(f -> f.getFileName().toString().endsWith(".sst")).sorted().toList();
        } catch (IOException e) {
            return;
        }
        for (Path table : tables) {
            try {
                SstFile.read(table);
            } catch (SstFormatException | IOException e) {
                String message = e.getMessage().startsWith(table.toString()) ? e.getMessage() : table + ": " + e.getMessage();
                throw new InvalidInputException(message + " (" + problem + ")");
            }
        }
    }

    /** The database's column families as its MANIFEST lists them, read without opening it. */
    public static List<String> columnFamilies(Path dir) throws InvalidInputException {
        try (Options options = new Options()) {
            List<String> names = new ArrayList<>();
            for (byte[] name : RocksDB.listColumnFamilies(options, dir.toString())) {
                names.add(new String(name, StandardCharsets.UTF_8));
            }
            return names;
        } catch (RocksDBException e) {
            throw new InvalidInputException(dir + ": RocksDB cannot read it: " + e.getMessage());
        }
    }

    /**
     * Fills {@code options} and {@code descriptors} (in {@code families}' order) from the latest OPTIONS
     * file; false (nothing filled, no descriptor left open) when there is none or it names another set
     * of column families than the MANIFEST.
     */
    private static boolean loadOwnOptions(Path dir, DBOptions options, List<String> families,
                                          List<ColumnFamilyDescriptor> descriptors, Map<String, String> substituted) {
        List<ColumnFamilyDescriptor> loaded = new ArrayList<>();
        try (ConfigOptions config = new ConfigOptions().setIgnoreUnknownOptions(true)) {
            String readable = BuiltInFilterReader.substitute(OptionsText.latest(dir), substituted);
            if (substituted.isEmpty()) {
                OptionsUtil.loadLatestOptions(config, dir.toString(), options, loaded);
            } else {
                OptionsText.load(config, readable, options, loaded);
            }
        } catch (RocksDBException | IOException | RuntimeException e) {
            closeAll(loaded);
            substituted.clear();
            return false;
        }
        for (String name : families) {
            ColumnFamilyDescriptor match = null;
            for (ColumnFamilyDescriptor d : loaded) {
                if (new String(d.getName(), StandardCharsets.UTF_8).equals(name)) {
                    match = d;
                }
            }
            if (match == null) {
                closeAll(loaded);
                descriptors.clear();
                return false;
            }
            descriptors.add(match);
        }
        for (ColumnFamilyDescriptor d : loaded) {
            if (!descriptors.contains(d)) {
                d.getOptions().close();
            }
        }
        return true;
    }

    private static void closeAll(List<ColumnFamilyDescriptor> descriptors) {
        for (ColumnFamilyDescriptor d : descriptors) {
            d.getOptions().close();
        }
    }

    /**
     * Whether a process holds the database open read-write: RocksDB holds an fcntl write lock on its
     * LOCK file. Read from Linux's {@code /proc/locks} (a POSIX lock on the LOCK file's device and
     * inode), which takes no lock, so that a process holding the database itself keeps its lock and
     * reads it as a secondary; where {@code /proc/locks} cannot be read, by trying a shared lock on
     * the LOCK file opened for reading (then a process that holds the database itself must not call
     * this: POSIX record locks belong to the process, and closing the file would release its own).
     */
    static boolean heldOpen(Path dir) throws InvalidInputException {
        Path lock = dir.resolve("LOCK");
        if (!Files.exists(lock)) {
            return false;
        }
        java.util.Optional<Boolean> listed = lockedInProcLocks(lock);
        if (listed.isPresent()) {
            return listed.get();
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ)) {
            FileLock taken = channel.tryLock(0, Long.MAX_VALUE, true);
            if (taken == null) {
                return true;
            }
            taken.release();
            return false;
        } catch (OverlappingFileLockException e) {
            throw new InvalidInputException(dir + ": the database is open in this process");
        } catch (IOException e) {
            throw new InvalidInputException(dir + "/LOCK: cannot be checked: " + e.getMessage());
        }
    }

    /**
     * Whether /proc/locks lists a POSIX lock on {@code file}; empty when it cannot be read. A line reads
     * {@code 1: POSIX  ADVISORY  WRITE 2412 fd:01:1321089 0 EOF}: pid, then the device's major and minor
     * numbers in hex and the inode (Linux fs/locks.c, lock_get_status).
     */
    static java.util.Optional<Boolean> lockedInProcLocks(Path file) {
        Path procLocks = Path.of("/proc/locks");
        long inode;
        long device;
        List<String> lines;
        try {
            inode = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
            device = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
            lines = Files.readAllLines(procLocks, StandardCharsets.US_ASCII);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return java.util.Optional.empty();
        }
        // glibc's gnu_dev_major / gnu_dev_minor
        long major = ((device >>> 8) & 0xfff) | ((device >>> 32) & ~0xfffL);
        long minor = (device & 0xff) | ((device >>> 12) & ~0xffL);
        for (String line : lines) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 6 || !line.contains("POSIX")) {
                continue;
            }
            for (String field : fields) {
                String[] parts = field.split(":");
                if (parts.length == 3 && parts[2].matches("[0-9]{1,19}") && parts[0].matches("[0-9a-f]{1,8}")
                        && parts[1].matches("[0-9a-f]{1,8}")) {
                    if (Long.parseLong(parts[2]) == inode && Long.parseLong(parts[0], 16) == major
                            && Long.parseLong(parts[1], 16) == minor) {
                        return java.util.Optional.of(true);
                    }
                }
            }
        }
        return java.util.Optional.of(false);
    }

    /** A new temporary folder, refused when it would lie inside the database folder. */
    private static Path secondaryFolder(Path dir) throws InvalidInputException {
        Path folder;
        try {
            folder = Files.createTempDirectory("monkey-eval-secondary-");
        } catch (IOException e) {
            throw new InvalidInputException("cannot create a temporary folder for RocksDB's secondary instance: "
                    + e.getMessage());
        }
        if (folder.toAbsolutePath().normalize().startsWith(dir.toAbsolutePath().normalize())) {
            removeQuietly(folder);
            throw new InvalidInputException(dir + ": the temporary folder " + folder
                    + " lies inside the database folder; set java.io.tmpdir elsewhere");
        }
        return folder;
    }

    /** The open instance: reads only (Get, iterators, metadata, properties). */
    public RocksDB db() {
        return db;
    }

    /** The database folder. */
    public Path dir() {
        return dir;
    }

    /** The column families, in the MANIFEST's order. */
    public List<String> columnFamilyNames() {
        return names;
    }

    /**
     * The handle of a column family.
     *
     * @throws InvalidInputException the database has no such column family; the message lists those it has
     */
    public ColumnFamilyHandle handle(String columnFamily) throws InvalidInputException {
        int i = names.indexOf(columnFamily);
        if (i < 0) {
            throw new InvalidInputException(dir + ": no column family '" + columnFamily + "' (it has "
                    + String.join(", ", names) + ")");
        }
        return handles.get(i);
    }

    /** The options a column family was opened with (the database's own when {@link #ownOptions()}). */
    public ColumnFamilyOptions options(String columnFamily) throws InvalidInputException {
        handle(columnFamily);
        return familyOptions.get(names.indexOf(columnFamily));
    }

    /**
     * The filter policy a column family's OPTIONS file names that this process cannot create (a custom class),
     * replaced for this open by {@code rocksdb.BuiltinBloomFilter}, which reads every built-in filter; empty
     * when the column family was opened with its own policy ({@link BuiltInFilterReader}).
     */
    public Optional<String> substitutedFilterPolicy(String columnFamily) {
        return Optional.ofNullable(substitutedPolicies.get(columnFamily));
    }

    /** Whether the column families were opened with the database's OPTIONS file, not RocksDB's defaults. */
    public boolean ownOptions() {
        return ownOptions;
    }

    /**
     * The number of the MANIFEST file the instance replayed: CURRENT's, read before and after the open
     * (and each catch-up) and the same both times (a secondary does not list its live files).
     */
    public long manifestNumber() {
        return manifestNumber;
    }

    /** The latest sequence number of the version read. */
    public long latestSequenceNumber() {
        return db.getLatestSequenceNumber();
    }

    /** "MANIFEST-000012, sequence number 345": the version read, for descriptions and output. */
    public String version() {
        return String.format(Locale.ROOT, "MANIFEST-%06d, sequence number %d", manifestNumber(), latestSequenceNumber());
    }

    /** Whether the database is open as a secondary instance (another process held it), not read-only. */
    public boolean secondary() {
        return secondaryInstance;
    }

    /**
     * Replays what the primary has written since the open (or the last catch-up) into a newer version;
     * nothing for a read-only open (nobody held the database).
     */
    public void catchUp() throws InvalidInputException {
        if (!secondaryInstance) {
            return;
        }
        for (int attempt = 0; ; attempt++) {
            long before = currentManifest(dir);
            try {
                db.tryCatchUpWithPrimary();
            } catch (RocksDBException e) {
                throw new InvalidInputException(dir + ": RocksDB cannot catch up with the primary: " + e.getMessage());
            }
            long after = currentManifest(dir);
            if (before == after || attempt == MAX_ATTEMPTS - 1) {
                manifestNumber = after;
                return;
            }
        }
    }

    /** The number in CURRENT's "MANIFEST-000123". */
    static long currentManifest(Path dir) throws InvalidInputException {
        Path current = dir.resolve("CURRENT");
        String text;
        try {
            text = Files.readString(current, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new InvalidInputException(current + ": not readable: " + e.getMessage());
        }
        if (!text.matches("MANIFEST-[0-9]{1,18}")) {
            throw new InvalidInputException(current + ": not a RocksDB CURRENT file (expected MANIFEST-<number>)");
        }
        return Long.parseLong(text.substring("MANIFEST-".length()));
    }

    /** Closes the instance and removes its secondary folder. */
    @Override
    public void close() {
        for (ColumnFamilyHandle h : handles) {
            h.close();
        }
        db.close();
        for (ColumnFamilyOptions cf : familyOptions) {
            cf.close();
        }
        options.close();
        if (secondary != null) {
            removeQuietly(secondary);
        }
    }

    /**
     * The secondary folder (a temporary folder outside {@link #dir()}, gone after {@link #close()}),
     * or empty for a read-only open.
     */
    public java.util.Optional<Path> secondaryFolder() {
        return java.util.Optional.ofNullable(secondary);
    }

    static void removeQuietly(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // A temporary folder left behind is harmless; the database folder is never touched here.
        }
    }
}
