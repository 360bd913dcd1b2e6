package org.monkeyeval.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.monkeyeval.alloc.MonkeyModel;
import org.monkeyeval.family.cassandra.CassandraFamily;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.fjall.FjallFamily;
import org.monkeyeval.family.leveldb.LevelDbFamily;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.LegacyBloomRate;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.filter.LineOccupancy;

/**
 * Guards each family's rules against the engine's source as cited in the family's class comment
 * (pinned values worked out by hand from those rules), and that the families agree with the filters
 * this project builds where they describe the same filter.
 */
final class FilterFamiliesTest {

    @Test
    void ideal_isMonkeysCurve() {
        assertEquals(MonkeyModel.idealFpr(7.5), IdealFamily.INSTANCE.fpr(1000, IdealFamily.INSTANCE.settingFor(7.5)));
        assertEquals(7500.0, IdealFamily.INSTANCE.filterBits(1000, IdealFamily.INSTANCE.settingFor(7.5)));
        assertEquals(1.0, IdealFamily.INSTANCE.fpr(1000, IdealFamily.INSTANCE.settingFor(0)));
    }

    @Test
    void standard_matchesTheBuiltStandardBloom() {
        StandardBloom f = StandardBloom.construct(10_000, 9.3, i -> i, 1L);
        Setting s = StandardFamily.INSTANCE.settingFor(9.3);
        assertEquals(f.bitCount(), (long) StandardFamily.INSTANCE.filterBits(10_000, s));
        assertEquals(f.hashes(), s.probes());
        assertEquals(StandardBloom.predictedFpr(10_000, f.bitCount(), f.hashes()), StandardFamily.INSTANCE.fpr(10_000, s));
    }

    @Test
    void rocksDb_sizeIsWholeLinesPlusMetadata_andMatchesTheBuiltFilter() {
        Setting s = RocksDbFamily.INSTANCE.settingFor(10);
        assertEquals(6, s.probes());
        assertEquals("10", s.knob());
        // 1000 keys * 10000 millibits / 8000 = 1250 bytes -> 20 lines of 64 = 1280, + 5 metadata
        assertEquals(8.0 * 1285, RocksDbFamily.INSTANCE.filterBits(1000, s));
        RocksDbLocalBloom built = RocksDbLocalBloom.construct(1000, 10, i -> i, 1L);
        assertEquals(built.bitCount() + 8 * RocksDbLocalBloom.METADATA_BYTES,
                (long) RocksDbFamily.INSTANCE.filterBits(1000, s));
        assertEquals(LineOccupancy.fpr(1000, 20, 6), RocksDbFamily.INSTANCE.fpr(1000, s));
        assertEquals(built.predictedFpr(), RocksDbFamily.INSTANCE.fpr(1000, s));
    }

    @Test
    void rocksDb_settingFor_followsMillibitRounding() {
        assertFalse(RocksDbFamily.INSTANCE.settingFor(0.49).hasFilter());
        assertEquals("1", RocksDbFamily.INSTANCE.settingFor(0.5).knob());
        assertEquals("10", RocksDbFamily.INSTANCE.settingFor(9.9995).knob());
        assertEquals("10.5", RocksDbFamily.INSTANCE.settingFor(10.5).knob());
        assertEquals("19.067", RocksDbFamily.INSTANCE.settingFor(19.0669).knob());
        assertEquals(99_002, RocksDbFamily.INSTANCE.settings().size());
    }

    @Test
    void pebble_linesAreOddAndProbesFollowItsTable() {
        // ceil(1000 * 10 / 512) = 20 -> 21 (odd); (21 * 64 + 5) bytes
        assertEquals(21, PebbleFamily.calculateNumLines(1000, 10));
        assertEquals(8.0 * (21 * 64 + 5), PebbleFamily.INSTANCE.filterBits(1000, PebbleFamily.INSTANCE.settingFor(10)));
        assertEquals(List.of(1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6),
                java.util.stream.IntStream.rangeClosed(1, 12).map(PebbleFamily::calculateProbes).boxed().toList());
        assertEquals(LegacyBloomRate.fpr(1000, 21, 6), PebbleFamily.INSTANCE.fpr(1000, PebbleFamily.INSTANCE.settingFor(10.9)));
        // Pebble's simulated 1.14% at 10 bits per key (bloom.go's FilterPolicy comment), n about 10,000
        assertEquals(0.0114, PebbleFamily.INSTANCE.fpr(10_000, PebbleFamily.INSTANCE.settingFor(10)), 0.05 * 0.0114);
    }

    @Test
    void levelDb_hashesRoundDownAndClamp_sizeHasA64BitFloor() {
        assertEquals(1, LevelDbFamily.hashes(1));   // 0.69 -> 0 -> 1
        assertEquals(6, LevelDbFamily.hashes(10));  // 6.9 -> 6
        assertEquals(30, LevelDbFamily.hashes(50)); // 34.5 -> 30
        assertEquals(64, LevelDbFamily.arrayBits(5, 10));
        assertEquals(72, LevelDbFamily.arrayBits(7, 10));
        assertEquals(72 + 8.0, LevelDbFamily.wholeRun().filterBits(7, LevelDbFamily.wholeRun().settingFor(10)));
    }

    @Test
    void fjall_wholeBitsAndF32Hashes() {
        assertEquals(1, FjallFamily.hashes(1));
        assertEquals(2, FjallFamily.hashes(3));   // 2.079 -> 2
        assertEquals(6, FjallFamily.hashes(10));  // 6.93 -> 6
        assertEquals(80, FjallFamily.arrayBits(7, 11)); // 77 -> 80
        assertEquals(7, (int) FjallFamily.INSTANCE.settingFor(7.99).bitsPerKey());
    }

    @Test
    void cassandra_specFollowsBloomCalculations() {
        Setting one = CassandraFamily.spec(0.01); // fewest buckets: 10 (0.00819 at K=7), K lowered to 5 (0.00943)
        assertEquals(10.0, one.bitsPerKey());
        assertEquals(5, one.probes());
        Setting trivial = CassandraFamily.spec(0.5); // K = 2 and 1 bucket (swapped arguments in Cassandra)
        assertEquals(1.0, trivial.bitsPerKey());
        assertEquals(2, trivial.probes());
        assertFalse(CassandraFamily.spec(1.0).hasFilter());
        assertThrows(IllegalArgumentException.class, () -> CassandraFamily.spec(1e-5));
        assertEquals(128, CassandraFamily.bitSetBits(10, 10)); // 120 bits -> 2 words
    }

    @Test
    void cassandra_everySettingsKnobGivesThatSetting() {
        for (Setting s : CassandraFamily.INSTANCE.settings()) {
            if (s.hasFilter()) {
                Setting again = CassandraFamily.spec(Double.parseDouble(s.knob()));
                assertEquals(s.bitsPerKey(), again.bitsPerKey(), s.knob());
                assertEquals(s.probes(), again.probes(), s.knob());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void engineFamily_noFilterFirst_thenSizesNeverFall(Engine engine) {
        List<Setting> settings = engine.family().settings();
        assertFalse(settings.get(0).hasFilter());
        assertEquals(1.0, engine.family().fpr(12_345, settings.get(0)));
        assertEquals(0.0, engine.family().filterBits(12_345, settings.get(0)));
        double last = 0;
        for (Setting s : settings) {
            double bits = engine.family().filterBits(12_345, s);
            assertTrue(bits >= last, engine + " " + s);
            double p = engine.family().fpr(12_345, s);
            assertTrue(p > 0 && p <= 1, engine + " " + s + " p=" + p);
            last = bits;
        }
    }

    @Test
    void engine_fromLabel_unknownNamesTheChoices() {
        assertEquals(Engine.ROCKSDB_PER_LEVEL, Engine.fromLabel("rocksdb-per-level"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Engine.fromLabel("lmdb"));
        assertTrue(e.getMessage().contains("pebble, pebble-use-l6-filters, rocksdb"), e.getMessage());
    }
}
