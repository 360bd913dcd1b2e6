package org.monkeyeval.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.monkeyeval.alloc.EngineFamilies;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.engine.rocksdb.EngineSettings;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.RunInfo;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Json;

/**
 * An output folder as the commands left it: which {@link Part}s it holds, and what each part's
 * provenance records about how it was made (the engine granularity of run and of confirm, the
 * confirmation's settings, the report's drawing revision), read back so the part can be made again
 * ({@link PartBuilder}). A provenance file that is there but cannot be read back is an input error
 * naming the file and the field.
 */
public final class PublishedFolder {

    private final Path out;

    public PublishedFolder(Path out) {
        this.out = out;
    }

    /**
     * The folder, when it holds something to verify.
     *
     * @throws InvalidInputException when it is missing, a file, or holds neither run's nor confirm's
     *                               provenance
     */
    public static PublishedFolder toVerify(Path out) throws InvalidInputException {
        if (!Files.exists(out)) {
            throw new InvalidInputException(out + ": the output folder does not exist");
        }
        if (!Files.isDirectory(out)) {
            throw new InvalidInputException(out + ": is a file, not an output folder");
        }
        PublishedFolder folder = new PublishedFolder(out);
        if (!folder.holds(Part.ALLOCATIONS) && !folder.holds(Part.CONFIRMATION)) {
            throw new InvalidInputException(out + ": nothing to verify: it holds neither "
                    + Part.ALLOCATIONS.provenanceFile() + " (written by " + Part.ALLOCATIONS.command() + ") nor "
                    + Part.CONFIRMATION.provenanceFile() + " (written by " + Part.CONFIRMATION.command() + ")");
        }
        return folder;
    }

    /** True for a file the commands write that is not published: run-info.json, the facts of one execution. */
    public static boolean unpublished(String fileName) {
        return fileName.equals(RunInfo.FILE);
    }

    public Path path() {
        return out;
    }

    /** The file {@code name} (relative to the folder). */
    public Path file(String name) {
        return out.resolve(name);
    }

    /** The provenance file of {@code part}. */
    public Path provenance(Part part) {
        return file(part.provenanceFile());
    }

    /** True when the folder holds {@code part}, that is its provenance file. */
    public boolean holds(Part part) {
        return Files.exists(provenance(part));
    }

    /**
     * The case files that changed since {@code part} was made, one phrase each ("a.json changed"), in
     * file-name order; empty when they match or when the part is absent or its provenance unreadable.
     */
    public List<String> changedInputs(Part part, List<CaseFile> files) {
        return StaleOutputs.changedInputs(provenance(part), files);
    }

    /**
     * The engine granularity run was given for every case, or null (none, or cases naming their own):
     * provenance.json records it in its section deployable.
     */
    public Engine runGranularity() throws InvalidInputException {
        Path provenance = provenance(Part.ALLOCATIONS);
        if (Files.exists(provenance)) {
            JsonNode engine = readJson(provenance).path(Provenance.DEPLOYABLE).path("engine");
            if (!engine.isMissingNode()) {
                return engineNamed(provenance, "deployable.engine", engine.asText());
            }
        }
        return null;
    }

    /**
     * The rate revision provenance.json records in its section rates ({@link Provenance#rates()}), 1 for a
     * folder written before the section existed.
     */
    public int rateRevision() throws InvalidInputException {
        Path provenance = provenance(Part.ALLOCATIONS);
        return readJson(provenance).path(Provenance.RATES).path(Provenance.RATE_REVISION_KEY).asInt(1);
    }

    /**
     * The prediction revision confirm-provenance.json records ({@link ConfirmReport#PREDICTION_REVISION}),
     * 1 for a folder written before the key existed.
     */
    public int predictionRevision() throws InvalidInputException {
        return readJson(provenance(Part.CONFIRMATION)).path(ConfirmReport.PREDICTION_REVISION_KEY).asInt(1);
    }

    /**
     * The families each engine was solved with, as provenance.json's section deployable describes them: an
     * engine that now chooses among several families (rocksdb-per-level: Bloom or Ribbon per level) but is
     * described without its {@code families} was solved over its first family alone, before it offered
     * more, and is solved so again ({@link EngineFamilies}).
     */
    public EngineFamilies engineFamilies() throws InvalidInputException {
        Path provenance = provenance(Part.ALLOCATIONS);
        EngineFamilies families = EngineFamilies.OFFERED;
        if (!Files.exists(provenance)) {
            return families;
        }
        JsonNode deployable = readJson(provenance).path(Provenance.DEPLOYABLE);
        Map<String, JsonNode> described = new TreeMap<>();
        if (deployable.has("engine")) {
            described.put(deployable.path("engine").asText(), deployable);
        }
        deployable.path("engines").fields().forEachRemaining(e -> described.put(e.getKey(), e.getValue()));
        for (Map.Entry<String, JsonNode> e : described.entrySet()) {
            Engine engine = engineNamed(provenance, "deployable.engines", e.getKey());
            if (engine.families().size() > 1 && !e.getValue().has("families")) {
                families = families.firstFamilyOnly(engine);
            }
        }
        return families;
    }

    /**
     * The confirmation as confirm-provenance.json records it: its settings (run on {@code threads}
     * threads, which change no table), the engine check's when it ran, and the engine granularity from
     * the recorded command line (confirm may have been given another than run).
     */
    public ConfirmationRequest confirmation(int threads) throws InvalidInputException {
        Path provenance = provenance(Part.CONFIRMATION);
        JsonNode recorded = readJson(provenance);
        ConfirmSettings settings;
        try {
            settings = ConfirmReport.settingsFrom(recorded.path("settings"), threads);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(provenance + ": settings: cannot be read back: " + e.getMessage());
        }
        Engine granularity = null;
        JsonNode command = recorded.path("command");
        for (int i = 0; i + 1 < command.size() && granularity == null; i++) {
            if (ConfirmationRequest.GRANULARITY_OPTION.equals(command.get(i).asText())) {
                granularity = engineNamed(provenance, "command", command.get(i + 1).asText());
            }
        }
        EngineSettings engine = null;
        JsonNode node = recorded.path("engine");
        if (!node.isMissingNode()) {
            try {
                engine = ConfirmReport.engineSettingsFrom(node);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException(provenance + ": engine: cannot be read back: " + e.getMessage());
            }
        }
        return new ConfirmationRequest(settings, engine, granularity);
    }

    /**
     * True when {@code part}'s provenance lists {@code fileName} among its outputs (false when the part
     * is absent): a table added in a later version is compared only in folders that published it.
     */
    public boolean lists(Part part, String fileName) throws InvalidInputException {
        Path provenance = provenance(part);
        if (!Files.exists(provenance)) {
            return false;
        }
        for (JsonNode output : readJson(provenance).path("outputs")) {
            if (output.path("path").asText().equals(fileName)) {
                return true;
            }
        }
        return false;
    }

    /** The drawing revision report-provenance.json records (1 when it has no drawing section). */
    public int drawingRevision() throws InvalidInputException {
        return readJson(provenance(Part.REPORT)).path(ReportDocuments.DRAWING).path("revision").asInt(1);
    }

    /**
     * The tables the report draws, as text, those the folder holds, without sweep.csv (which the
     * report makes).
     */
    public Map<String, String> reportTables() throws InvalidInputException {
        Map<String, String> tables = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(ReportData.REQUIRED_TABLES);
        names.addAll(ReportData.OPTIONAL_TABLES);
        for (String name : names) {
            Path file = file(name);
            if (name.equals(SweepTable.FILE) || !Files.exists(file)) {
                continue;
            }
            try {
                tables.put(name, Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new InvalidInputException(file + ": cannot read: " + e.getMessage());
            }
        }
        return tables;
    }

    /** The published sweep.csv, when the folder holds one. */
    public Optional<String> sweep() throws IOException {
        Path file = file(SweepTable.FILE);
        return Files.exists(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8)) : Optional.empty();
    }

    /** The SVG files under the report's figures folder, as document names in name order (none without it). */
    public List<String> figures() throws IOException {
        String name = Part.REPORT.folder().orElseThrow();
        Path folder = file(name);
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".svg")).sorted()
                    .map(n -> name + "/" + n).toList();
        }
    }

    /** The unpacked bundle the folder is the {@code out/} of (SHA256SUMS beside it), when it is one. */
    public Optional<Path> bundleRoot() {
        Path root = out.toAbsolutePath().normalize().getParent();
        return root != null && Files.exists(root.resolve(Sha256Sums.FILE)) ? Optional.of(root) : Optional.empty();
    }

    private static Engine engineNamed(Path file, String field, String label) throws InvalidInputException {
        try {
            return Engine.fromLabel(label);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(file + ": field " + field + ": " + e.getMessage());
        }
    }

    private static JsonNode readJson(Path file) throws InvalidInputException {
        try {
            return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InvalidInputException(file + ": not readable JSON: " + e.getMessage());
        }
    }
}
