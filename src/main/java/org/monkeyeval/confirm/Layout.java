package org.monkeyeval.confirm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.StandardBloom;
import org.monkeyeval.family.catalog.Families;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.filter.Predictions;

/**
 * The filters a run can be confirmed with, each with its own finite-filter prediction: the two layouts
 * built with the project's pinned hash ({@link #STANDARD}, {@link #ROCKSDB}: exact line-load predictions
 * and build variances, see {@link Predictions}), and every family whose real filter is built here
 * ({@link RealFilterFamily}), named as the family is, predicted by its family.
 *
 * <p>A family's filter is built at the setting its engine uses for the run's bits per entry
 * ({@link FilterFamily#settingFor}: the nearest setting below for engines that take whole bits, the one
 * width for a fixed-width filter when it fits, none below it).
 */
public abstract class Layout {

    /** Classic Bloom filter with m = round(n*b) bits and k = max(1, round(b ln 2)). */
    public static final Layout STANDARD = new Layout("standard") {
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

        @Override
        public double predictedFpr(long entries, double bitsPerEntry) {
            if (!StandardBloom.hasFilter(bitsPerEntry)) {
                return 1.0;
            }
            return StandardBloom.predictedFpr(entries, StandardBloom.bitsFor(entries, bitsPerEntry),
                    StandardBloom.hashesFor(bitsPerEntry));
        }
    };

    /** RocksDB format_version 5 cache-local Bloom rules (one 512-bit line per key). */
    public static final Layout ROCKSDB = new Layout("rocksdb") {
        @Override
        BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed) {
            if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
                return BuiltFilter.none();
            }
            RocksDbLocalBloom f = RocksDbLocalBloom.construct(entries, bitsPerEntry, keyOfIndex, hashSeed);
            double cacheLocal = RocksDbFamily.cacheLocalFpRate(entries, f.lines(), f.hashes());
            double poisson = RocksDbLocalBloom.poissonMixtureFpr((double) entries / f.lines(), f.hashes());
            // predicted_fpr is the built filter's rate (LineOccupancy: each line's occupancy, mixed over the
            // binomial line loads); the classical Poisson mixture (Putze et al. 2007) and RocksDB's
            // CacheLocalFpRate, both low at high bits per key, are kept beside it as diagnostics.
            Predictions.Moments exact = Predictions.cacheLocal(entries, f.lines(), f.hashes());
            return new BuiltFilter(f, f.bitCount(), f.hashes(), exact.mean(), exact.variance(), cacheLocal, poisson);
        }

        @Override
        public double predictedFpr(long entries, double bitsPerEntry) {
            if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
                return 1.0;
            }
            return RocksDbFamily.INSTANCE.fpr(entries, RocksDbFamily.INSTANCE.settingFor(bitsPerEntry));
        }
    };

    private static final List<Layout> ALL;

    static {
        List<Layout> all = new ArrayList<>(List.of(STANDARD, ROCKSDB));
        for (FilterFamily f : Families.all()) {
            if (f instanceof RealFilterFamily real && real.buildable() && !f.name().equals(STANDARD.label)
                    && !f.name().equals(ROCKSDB.label)) {
                all.add(new OfFamily(real));
            }
        }
        ALL = Collections.unmodifiableList(all);
    }

    private final String label;

    private Layout(String label) {
        this.label = label;
    }

    /** Every layout: standard, rocksdb, then the buildable families in {@link Families}' order. */
    public static List<Layout> values() {
        return ALL;
    }

    /** The name used on the command line and in the tables. */
    public String label() {
        return label;
    }

    /** Parses a label as printed by {@link #label()}; an error names the choices. */
    public static Layout fromLabel(String label) {
        for (Layout layout : ALL) {
            if (layout.label.equals(label)) {
                return layout;
            }
        }
        throw new IllegalArgumentException("unknown layout '" + label + "' (expected "
                + String.join(", ", ALL.stream().map(Layout::label).toList()) + ")");
    }

    @Override
    public String toString() {
        return label;
    }

    /**
     * The FPR this layout's filter is predicted to have for a run of {@code entries} keys at
     * {@code bitsPerEntry}, without building it: the same prediction as {@code predicted_fpr} of a built
     * filter (the exact binomial line-load mixture for {@link #ROCKSDB}, (1 - e^(-kn/m))^k for
     * {@link #STANDARD}, the family's rate for a family); 1 when the layout's rules give the run no
     * filter (every lookup reads the run). For xor filters the family's rate is the mean over filters,
     * while a built one reports its own table's rate ({@code StaticSetFamily}).
     */
    public abstract double predictedFpr(long entries, double bitsPerEntry);

    /**
     * Builds this layout's filter over {@code keyOfIndex(0 .. entries-1)}, or no filter when the
     * layout's rules give none at this many bits per entry.
     */
    abstract BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed);

    /** A family's real filter, at the setting its engine uses for the bits per entry. */
    private static final class OfFamily extends Layout {
        private final RealFilterFamily family;

        OfFamily(RealFilterFamily family) {
            super(family.name());
            this.family = family;
        }

        @Override
        public double predictedFpr(long entries, double bitsPerEntry) {
            return family.fpr(entries, family.settingFor(bitsPerEntry));
        }

        @Override
        BuiltFilter build(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex, long hashSeed) {
            Setting setting = family.settingFor(bitsPerEntry);
            if (!setting.hasFilter()) {
                return BuiltFilter.none();
            }
            RealFilter f = family.build(entries, setting, keyOfIndex, hashSeed);
            if (!f.present()) {
                return BuiltFilter.none();
            }
            return new BuiltFilter(f.filter(), f.filterBits(), setting.probes(), f.predictedFpr(), f.buildVariance(),
                    Double.NaN, Double.NaN);
        }
    }
}
