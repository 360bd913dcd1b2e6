package org.monkeyeval.engine.rocksdb;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the filters of a database whose OPTIONS file names a filter policy this process cannot create.
 *
 * <p>RocksDB records a filter policy in OPTIONS by its id: the built-ins write {@code bloomfilter:B:false}
 * or {@code ribbonfilter:B:L}, a custom class its name. Recreating a custom one needs a factory registered
 * in the loading process; without it, loading with ignore_unsupported_options gives a null policy, and a
 * table read with no policy reads no filter ({@code include/rocksdb/table.h}), so every lookup would read
 * every file. The filter blocks themselves are found by {@code "fullfilter." + CompatibilityName()}, and
 * {@code filter_policy=rocksdb.BuiltinBloomFilter} recreates a read-only policy that reads every built-in
 * filter (fast local Bloom, legacy Bloom, Ribbon) and builds none: what this tool opens such a column family
 * with, saying so. Only the open changes; the database's folder is not written.
 */
final class BuiltInFilterReader {

    /** The read-only policy RocksDB recreates from this id ({@code FilterPolicy::CreateFromString}). */
    static final String BUILT_IN_READER = "rocksdb.BuiltinBloomFilter";

    private static final Pattern FILTER_POLICY = Pattern.compile("^(\\s*filter_policy=)(.*?)(\\s*)$");

    private BuiltInFilterReader() {
    }

    /** True for the ids RocksDB creates by itself: none, its Bloom and Ribbon specs, and its own classes. */
    static boolean builtIn(String id) {
        String v = id.trim();
        return v.isEmpty() || v.equals("nullptr") || v.startsWith("bloomfilter") || v.startsWith("ribbonfilter")
                || v.startsWith("rocksdb.");
    }

    /**
     * The OPTIONS text with each block-based table's custom filter policy replaced by
     * {@link #BUILT_IN_READER}; {@code substituted} receives column family name to the id replaced.
     */
    static String substitute(String options, Map<String, String> substituted) {
        StringBuilder out = new StringBuilder(options.length());
        String family = null;
        for (String line : options.split("\n", -1)) {
            Matcher section = OptionsText.TABLE_SECTION.matcher(line);
            if (section.matches()) {
                family = section.group(1);
            } else if (OptionsText.SECTION.matcher(line).matches()) {
                family = null;
            } else if (family != null) {
                Matcher policy = FILTER_POLICY.matcher(line);
                if (policy.matches() && !builtIn(policy.group(2))) {
                    substituted.put(family, policy.group(2));
                    line = policy.group(1) + BUILT_IN_READER + policy.group(3);
                }
            }
            out.append(line).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    /** What a measurement says about the substitution, in one line. */
    static String note(String columnFamily, String id) {
        return String.format(Locale.ROOT, "column family %s: its OPTIONS file names filter_policy=%s, which this"
                + " process cannot create (no factory registered for it); opened with %s, which reads every built-in"
                + " filter the files hold", columnFamily, id, BUILT_IN_READER);
    }
}
