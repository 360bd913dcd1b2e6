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

    /** Keys per cache line beyond which a line's load is taken at its mean (see {@link #predictedFpr}). */
    static final double CONCENTRATED_LOAD = 1e5;

    /**
     * The FPR this layout's filter is predicted to have for a run of {@code entries} keys at
     * {@code bitsPerEntry}, without building it: the same prediction as {@code predicted_fpr} of a built
     * filter (the exact binomial line-load mixture for {@link #ROCKSDB}, (1 - e^(-kn/m))^k for
     * {@link #STANDARD}); 1 when the layout's rules give the run no filter (every lookup reads the run).
     */
    public double predictedFpr(long entries, double bitsPerEntry) {
        if (this == STANDARD) {
            if (!StandardBloom.hasFilter(bitsPerEntry)) {
                return 1.0;
            }
            return StandardBloom.predictedFpr(entries, StandardBloom.bitsFor(entries, bitsPerEntry),
                    StandardBloom.hashesFor(bitsPerEntry));
        }
        if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
            return 1.0;
        }
        int millibits = RocksDbLocalBloom.millibitsPerKey(bitsPerEntry);
        long lines = RocksDbLocalBloom.lines(entries, millibits);
        int k = RocksDbLocalBloom.chooseNumProbes(millibits);
        double load = (double) entries / lines;
        if (load > CONCENTRATED_LOAD) {
            // Only when RocksDB's 4 GiB cap on filter data leaves 10^5 or more keys per 512-bit line (no
            // filter that confirm builds): the mixture's sum would run over ~load terms, while the line
            // load, of relative spread 1/sqrt(load) <= 0.003, is as good as its mean and every bit is set.
            return Predictions.occupancy(k * load, Predictions.LINE_BITS, k).mean();
        }
        return Predictions.cacheLocal(entries, lines, k).mean();
    }

    /**
     * Builds this layout's filter over {@code keyOfIndex(0 .. entries-1)}, or no filter when the
     * layout's rules give none at this many bits per entry.
     */
    abstract BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed);
}
