package org.monkeyeval.model;

/**
 * A case as read from disk.
 *
 * @param fileName name of the file inside the cases folder
 * @param sha256   lower-case hex SHA-256 of the file's bytes
 * @param lsmCase  the validated case
 */
public record CaseFile(String fileName, String sha256, LsmCase lsmCase) {
}
