package org.monkeyeval.engine;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyMetaData;
import org.rocksdb.DBOptions;
import org.rocksdb.LevelMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileMetaData;
import org.rocksdb.TableProperties;

import org.monkeyeval.io.InvalidInputException;

/**
 * Reads the runs of one column family of a RocksDB database, opened read-only with RocksJava (nothing
 * in the folder is written): each L0 file is its own run, newest first by its largest sequence
 * number; each non-empty level from 1 on is one run, the sum of its files' entries (a point lookup
 * probes one file per level). Entries and filter sizes come from each file's table properties
 * ({@code rocksdb.num.entries}, {@code rocksdb.filter.size}); sampled reads from the file metadata
 * ({@code num_reads_sampled}). Entries still in the memtable or the WAL have no filter and are not
 * counted.
 */
public final class RocksDbImport {

    /** One run as read: L0 file or level. */
    public record ImportedRun(String name, int level, long entries, long filterBytes, long sampledReads) {
    }

    /**
     * What was read.
     *
     * @param dbId           the database's IDENTITY
     * @param columnFamily   the column family read
     * @param manifestNumber the number of the MANIFEST file CURRENT names
     * @param runs           newest first
     */
    public record Imported(String dbId, String columnFamily, long manifestNumber, List<ImportedRun> runs) {

        /** Sum of the runs' filter bytes. */
        public long filterBytes() {
            return runs.stream().mapToLong(ImportedRun::filterBytes).sum();
        }
    }

    private RocksDbImport() {
    }

    /**
     * @param dir          the database folder
     * @param columnFamily the column family, e.g. {@code default}
     * @throws InvalidInputException a missing or locked folder, one that is not a RocksDB database,
     *                               an unknown column family, or a database RocksDB cannot open
     */
    public static Imported read(Path dir, String columnFamily) throws InvalidInputException {
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException(dir + ": no such folder");
        }
        Path current = dir.resolve("CURRENT");
        if (!Files.isRegularFile(current)) {
            throw new InvalidInputException(dir + ": not a RocksDB database (no CURRENT file)");
        }
        long manifest = manifestNumber(current);
        String dbId = identity(dir);
        checkNotLocked(dir);
        List<byte[]> families;
        try (Options options = new Options()) {
            families = RocksDB.listColumnFamilies(options, dir.toString());
        } catch (RocksDBException e) {
            throw new InvalidInputException(dir + ": RocksDB cannot read it: " + e.getMessage());
        }
        List<String> names = new ArrayList<>();
        int wanted = -1;
        for (int i = 0; i < families.size(); i++) {
            names.add(new String(families.get(i), StandardCharsets.UTF_8));
            if (names.get(i).equals(columnFamily)) {
                wanted = i;
            }
        }
        if (wanted < 0) {
            throw new InvalidInputException(dir + ": no column family '" + columnFamily + "' (it has "
                    + String.join(", ", names) + ")");
        }
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] name : families) {
            descriptors.add(new ColumnFamilyDescriptor(name));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions();
             RocksDB db = RocksDB.openReadOnly(options, dir.toString(), descriptors, handles)) {
            try {
                return new Imported(dbId, columnFamily, manifest, runs(db, handles.get(wanted)));
            } finally {
                for (ColumnFamilyHandle h : handles) {
                    h.close();
                }
            }
        } catch (RocksDBException e) {
            throw new InvalidInputException(dir + ": RocksDB cannot open it read-only: " + e.getMessage());
        }
    }

    private static List<ImportedRun> runs(RocksDB db, ColumnFamilyHandle cf) throws RocksDBException {
        Map<String, TableProperties> properties = new HashMap<>();
        for (Map.Entry<String, TableProperties> e : db.getPropertiesOfAllTables(cf).entrySet()) {
            properties.put(baseName(e.getKey()), e.getValue());
        }
        ColumnFamilyMetaData meta = db.getColumnFamilyMetaData(cf);
        List<ImportedRun> runs = new ArrayList<>();
        for (LevelMetaData level : meta.levels()) {
            List<SstFileMetaData> files = new ArrayList<>(level.files());
            if (level.level() == 0) {
                files.sort(Comparator.comparingLong(SstFileMetaData::largestSeqno).reversed()
                        .thenComparing(SstFileMetaData::fileName));
                int k = 0;
                for (SstFileMetaData f : files) {
                    TableProperties p = properties.get(baseName(f.fileName()));
                    long entries = p == null ? f.numEntries() : p.getNumEntries();
                    if (entries > 0) {
                        runs.add(new ImportedRun("L0." + (++k), 0, entries, p == null ? 0 : p.getFilterSize(),
                                f.numReadsSampled()));
                    }
                }
            } else {
                long entries = 0;
                long filter = 0;
                long reads = 0;
                for (SstFileMetaData f : files) {
                    TableProperties p = properties.get(baseName(f.fileName()));
                    entries += p == null ? f.numEntries() : p.getNumEntries();
                    filter += p == null ? 0 : p.getFilterSize();
                    reads += f.numReadsSampled();
                }
                if (entries > 0) {
                    runs.add(new ImportedRun("L" + level.level(), level.level(), entries, filter, reads));
                }
            }
        }
        return runs;
    }

    /** The file name after the last '/', as table properties key by path and metadata by "/name". */
    static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The number in CURRENT's "MANIFEST-000123". */
    private static long manifestNumber(Path current) throws InvalidInputException {
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

    /** The database's IDENTITY (its DB id), or "unknown" when the file is absent. */
    private static String identity(Path dir) throws InvalidInputException {
        Path file = dir.resolve("IDENTITY");
        if (!Files.isRegularFile(file)) {
            return "unknown";
        }
        try {
            String id = Files.readString(file, StandardCharsets.UTF_8).trim();
            return id.matches("[0-9A-Za-z-]{1,64}") ? id : "unknown";
        } catch (IOException e) {
            throw new InvalidInputException(file + ": not readable: " + e.getMessage());
        }
    }

    /**
     * Refuses a database another process has open: RocksDB holds an fcntl write lock on its LOCK
     * file, which a shared lock here cannot take. The LOCK file is opened for reading only. POSIX
     * record locks belong to the process, so a process that itself had the database open read-write
     * would pass this check and lose its lock when the channel closes; import never opens one
     * read-write, and its tests close their databases first.
     */
    private static void checkNotLocked(Path dir) throws InvalidInputException {
        Path lock = dir.resolve("LOCK");
        if (!Files.exists(lock)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ)) {
            FileLock held = channel.tryLock(0, Long.MAX_VALUE, true);
            if (held == null) {
                throw new InvalidInputException(dir + ": the database is locked by another process (its LOCK file"
                        + " is held); close it or import a checkpoint");
            }
            held.release();
        } catch (OverlappingFileLockException e) {
            throw new InvalidInputException(dir + ": the database is open in this process");
        } catch (IOException e) {
            throw new InvalidInputException(dir + "/LOCK: cannot be checked: " + e.getMessage());
        }
    }
}
