package org.monkeyeval.model;

/**
 * The filter memory budget M of a case, given either per entry or in total bits.
 * Exactly one form is stored, so provenance can say which the case file used.
 */
public sealed interface Budget {

    /** Largest accepted average bits per entry. At 1000 bits the ideal FPR e^(-c*b) is ~1e-209. */
    double MAX_BITS_PER_ENTRY = 1000.0;

    /** Total budget M in bits for a case holding {@code totalEntries} entries. */
    double totalBits(double totalEntries);

    /** The case-file field this budget came from. */
    String field();

    /** The number as written in the case file. */
    double value();

    /** M = bitsPerEntry * N. */
    record BitsPerEntry(double bitsPerEntry) implements Budget {
        public BitsPerEntry {
            if (!(bitsPerEntry >= 0.0 && bitsPerEntry <= MAX_BITS_PER_ENTRY)) {
                throw new IllegalArgumentException(
                        "bitsPerEntry (" + bitsPerEntry + ") must be in [0, " + MAX_BITS_PER_ENTRY + "]");
            }
        }

        @Override
        public double totalBits(double totalEntries) {
            return bitsPerEntry * totalEntries;
        }

        @Override
        public String field() {
            return "bitsPerEntry";
        }

        @Override
        public double value() {
            return bitsPerEntry;
        }
    }

    /** M given directly. */
    record TotalBits(double totalBits) implements Budget {
        public TotalBits {
            if (!(totalBits >= 0.0 && Double.isFinite(totalBits))) {
                throw new IllegalArgumentException("totalBits (" + totalBits + ") must be a finite number >= 0");
            }
        }

        @Override
        public double totalBits(double totalEntries) {
            return totalBits;
        }

        @Override
        public String field() {
            return "totalBits";
        }

        @Override
        public double value() {
            return totalBits;
        }
    }
}
