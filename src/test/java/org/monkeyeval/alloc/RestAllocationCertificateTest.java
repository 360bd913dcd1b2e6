package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The robust search keeps a partial allocation without reading every weight's bound where theta's LP allocation of the
 * rest shows them all below the cut ({@code Search.vouchesBelow}): at any weight w the rest's LP bound is at most
 * w A + (1 - w) B, A and B that allocation's costs at the two ends, which the suffix bounds carry as two parts of
 * theta's costs ({@link DeployableSolver.Bound.Parts}). Checked here: the parts are summed as the bound's costs are,
 * and the certificate never vouches for a cut that some weight's bound, as the search writes it, reaches.
 */
final class RestAllocationCertificateTest {

    /** Groups of settings: per group, costs at zL and zH and sizes (ascending), some on one another's chords. */
    private static double[][][] groups(SplittableRandom random) {
        int count = 1 + random.nextInt(6);
        double[][][] groups = new double[count][][];
        for (int g = 0; g < count; g++) {
            int n = 2 + random.nextInt(120);
            double[] low = new double[n];
            double[] high = new double[n];
            double[] size = new double[n];
            double l = random.nextDouble();
            double h = random.nextDouble();
            double m = random.nextInt(4) * 64.0;
            for (int s = 0; s < n; s++) {
                if (s > 0) {
                    m += random.nextInt(6) == 0 ? 0.0 : 64 * (1 + random.nextInt(8));
                    l *= 0.6 + 0.45 * random.nextDouble();
                    h *= 0.6 + 0.45 * random.nextDouble();
                }
                low[s] = l;
                high[s] = h;
                size[s] = m;
            }
            groups[g] = new double[][] {low, high, size};
        }
        return groups;
    }

    private static double[] weighted(double[][] group, double w) {
        double[] c = new double[group[0].length];
        for (int s = 0; s < c.length; s++) {
            c[s] = w * group[0][s] + (1 - w) * group[1][s];
        }
        return c;
    }

    /** A part of each setting's cost, at the hull's positions. */
    private static double[] atHull(DeployableSolver.Hull hull, double[] part) {
        double[] at = new double[hull.index.length];
        for (int j = 0; j < at.length; j++) {
            at[j] = part[hull.index[j]];
        }
        return at;
    }

    @Test
    void partsAt_partsThatAreTheCostsThemselves_giveTheBoundBitForBit_andTheEndsWeighToIt() {
        SplittableRandom random = new SplittableRandom(41);
        for (int trial = 0; trial < 400; trial++) {
            double[][][] groups = groups(random);
            double theta = random.nextDouble();
            List<DeployableSolver.Hull> hulls = new ArrayList<>();
            List<double[]> own = new ArrayList<>();
            List<double[]> low = new ArrayList<>();
            List<double[]> high = new ArrayList<>();
            for (double[][] group : groups) {
                DeployableSolver.Hull hull = DeployableSolver.Hull.of(weighted(group, theta), group[2]);
                hulls.add(hull);
                own.add(hull.cost);
                low.add(atHull(hull, group[0]));
                high.add(atHull(hull, group[1]));
            }
            DeployableSolver.Bound[] plain = DeployableSolver.Bound.suffixes(hulls);
            DeployableSolver.Bound[] asCosts = DeployableSolver.Bound.suffixes(hulls, own, own);
            DeployableSolver.Bound[] ends = DeployableSolver.Bound.suffixes(hulls, low, high);
            for (int d = 0; d <= hulls.size(); d++) {
                DeployableSolver.Bound.Cursor costs = asCosts[d].cursor();
                DeployableSolver.Bound.Cursor both = ends[d].cursor();
                double top = plain[d].baseSize + plain[d].stepSize[plain[d].stepSize.length - 1];
                for (int q = 0; q < 30; q++) {
                    double budget = q == 0 ? top + 1 : random.nextDouble() * (top + 200) - 100;
                    double[] sums = new double[2];
                    String where = "trial " + trial + ", depth " + d + ", budget " + budget;
                    boolean fits = costs.partsAt(budget, sums);
                    assertEquals(plain[d].at(budget) < Double.POSITIVE_INFINITY, fits, where);
                    if (!fits) {
                        continue;
                    }
                    assertEquals(plain[d].at(budget), sums[0], 0.0, where);
                    assertEquals(plain[d].at(budget), sums[1], 0.0, where);
                    assertTrue(both.partsAt(budget, sums));
                    double weighed = theta * sums[0] + (1 - theta) * sums[1];
                    DeployableSolver.Bound.Parts parts = ends[d].parts;
                    assertEquals(plain[d].at(budget), weighed, 1e-12 * (parts.baseA() + parts.baseB()),
                            where + ": the ends weighed at theta");
                }
            }
        }
    }

    @Test
    void vouchesBelow_neverForACutSomeWeightsBoundReaches() {
        SplittableRandom random = new SplittableRandom(43);
        int vouched = 0;
        for (int trial = 0; trial < 400; trial++) {
            double[][][] groups = groups(random);
            double theta = random.nextDouble();
            int grid = RobustDeployableSolver.Search.WEIGHT_GRID;
            double[] weights = new double[grid + 1]; // 1, 0 and the grid's, as the search's bound reads them
            weights[0] = 1.0;
            weights[1] = 0.0;
            for (int e = 0; e < grid - 1; e++) {
                weights[2 + e] = (e + 1.0) / grid;
            }
            DeployableSolver.Bound[] rest = new DeployableSolver.Bound[weights.length];
            for (int i = 0; i < weights.length; i++) {
                List<DeployableSolver.Hull> hulls = new ArrayList<>();
                for (double[][] group : groups) {
                    hulls.add(DeployableSolver.Hull.of(weighted(group, weights[i]), group[2]));
                }
                rest[i] = DeployableSolver.Bound.of(hulls);
            }
            List<DeployableSolver.Hull> thetaHulls = new ArrayList<>();
            List<double[]> low = new ArrayList<>();
            List<double[]> high = new ArrayList<>();
            for (double[][] group : groups) {
                DeployableSolver.Hull hull = DeployableSolver.Hull.of(weighted(group, theta), group[2]);
                thetaHulls.add(hull);
                low.add(atHull(hull, group[0]));
                high.add(atHull(hull, group[1]));
            }
            DeployableSolver.Bound withParts = DeployableSolver.Bound.suffixes(thetaHulls, low, high)[0];
            DeployableSolver.Bound.Cursor atTheta = withParts.cursor();
            double scale = withParts.parts.baseA() + withParts.parts.baseB();
            double top = rest[0].baseSize + rest[0].stepSize[rest[0].stepSize.length - 1];
            for (int q = 0; q < 40; q++) {
                double left = random.nextDouble() * (top + 100);
                double offsetLow = random.nextDouble();
                double offsetHigh = random.nextDouble();
                double spentLow = offsetLow * 2 * random.nextDouble();
                double spentHigh = offsetHigh * 2 * random.nextDouble();
                double most = Double.NEGATIVE_INFINITY; // every weight's bound, as the search writes it
                most = Math.max(most, spentLow + rest[0].at(left) - offsetLow);
                most = Math.max(most, spentHigh + rest[1].at(left) - offsetHigh);
                for (int i = 2; i < weights.length; i++) {
                    double w = weights[i];
                    most = Math.max(most, w * (spentLow - offsetLow) + (1 - w) * (spentHigh - offsetHigh)
                            + rest[i].at(left));
                }
                double[] sums = new double[2];
                if (!atTheta.partsAt(left, sums)) {
                    continue;
                }
                String where = "trial " + trial + ", left " + left;
                assertFalse(RobustDeployableSolver.Search.vouchesBelow(spentLow, spentHigh, offsetLow, offsetHigh,
                        sums[0], sums[1], scale, most), where);
                if (RobustDeployableSolver.Search.vouchesBelow(spentLow, spentHigh, offsetLow, offsetHigh, sums[0],
                        sums[1], scale, most + 0.05 * Math.abs(most) + 1e-6)) {
                    vouched++;
                }
            }
        }
        assertTrue(vouched > 100, "the certificate vouched for " + vouched + " cuts a little above the bounds");
    }
}
