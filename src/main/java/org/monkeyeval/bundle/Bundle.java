package org.monkeyeval.bundle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.verify.Sha256Sums;

/**
 * The entries of a bundle in zip order, computed without I/O: the caller's files,
 * {@code datapackage.json} and {@code ro-crate-metadata.json}, sorted by path
 * ({@link BundleEntry#BY_PATH}), then {@code SHA256SUMS} last, covering every entry before it.
 *
 * <p>Each document covers the ones made before it: the RO-Crate lists and hashes
 * {@code datapackage.json}; SHA256SUMS hashes both.
 */
public final class Bundle {

    private Bundle() {
    }

    /**
     * @param contents        the caller's files; must not hold datapackage.json,
     *                        ro-crate-metadata.json or SHA256SUMS, and must hold monkey-eval.jar
     * @param tool            name and version recorded in both descriptors
     * @param sourceDateEpoch SOURCE_DATE_EPOCH when set
     */
    public static List<BundleEntry> assemble(BundleContents contents, ToolInfo tool, OptionalLong sourceDateEpoch) {
        for (String reserved : List.of(DataPackage.FILE, RoCrate.FILE, Sha256Sums.FILE)) {
            if (contents.find(reserved).isPresent()) {
                throw new IllegalArgumentException("contents must not hold " + reserved + ": the bundle writes it");
            }
        }
        BundleContents described = contents.with(BundleEntry.ofText(DataPackage.FILE,
                DataPackage.document(contents, tool, sourceDateEpoch)));
        BundleContents all = described.with(BundleEntry.ofText(RoCrate.FILE,
                RoCrate.document(described, tool, sourceDateEpoch)));
        List<BundleEntry> entries = new ArrayList<>(all.entries());
        Map<String, String> sha256ByPath = new LinkedHashMap<>();
        entries.forEach(e -> sha256ByPath.put(e.path(), e.sha256()));
        entries.add(BundleEntry.ofText(Sha256Sums.FILE, Sha256Sums.format(sha256ByPath)));
        return List.copyOf(entries);
    }
}
