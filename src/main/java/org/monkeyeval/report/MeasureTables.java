package org.monkeyeval.report;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
import org.monkeyeval.text.Json;

/**
 * The text of {@code measure}: per column family, RocksDB's measured data blocks per absent-key lookup
 * (measured_R, with its 95% interval) beside the predicted current_R of the same database, the
 * tickers they come from, the Get latency and the version read. A table for people, JSON for tools;
 * formatting only.
 */
public final class MeasureTables {

    /** Why a measurement that consulted no filter is not the database's filters at work. */
    static final String NOT_CONSULTED = "RocksDB consulted no filter in these lookups (useful 0, full positive 0),"
            + " while the files hold filters that predict fewer reads: measured_R is the database read without"
            + " them. Causes RocksDB's reader has: no filter policy in the options it was opened with, a prefix"
            + " extractor other than the one prefix-only files were written with";

    private MeasureTables() {
    }

    /** One measured column family and the predicted current_R of its imported case (NaN when none). */
    public record Row(RocksDbMeasure.Measurement measured) {

        public double predictedCurrentR() {
            return measured.predictedR();
        }

        /** (predicted - measured) / measured, NaN when either is missing or measured is 0. */
        public double error() {
            double m = measured.measuredR();
            return m > 0 ? (predictedCurrentR() - m) / m : Double.NaN;
        }
    }

    /** The table: one block of lines per column family. */
    public static String table(String database, long queries, long seed, List<Row> rows) {
        StringBuilder b = new StringBuilder();
        for (Row row : rows) {
            RocksDbMeasure.Measurement m = row.measured();
            b.append(String.format(Locale.ROOT, "RocksDB %s, column family %s: MANIFEST-%06d, sequence number %d,"
                    + " opened %s%s%n", database, m.columnFamily(), m.manifestNumber(), m.sequenceNumber(),
                    m.secondary() ? "as a secondary instance (another process holds it)" : "read-only",
                    m.ownOptions() ? "" : " (no OPTIONS file: RocksDB's default options, no filter policy)"));
            line(b, "measured_R", String.format(Locale.ROOT, "%.4f  (95%% interval %.4f to %.4f): data blocks read"
                    + " per absent-key lookup", m.measuredR(), m.dataBlocks().lower(), m.dataBlocks().upper()));
            line(b, "predicted current_R", Double.isNaN(row.predictedCurrentR()) ? "none"
                    : String.format(Locale.ROOT, "%.4f  (import, then run's current allocation)%s",
                    row.predictedCurrentR(), Double.isNaN(row.error()) ? ""
                            : String.format(Locale.ROOT, "; %+.1f%% of measured", 100 * row.error())));
            line(b, "lookups", m.absentPrefixLength() > 0
                    ? String.format(Locale.ROOT, "%d absent prefixes (seed %d; %d present keys iterated, %d sampled,"
                    + " each with the last byte of its %d-byte prefix changed; %d with a present prefix, replaced)",
                    m.lookups(), seed, m.presentKeys(), m.sampledKeys(), m.absentPrefixLength(), m.found())
                    : String.format(Locale.ROOT, "%d absent keys (seed %d; %d present keys iterated, %d"
                    + " sampled, each extended by a byte; %d found and replaced)", m.lookups(), seed, m.presentKeys(),
                    m.sampledKeys(), m.found()));
            line(b, "filter", String.format(Locale.ROOT, "useful %d, full positive %d, true positive %d",
                    m.filterUseful(), m.fullPositive(), m.truePositive()));
            line(b, "data blocks", String.format(Locale.ROOT, "%d read: %d block cache hits, %d misses (read from"
                    + " the file)", m.dataBlocks().sum(), m.dataBlockHits(), m.dataBlockMisses()));
            line(b, "Get latency", String.format(Locale.ROOT, "p50 %.2f us, p99 %.2f us", m.p50Micros(),
                    m.p99Micros()));
            for (String note : m.notes()) {
                line(b, "note", note);
            }
            if (m.filtersNotConsulted()) {
                line(b, "warning", NOT_CONSULTED);
            }
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String label, String text) {
        b.append(String.format(Locale.ROOT, "  %-20s %s%n", label, text));
    }

    /** The JSON document: the settings and one object per column family. */
    public static String json(String database, long queries, long seed, List<Row> rows) {
        ObjectNode root = Json.object();
        root.put("database", database);
        root.put("queries", queries);
        root.put("seed", seed);
        ArrayNode families = root.putArray("columnFamilies");
        for (Row row : rows) {
            RocksDbMeasure.Measurement m = row.measured();
            ObjectNode f = families.addObject();
            f.put("columnFamily", m.columnFamily());
            f.put("manifestNumber", m.manifestNumber());
            f.put("sequenceNumber", m.sequenceNumber());
            f.put("openedAs", m.secondary() ? "secondary" : "read-only");
            f.put("ownOptions", m.ownOptions());
            Json.putNumber(f, "measured_R", m.measuredR());
            ObjectNode interval = f.putObject("measured_R_interval");
            Json.putNumber(interval, "confidence", m.dataBlocks().confidence());
            Json.putNumber(interval, "lower", m.dataBlocks().lower());
            Json.putNumber(interval, "upper", m.dataBlocks().upper());
            Json.putNumber(f, "predicted_current_R", row.predictedCurrentR());
            Json.putNumber(f, "error", row.error());
            f.put("lookups", m.lookups());
            f.put("presentKeys", m.presentKeys());
            f.put("sampledKeys", m.sampledKeys());
            f.put("foundAndReplaced", m.found());
            if (m.absentPrefixLength() > 0) {
                f.put("absentPrefixLength", m.absentPrefixLength());
            }
            f.put("dataBlocksRead", m.dataBlocks().sum());
            f.put("dataBlocksReadSquares", m.dataBlocks().sumOfSquares());
            f.put("blockCacheDataHit", m.dataBlockHits());
            f.put("blockCacheDataMiss", m.dataBlockMisses());
            f.put("bloomFilterUseful", m.filterUseful());
            f.put("bloomFilterFullPositive", m.fullPositive());
            f.put("bloomFilterFullTruePositive", m.truePositive());
            Json.putNumber(f, "getLatencyP50Micros", m.p50Micros());
            Json.putNumber(f, "getLatencyP99Micros", m.p99Micros());
            ArrayNode notes = f.putArray("notes");
            m.notes().forEach(notes::add);
            if (m.filtersNotConsulted()) {
                notes.add(NOT_CONSULTED);
            }
        }
        return Json.write(root);
    }
}
