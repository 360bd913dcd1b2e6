package org.monkeyeval.family.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

/** Guards that the help texts' list of granularities is every engine, and each engine's families. */
final class EngineLabelsTest {

    @Test
    void labels_everyEngine_inDeclarationOrder() {
        assertEquals(Arrays.stream(Engine.values()).map(Engine::label).collect(Collectors.joining(", ")),
                Engine.LABELS);
    }

    @Test
    void families_rocksDbGranularities_offerBloomRibbonOrLegacy() {
        assertEquals(java.util.List.of(RocksDbFamily.INSTANCE, RocksDbRibbonFamily.INSTANCE),
                Engine.ROCKSDB_PER_LEVEL.families());
        assertEquals(Engine.ROCKSDB_PER_LEVEL.families(), Engine.ROCKSDB_RIBBON.families());
        assertSame(RocksDbLegacyFamily.INSTANCE, Engine.ROCKSDB_LEGACY.family());
        assertEquals(1, Engine.ROCKSDB.families().size());
        assertSame(Engine.ROCKSDB_RIBBON, Engine.fromLabel("RocksDB-Ribbon"));
    }
}
