package org.ddstuner.types.ros;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The list of bundled ROS 2 messages, {@code msg/index.txt} next to this class: one {@code <package>/<Name>} a
 * line, {@code #} comments, and a {@code # release: ROS 2 ...} line naming where the files come from. A list
 * file because neither the bundle jar nor the CLI's plain class path can list a resource folder; the types
 * tests check it against the {@code .msg} files.
 *
 * @param messages {@code "pkg/Name"} in file order
 * @param release  e.g. "ROS 2 Kilted Kaiju"
 */
record BundledIndex(List<String> messages, String release) {
    static final String RESOURCE = "msg/index.txt";
    private static final String RELEASE_PREFIX = "# release:";

    static BundledIndex read() {
        try (InputStream in = BundledIndex.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the bundled ROS 2 message index " + RESOURCE + " is missing");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the bundled ROS 2 message index: " + e.getMessage(), e);
        }
    }

    static BundledIndex parse(String text) {
        List<String> messages = new ArrayList<>();
        String release = "ROS 2";
        for (String line : text.lines().map(String::strip).toList()) {
            if (line.startsWith(RELEASE_PREFIX)) {
                release = line.substring(RELEASE_PREFIX.length()).strip();
            } else if (!line.isEmpty() && !line.startsWith("#")) {
                messages.add(line);
            }
        }
        return new BundledIndex(List.copyOf(messages), release);
    }
}
