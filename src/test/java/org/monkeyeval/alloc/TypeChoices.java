package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

/**
 * Small sets of RocksDB's Bloom and Ribbon settings, few enough for exhaustive search: the tests of the
 * type-and-bits allocations (nominal and robust) draw them alike.
 */
final class TypeChoices {

    static final FilterFamily BLOOM = RocksDbFamily.INSTANCE;
    static final FilterFamily RIBBON = RocksDbRibbonFamily.INSTANCE;

    private TypeChoices() {
    }

    /** Five millibit values, one in each 2.5-bit step from 1 bit on, drawn from {@code randomSeed}. */
    static int[] millibits(long randomSeed) {
        SplittableRandom random = new SplittableRandom(randomSeed);
        int[] m = new int[5];
        for (int j = 0; j < m.length; j++) {
            m[j] = 1000 + 2500 * j + random.nextInt(2500);
        }
        return m;
    }

    /** The family's no-filter setting, then its setting for each of {@code millibits}. */
    static List<DeployableChoice> onlyOf(FilterFamily family, int[] millibits) {
        List<DeployableChoice> c = new ArrayList<>();
        c.add(new DeployableChoice(family, family.settings().get(0)));
        for (int m : millibits) {
            c.add(new DeployableChoice(family, family.settingFor(m / 1000.0)));
        }
        return c;
    }

    /** Bloom's and Ribbon's settings for {@code millibits}, the no-filter setting once (as the per-level union). */
    static List<DeployableChoice> union(int[] millibits) {
        List<DeployableChoice> c = new ArrayList<>(onlyOf(BLOOM, millibits));
        c.addAll(onlyOf(RIBBON, millibits).subList(1, millibits.length + 1));
        return c;
    }

    /** The (Bloom, Ribbon) setting of each B, the no-filter pair first (as rocksdb-ribbon pairs them). */
    static List<DeployableChoice[]> pairs(int[] millibits) {
        List<DeployableChoice> bloom = onlyOf(BLOOM, millibits);
        List<DeployableChoice> ribbon = onlyOf(RIBBON, millibits);
        List<DeployableChoice[]> pairs = new ArrayList<>();
        for (int s = 0; s < bloom.size(); s++) {
            pairs.add(new DeployableChoice[] {bloom.get(s), ribbon.get(s)});
        }
        return pairs;
    }
}
