package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import org.monkeyeval.text.Json;

/**
 * docs/publish.sh gives the commands the published folder records: each of its lines is the
 * command of one provenance file, every option it sets recorded with the same value.
 */
final class PublishScriptTest {

    private static final String PREFIX = "\"$java\" -jar \"$jar\" ";

    @Test
    void publishScript_eachLine_isTheCommandAProvenanceFileRecords() throws IOException {
        List<List<String>> lines = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("docs/publish.sh"), StandardCharsets.UTF_8)) {
            if (line.startsWith(PREFIX)) {
                lines.add(List.of(line.substring(PREFIX.length()).trim().split(" +")));
            }
        }
        List<String> provenance = List.of("out/provenance.json", "out/confirm-provenance.json",
                "out/report-provenance.json");
        assertEquals(provenance.size(), lines.size(), "one line per provenance file");
        for (int i = 0; i < lines.size(); i++) {
            List<String> line = lines.get(i);
            JsonNode recorded = Json.parse(Files.readString(Path.of(provenance.get(i)), StandardCharsets.UTF_8))
                    .path("command");
            List<String> command = new ArrayList<>();
            recorded.forEach(n -> command.add(n.asText()));
            assertEquals(command.get(0), line.get(0), provenance.get(i));
            for (int j = 1; j < line.size(); j += 2) {
                int at = command.indexOf(line.get(j));
                assertTrue(at > 0 && j + 1 < line.size() && line.get(j + 1).equals(command.get(at + 1)),
                        provenance.get(i) + " records " + command + ", docs/publish.sh gives " + line);
            }
        }
    }
}
