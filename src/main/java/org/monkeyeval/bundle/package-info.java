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
 * ({@link org.monkeyeval.bundle.BundleSources}) and writing the zip
 * ({@link org.monkeyeval.bundle.BundleWriter}) are the only classes that touch the disk.
 *
 * <p>The bundle depends on {@code verify}, never the other way: what a published folder holds and which
 * command makes each part come from there ({@link org.monkeyeval.verify.PublishedFolder},
 * {@link org.monkeyeval.verify.Part}), and so do the SHA256SUMS format and the rules for the bundle's paths
 * ({@link org.monkeyeval.verify.Sha256Sums}, {@link org.monkeyeval.verify.BundlePaths}), which
 * {@code verify} needs to check an unpacked bundle ({@link org.monkeyeval.verify.BundleChecker}).
 */
package org.monkeyeval.bundle;
