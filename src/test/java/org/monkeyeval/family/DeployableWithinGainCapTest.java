package org.monkeyeval.family;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;

/**
 * On every published case (cases/), the deployable allocation of each engine whose settings stop short of
 * its knob (Pebble, LevelDB) or at its knob's end (fjall, Cassandra) never asks for more bits per key than
 * the family's gain cap. RocksDB's cap is its knob's end (100 bits), which it cannot exceed.
 */
final class DeployableWithinGainCapTest {

    static Stream<Arguments> casesAndEngines() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (CaseFile f : CaseFolder.read(Path.of("cases"))) {
            for (Engine e : List.of(Engine.PEBBLE, Engine.LEVELDB, Engine.FJALL, Engine.CASSANDRA)) {
                all.add(Arguments.of(f.lsmCase().id(), e, f.lsmCase()));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("casesAndEngines")
    void deployable_publishedCase_staysWithinTheGainCap(String id, Engine engine, LsmCase lsmCase) {
        CaseResult r = new CaseEvaluator(new ThresholdSolver(), engine).evaluate(lsmCase);
        List<Setting> settings = engine.family().settings();
        double cap = settings.get(settings.size() - 1).bitsPerKey();
        for (int i = 0; i < lsmCase.runs().size(); i++) {
            Setting s = r.deployable().setting(i);
            assertTrue(s.bitsPerKey() <= cap, id + "/" + engine + " run " + lsmCase.runs().get(i).name() + ": " + s
                    + " past the cap " + cap);
        }
    }
}
