package org.monkeyeval.confirm;

import java.util.Locale;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.RocksDbFamily;
import org.monkeyeval.filter.RocksDbLocalBloom;
import org.monkeyeval.filter.StandardBloom;

/** The filter layouts a run can be confirmed with, each with its own finite-filter prediction. */
public enum Layout {

    /** Classic Bloom filter with m = round(n*b) bits and k = max(1, round(b ln 2)). */
    STANDARD {
        @Override
        BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed) {
            if (!StandardBloom.hasFilter(bitsPerEntry)) {
                return BuiltFilter.none();
            }
            StandardBloom f = StandardBloom.construct(entries, bitsPerEntry, keyOfIndex, hashSeed);
            double predicted = StandardBloom.predictedFpr(entries, f.bitCount(), f.hashes());
            double variance = Predictions.standard(entries, f.bitCount(), f.hashes()).variance();
            return new BuiltFilter(f, f.bitCount(), f.hashes(), predicted, variance, Double.NaN, Double.NaN);
        }
    },

    /** RocksDB format_version 5 cache-local Bloom rules (one 512-bit line per key). */
    ROCKSDB {
        @Override
        BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed) {
            if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
                return BuiltFilter.none();
            }
            RocksDbLocalBloom f = RocksDbLocalBloom.construct(entries, bitsPerEntry, keyOfIndex, hashSeed);
            double cacheLocal = RocksDbFamily.cacheLocalFpRate(entries, f.lines(), f.hashes());
            double poisson = RocksDbLocalBloom.poissonMixtureFpr((double) entries / f.lines(), f.hashes());
            // The binomial line-load mixture is exact under uniform line choice; the Poisson mixture
            // (Putze et al. 2007) is its many-lines limit, and RocksDB's CacheLocalFpRate a two-point
            // approximation of that which drifts low at high bits per key. The exact one is predicted_fpr.
            Predictions.Moments exact = Predictions.cacheLocal(entries, f.lines(), f.hashes());
            return new BuiltFilter(f, f.bitCount(), f.hashes(), exact.mean(), exact.variance(), cacheLocal, poisson);
        }
    };

    /** The name used on the command line and in the tables. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a label as printed by {@link #label()}. */
    public static Layout fromLabel(String label) {
        for (Layout layout : values()) {
            if (layout.label().equals(label)) {
                return layout;
            }
        }
        throw new IllegalArgumentException("unknown layout '" + label + "' (expected standard or rocksdb)");
    }

    /**
     * Builds this layout's filter over {@code keyOfIndex(0 .. entries-1)}, or no filter when the
     * layout's rules give none at this many bits per entry.
     */
    abstract BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed);
}
