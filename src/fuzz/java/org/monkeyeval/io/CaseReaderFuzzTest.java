package org.monkeyeval.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Printable;

/**
 * Coverage-guided fuzzing of the case reader (Jazzer): whatever bytes a case file holds, reading it
 * either gives a case or refuses it with the tool's own {@link InvalidInputException}, whose message
 * is one line that starts with the file name and echoes no control or bidirectional characters. Any
 * other exception, a hang or running out of memory is a finding.
 *
 * <p>Seeds: the bundled cases (cases/, copied in by the fuzz profile) and the invalid cases in
 * src/fuzz/resources/org/monkeyeval/io/CaseReaderFuzzTestInputs/read/. Without JAZZER_FUZZ=1 only
 * the seeds run (regression mode). Run: {@code mvn -Pfuzz test} (30 s of fuzzing, as long as the solver's
 * ThresholdSolverFuzzTest; see the pom).
 */
final class CaseReaderFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void read(byte[] input) {
        try {
            CaseReader.read("fuzz.json", new ByteArrayInputStream(input));
        } catch (InvalidInputException e) {
            String message = e.getMessage();
            assertTrue(message.startsWith("fuzz.json"), message);
            assertFalse(message.contains("\n") || message.contains("\r"), message);
            assertTrue(message.chars().noneMatch(ch -> Printable.unsafe((char) ch)), message);
        }
    }
}
