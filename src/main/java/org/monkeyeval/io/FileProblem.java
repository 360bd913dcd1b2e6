package org.monkeyeval.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

import org.monkeyeval.text.InvalidInputException;

/**
 * Turns a file-system failure the user can fix (a missing folder, a file in the way, no
 * permission, a read-only or special location) into one line naming the path and the reason in
 * words, never a Java exception name.
 */
public final class FileProblem {

    private FileProblem() {
    }

    /**
     * The reason of a failure in words, e.g. "permission denied" or "read-only file system".
     * The operating system's own wording is used where Java passes it on.
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the folder is not empty";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null && !fs.getReason().isBlank()) {
            return lowerFirst(fs.getReason().strip());
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? "input/output error" : lowerFirst(message.strip());
    }

    /**
     * {@code PATH: ACTION: REASON}, as an input error (exit code 3).
     *
     * @param path   the path the user gave (or the one that failed)
     * @param action what could not be done, e.g. "cannot create the output folder"
     * @param e      the failure
     */
    public static InvalidInputException of(Path path, String action, IOException e) {
        return new InvalidInputException(path + ": " + action + ": " + reason(e));
    }

    /** As {@link #of(Path, String, IOException)}, naming the file the failure itself names when it has one. */
    public static InvalidInputException of(IOException e) {
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            String other = fs.getOtherFile() == null ? "" : " (to " + fs.getOtherFile() + ")";
            return new InvalidInputException(fs.getFile() + other + ": " + reason(e));
        }
        return new InvalidInputException(reason(e));
    }

    private static String lowerFirst(String s) {
        if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && !Character.isUpperCase(s.charAt(1))) {
            return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
        }
        return s;
    }
}
