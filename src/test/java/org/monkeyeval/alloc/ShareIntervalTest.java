package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.model.Workload;

/**
 * The KL radius becomes the interval of shares it holds, exactly: each end is inside the radius and
 * the next double outward is not (or the end is 0 or 1); a range is taken as given.
 */
final class ShareIntervalTest {

    static Stream<Arguments> sharesAndRadii() {
        SplittableRandom random = new SplittableRandom(20);
        return IntStream.range(0, 60).mapToObj(k -> Arguments.of(k,
                random.nextInt(10) == 0 ? 0.5 : random.nextDouble(), Math.pow(10, -6 + 6.5 * random.nextDouble())));
    }

    @ParameterizedTest(name = "case {0}: z = {1}, rho = {2}")
    @MethodSource("sharesAndRadii")
    void ofKlRadius_eachEnd_isTheLastDoubleInsideTheRadius(int k, double z, double rho) {
        ShareInterval interval = ShareInterval.ofKlRadius(z, rho);
        assertTrue(interval.low() <= z && z <= interval.high(), interval.toString());
        assertTrue(ShareInterval.divergence(interval.low(), z) <= rho, "low end inside");
        assertTrue(ShareInterval.divergence(interval.high(), z) <= rho, "high end inside");
        if (interval.low() > 0) {
            assertTrue(ShareInterval.divergence(Math.nextDown(interval.low()), z) > rho, "one double lower is outside");
        } else {
            assertTrue(-Math.log1p(-z) <= rho * (1 + 1e-15), "low end 0 only when KL(0 || z) is within the radius");
        }
        if (interval.high() < 1) {
            assertTrue(ShareInterval.divergence(Math.nextUp(interval.high()), z) > rho, "one double higher is outside");
        } else {
            assertTrue(-Math.log(z) <= rho * (1 + 1e-15), "high end 1 only when KL(1 || z) is within the radius");
        }
    }

    @Test
    void divergence_halfAgainstAQuarter_isHalfTheLogOfFourThirds() {
        // 0.5 ln(0.5 / 0.25) + 0.5 ln(0.5 / 0.75) = 0.5 ln(4/3)
        assertEquals(0.5 * Math.log(4.0 / 3.0), ShareInterval.divergence(0.5, 0.25), 1e-16);
        assertEquals(0.0, ShareInterval.divergence(0.3, 0.3));
        assertEquals(Math.log(2.0), ShareInterval.divergence(1.0, 0.5), 1e-16);
    }

    @Test
    void ofKlRadius_certainOrZeroRadius_isThePointItself() {
        assertEquals(new ShareInterval(0.0, 0.0), ShareInterval.ofKlRadius(0.0, 5.0));
        assertEquals(new ShareInterval(1.0, 1.0), ShareInterval.ofKlRadius(1.0, 5.0));
        assertEquals(new ShareInterval(0.4, 0.4), ShareInterval.ofKlRadius(0.4, 0.0));
    }

    @Test
    void ofKlRadius_radiusBeyondBothEnds_isTheWholeUnitInterval() {
        // KL(0 || 0.5) = KL(1 || 0.5) = ln 2 < 0.7
        assertEquals(new ShareInterval(0.0, 1.0), ShareInterval.ofKlRadius(0.5, 0.7));
    }

    @Test
    void of_workload_takesTheRangeAsGivenAndAKnownShareAsAPoint() {
        assertEquals(new ShareInterval(0.2, 0.9),
                ShareInterval.of(new Workload.ZeroResultShare(0.6, new Workload.ShareRange(0.2, 0.9))));
        assertEquals(new ShareInterval(0.6, 0.6), ShareInterval.of(new Workload.ZeroResultShare(0.6)));
        assertEquals(ShareInterval.ofKlRadius(0.6, 0.05),
                ShareInterval.of(new Workload.ZeroResultShare(0.6, new Workload.KlRadius(0.05))));
    }

    @Test
    void ofKlRadius_negativeRadius_refusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShareInterval.ofKlRadius(0.5, -0.1));
        assertTrue(e.getMessage().contains("-0.1"), e.getMessage());
    }
}
