/**
 * The published folder: its parts ({@link org.monkeyeval.verify.Part}: run's allocations, confirm's
 * counts with the engine check's rows, report's sweep, page and figures), each covered by one
 * provenance file; what a folder holds and what its provenance records, read back
 * ({@link org.monkeyeval.verify.PublishedFolder}); how each part is made
 * ({@link org.monkeyeval.verify.PartBuilder}, with {@link org.monkeyeval.verify.ConfirmationRequest}
 * for a confirmation), used both by the command that writes a part and by {@code verify}; and
 * regression checking ({@link org.monkeyeval.verify.FolderVerification}): every part made again and
 * compared with the published one, byte for byte first and then row by row with a numeric tolerance
 * ({@link org.monkeyeval.verify.Verifier}, {@link org.monkeyeval.verify.TableComparison}), with the
 * provenance checksums.
 *
 * <p>An unpacked bundle is a published folder too: {@link org.monkeyeval.verify.BundleChecker} checks its
 * files against {@code SHA256SUMS} ({@link org.monkeyeval.verify.Sha256Sums}), with the rules by which a
 * bundle names its files ({@link org.monkeyeval.verify.BundlePaths}). They live here, not in {@code bundle},
 * so that the two rooms depend one way only: a bundle packages what this package says a published folder
 * holds (its parts and files), so {@code bundle} uses {@code verify}, and {@code verify} never uses
 * {@code bundle}.
 */
package org.monkeyeval.verify;
