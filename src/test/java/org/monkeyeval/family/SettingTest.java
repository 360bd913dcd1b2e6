package org.monkeyeval.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

final class SettingTest {

    @Test
    void parameters_equalLists_areOneSharedInstance_withTheValuesGiven() {
        List<Setting.Parameter> given = new ArrayList<>(List.of(new Setting.Parameter("a", 3),
                new Setting.Parameter("b", 4)));
        Setting first = new Setting(2.0, "2", given);
        Setting second = new Setting(3.0, "3", List.of(new Setting.Parameter("a", 3), new Setting.Parameter("b", 4)));
        given.set(0, new Setting.Parameter("a", 9)); // the setting kept its own copy
        assertEquals(List.of(new Setting.Parameter("a", 3), new Setting.Parameter("b", 4)), first.parameters());
        assertSame(first.parameters(), second.parameters());
        assertEquals(3, second.parameter("a"));
    }

    @Test
    void rocksDbFamilies_writeTheirKnobsAlike_withOneTextPerMillibits() {
        for (int millibits : new int[] {1000, 1001, 9999, 10_000, 54_321, 100_000}) {
            Setting bloom = RocksDbFamily.INSTANCE.settings().get(millibits - RocksDbFamily.MIN_MILLIBITS + 1);
            assertSame(bloom, RocksDbFamily.ofMillibits(millibits));
            assertSame(bloom.knob(), RocksDbLegacyFamily.ofMillibits(millibits).knob());
            assertSame(bloom.knob(), RocksDbRibbonFamily.INSTANCE.ofMillibits(millibits).knob());
            assertEquals(millibits / 1000.0, bloom.bitsPerKey());
        }
    }
}
