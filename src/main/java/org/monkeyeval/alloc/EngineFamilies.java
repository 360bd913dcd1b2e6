package org.monkeyeval.alloc;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Engine;

/**
 * The families each engine's deployable allocation may choose from: every family the engine offers
 * ({@link Engine#families()}), or, where a published folder was solved before an engine offered more,
 * the families it was solved with then, so that the folder is solved again as it was. A folder whose
 * provenance describes rocksdb-per-level without its {@code families} was solved over RocksDB's Bloom
 * settings alone, before each level could also choose Ribbon.
 */
public final class EngineFamilies {

    /** Every engine with all the families it offers. */
    public static final EngineFamilies OFFERED = new EngineFamilies(Map.of());

    private final Map<Engine, List<FilterFamily>> restricted;

    private EngineFamilies(Map<Engine, List<FilterFamily>> restricted) {
        this.restricted = restricted;
    }

    /**
     * These families with {@code engine} restricted to its first family ({@link Engine#family()}), as an
     * engine that offered only that one was solved.
     */
    public EngineFamilies firstFamilyOnly(Engine engine) {
        Map<Engine, List<FilterFamily>> m = new EnumMap<>(Engine.class);
        m.putAll(restricted);
        m.put(engine, List.of(engine.family()));
        return new EngineFamilies(Map.copyOf(m));
    }

    /** The families {@code engine}'s deployable allocation chooses from, the engine's own filter first. */
    public List<FilterFamily> of(Engine engine) {
        List<FilterFamily> r = restricted.get(engine);
        return r != null ? r : engine.families();
    }
}
