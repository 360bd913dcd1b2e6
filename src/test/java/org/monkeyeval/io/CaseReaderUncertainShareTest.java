package org.monkeyeval.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Workload;
import org.monkeyeval.text.InvalidInputException;

/**
 * An uncertain zero-result share in a case file (a range, or a KL radius): good ones read to what they
 * say, bad ones are refused with one line naming the file, line, column and field.
 */
final class CaseReaderUncertainShareTest {

    private static LsmCase read(String workload) throws InvalidInputException {
        String json = "{\"id\": \"w\", \"runs\": [{\"entries\": 5}, {\"entries\": 50}], \"budget\": {\"bitsPerEntry\": 10},"
                + "\n \"workload\": " + workload + "}";
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void read_range_isKeptWithTheNominalShare() throws Exception {
        LsmCase c = read("{\"zeroResultShare\": 0.6, \"zeroResultShareRange\": [0.2, 0.9]}");
        assertEquals(new Workload.ZeroResultShare(0.6, new Workload.ShareRange(0.2, 0.9)), c.workload());
    }

    @Test
    void read_klRadius_isKeptWithTheNominalShare() throws Exception {
        LsmCase c = read("{\"klRadius\": 0.05, \"zeroResultShare\": 0.3}");
        assertEquals(new Workload.ZeroResultShare(0.3, new Workload.KlRadius(0.05)), c.workload());
    }

    @Test
    void read_shareAlone_isCertain() throws Exception {
        Workload.ZeroResultShare z = (Workload.ZeroResultShare) read("{\"zeroResultShare\": 0.3}").workload();
        assertFalse(z.uncertain());
    }

    static Stream<Arguments> badWorkloads() {
        return Stream.of(
                Arguments.of("range without share", "{\"zeroResultShareRange\": [0.2, 0.9]}",
                        "c.json:2:14: workload.zeroResultShare", "missing"),
                Arguments.of("range not holding the share", "{\"zeroResultShare\": 0.1, \"zeroResultShareRange\": [0.2, 0.9]}",
                        "c.json:2:39: workload.zeroResultShareRange", "does not hold zeroResultShare 0.1"),
                Arguments.of("range reversed", "{\"zeroResultShare\": 0.5, \"zeroResultShareRange\": [0.9, 0.2]}",
                        "c.json:2:63: workload.zeroResultShareRange", "low 0.9 is above high 0.2"),
                Arguments.of("range of one value", "{\"zeroResultShare\": 0.5, \"zeroResultShareRange\": [0.5]}",
                        "workload.zeroResultShareRange", "got 1 value"),
                Arguments.of("range of three values", "{\"zeroResultShare\": 0.5, \"zeroResultShareRange\": [0, 0.5, 1]}",
                        "workload.zeroResultShareRange[2]", "a third value"),
                Arguments.of("range end above 1", "{\"zeroResultShare\": 0.5, \"zeroResultShareRange\": [0.2, 1.5]}",
                        "c.json:2:69: workload.zeroResultShareRange[1]", "must be in [0, 1]"),
                Arguments.of("range not an array", "{\"zeroResultShare\": 0.5, \"zeroResultShareRange\": 0.2}",
                        "workload.zeroResultShareRange", "expected [low, high]"),
                Arguments.of("negative radius", "{\"zeroResultShare\": 0.5, \"klRadius\": -1}",
                        "workload.klRadius", "must be >= 0"),
                Arguments.of("range and radius", "{\"zeroResultShare\": 0.5, \"zeroResultShareRange\": [0.2, 0.9],"
                        + " \"klRadius\": 0.1}", "c.json:2:75: workload.klRadius", "not both"),
                Arguments.of("unknown field", "{\"zeroResultShare\": 0.5, \"range\": [0, 1]}",
                        "workload.range", "expected zeroResultShare, zeroResultShareRange, klRadius"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badWorkloads")
    void read_badUncertainShare_refusedWithLocatedOneLineMessage(String label, String workload, String where,
                                                                 String what) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(workload));
        String message = e.getMessage();
        assertTrue(message.contains(where), () -> "expected '" + where + "' in: " + message);
        assertTrue(message.contains(what), () -> "expected '" + what + "' in: " + message);
        assertFalse(message.contains("\n"), () -> "not one line: " + message);
        assertFalse(message.contains("Exception"), () -> "leaks an exception name: " + message);
    }
}
