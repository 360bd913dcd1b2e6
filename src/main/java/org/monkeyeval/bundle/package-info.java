/**
 * The downloadable artifact: one zip that holds the case files, the published tables with their
 * provenance, the runnable jar and the source, described twice for machines
 * ({@code datapackage.json}, Frictionless Data Package v2; {@code ro-crate-metadata.json},
 * RO-Crate with the Process Run Crate profile) and closed by {@code SHA256SUMS}.
 *
 * <p>The same contents, tool version and SOURCE_DATE_EPOCH give the same zip bytes on every
 * machine, JDK and time zone. Documents and entry order are computed without I/O
 * ({@link org.monkeyeval.bundle.Bundle}, {@link org.monkeyeval.bundle.DataPackage},
 * {@link org.monkeyeval.bundle.RoCrate}); reading the project folder
 * ({@link org.monkeyeval.bundle.BundleSources}), writing the zip
 * ({@link org.monkeyeval.bundle.BundleWriter}) and checking an unpacked bundle
 * ({@link org.monkeyeval.bundle.BundleChecker}) are the only classes that touch the disk.
 */
package org.monkeyeval.bundle;
