package org.ddstuner.samples.ui.common;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.ros.RosMsgLibrary;

/**
 * The ROS 2 {@code share} folders (each holding {@code <package>/msg/<Name>.msg}) searched for ROS 2 message
 * definitions before the bundled ones, kept in the bundle's state folder (one folder per line) so they
 * survive restarts. Typed in as one text, folders separated by the platform's path separator like
 * {@code AMENT_PREFIX_PATH} or by new lines. Thread-safe.
 */
public final class RosMessageFolders {

    private static final String FILE = "ros-msg-path.txt";
    private static String current;

    private RosMessageFolders() {
    }

    /** The folders set, first first (empty: the bundled messages only). */
    public static List<Path> get() {
        return parse(text());
    }

    /** The text form of {@link #get()}, for an input field. */
    public static synchronized String text() {
        if (current == null) {
            try {
                current = Files.isRegularFile(store()) ? String.join(File.pathSeparator,
                        parse(Files.readString(store(), StandardCharsets.UTF_8)).stream().map(Path::toString).toList())
                        : "";
            } catch (IOException e) {
                current = "";
            }
        }
        return current;
    }

    /** Why {@code text} is not a usable list of folders, or null when it is (an empty text is). */
    public static String validate(String text) {
        for (Path p : parse(text)) {
            if (!Files.isDirectory(p)) {
                return Messages.fill(Messages.ROS_FOLDER_MISSING, p);
            }
        }
        return null;
    }

    /**
     * Stores the folders.
     *
     * @throws IllegalArgumentException with {@link #validate}'s reason when a folder does not exist
     */
    public static synchronized void set(String text) {
        String why = validate(text);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        List<String> dirs = parse(text).stream().map(Path::toString).toList();
        current = String.join(File.pathSeparator, dirs);
        try {
            Files.createDirectories(store().getParent());
            Files.write(store(), dirs, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            // kept for this session anyway; the next start simply has the previous folders
        }
    }

    /** The messages of the folders set (else of a sourced ROS 2, AMENT_PREFIX_PATH), then the bundled ones. */
    public static RosMsgLibrary library() {
        List<Path> dirs = get();
        if (dirs.isEmpty()) {
            dirs = RosMsgLibrary.amentShareFolders(System.getenv("AMENT_PREFIX_PATH"));
        }
        return dirs.isEmpty() ? RosMsgLibrary.builtin() : RosMsgLibrary.fromDirectories(dirs);
    }

    static List<Path> parse(String text) {
        List<Path> out = new ArrayList<>();
        for (String s : text.split("[" + File.pathSeparator + "\\n]")) {
            if (!s.isBlank()) {
                out.add(Path.of(s.strip()));
            }
        }
        return out;
    }

    private static Path store() {
        return StateFiles.path(FILE);
    }
}
