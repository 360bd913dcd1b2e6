package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDBException;

/**
 * A database's OPTIONS file as text, for the opens that change a few of its lines (the filter policy a
 * process cannot create, a rewrite's filter): its sections, and loading an edited text through a temporary
 * copy outside every database folder, so that the database's own folder is never written.
 */
final class OptionsText {

    /** {@code [TableOptions/BlockBasedTable "NAME"]}: a column family's table options. */
    static final Pattern TABLE_SECTION = Pattern.compile("^\\s*\\[TableOptions/BlockBasedTable \"(.*)\"\\]\\s*$");
    /** {@code [CFOptions "NAME"]}: a column family's options. */
    static final Pattern CF_SECTION = Pattern.compile("^\\s*\\[CFOptions \"(.*)\"\\]\\s*$");
    /** Any section header. */
    static final Pattern SECTION = Pattern.compile("^\\s*\\[.*\\]\\s*$");

    private OptionsText() {
    }

    /** The text of the database's latest OPTIONS file. */
    static String latest(Path dir) throws RocksDBException, IOException {
        String name = OptionsUtil.getLatestOptionsFileName(dir.toString(), Env.getDefault());
        return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }

    /** Fills {@code options} and {@code descriptors} from OPTIONS text, as RocksDB loads an OPTIONS file. */
    static void load(ConfigOptions config, String text, DBOptions options, List<ColumnFamilyDescriptor> descriptors)
            throws RocksDBException, IOException {
        Path copy = Files.createTempFile("monkey-eval-options", ".ini");
        try {
            Files.writeString(copy, text, StandardCharsets.UTF_8);
            OptionsUtil.loadOptionsFromFile(config, copy.toString(), options, descriptors);
        } finally {
            Files.deleteIfExists(copy);
        }
    }
}
