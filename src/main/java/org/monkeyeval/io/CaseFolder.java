package org.monkeyeval.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Sha256;

/** Reads every {@code *.json} case file of a folder, sorted by case id, with unique ids. */
public final class CaseFolder {

    private CaseFolder() {
    }

    /**
     * The case of one id.
     *
     * @throws InvalidInputException when a file is unusable, or the folder has no case of that id (the
     *                               message lists the ids it has)
     */
    public static LsmCase readCase(Path folder, String id) throws InvalidInputException {
        List<CaseFile> files = read(folder);
        for (CaseFile file : files) {
            if (file.lsmCase().id().equals(id)) {
                return file.lsmCase();
            }
        }
        throw new InvalidInputException(folder + ": no case '" + id + "' (it has "
                + String.join(", ", files.stream().map(f -> f.lsmCase().id()).toList()) + ")");
    }

    /**
     * @param folder the cases folder
     * @return the cases sorted by id
     * @throws InvalidInputException on the first unusable file, or when two files share an id
     */
    public static List<CaseFile> read(Path folder) throws InvalidInputException {
        if (!Files.exists(folder)) {
            throw new InvalidInputException(folder + ": the cases folder does not exist");
        }
        if (!Files.isDirectory(folder)) {
            throw new InvalidInputException(folder + ": is a file, not a folder of case files");
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw FileProblem.of(folder, "cannot list the case files", e);
        }
        if (files.isEmpty()) {
            throw new InvalidInputException(folder + ": no case files (*.json)");
        }
        List<CaseFile> cases = new ArrayList<>(files.size());
        Map<String, String> fileById = new HashMap<>();
        for (Path file : files) {
            String shown = file.toString();
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(file);
            } catch (IOException e) {
                throw FileProblem.of(file, "cannot read", e);
            }
            LsmCase lsmCase = CaseReader.read(shown, new ByteArrayInputStream(bytes));
            String previous = fileById.putIfAbsent(lsmCase.id(), shown);
            if (previous != null) {
                throw new InvalidInputException(shown + ": id: \"" + lsmCase.id() + "\" is already used by " + previous);
            }
            cases.add(new CaseFile(file.getFileName().toString(), Sha256.hex(bytes), lsmCase));
        }
        cases.sort(Comparator.comparing(c -> c.lsmCase().id()));
        return List.copyOf(cases);
    }
}
