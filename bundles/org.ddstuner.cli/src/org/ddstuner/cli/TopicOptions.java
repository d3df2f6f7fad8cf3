package org.ddstuner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of the topic commands ({@code typeof}, {@code subscribe}, {@code publish}) after parsing
 * ({@link TypeofCli}, {@link SubscribeCli}, {@link PublishCli} fill them in): the topic, the shared
 * {@link CliOptions} and each command's own values; {@link #check()} makes the checks that span options.
 */
final class TopicOptions {

    /** Which command is parsed: decides what {@code --json} means. */
    enum Kind {
        TYPEOF, SUBSCRIBE, PUBLISH;

        String command() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    final Kind kind;
    final String topic;
    final CliOptions common;
    final List<Path> idlFiles = new ArrayList<>();
    /** ROS 2 {@code share} folders searched for {@code <pkg>/msg/<Name>.msg} before the bundled messages. */
    final List<Path> rosMsgPaths = new ArrayList<>();
    /** The type name to resolve, for a topic with several types or one nobody uses yet. */
    String typeName;
    /** subscribe: --json (one JSON object per line); typeof: a JSON document instead of IDL. */
    boolean jsonOutput;
    /** publish: the JSON given with --json. */
    String jsonText;
    Path jsonFile;
    /** subscribe: stop after this many samples; publish: write this many; -1: not given. */
    long count = -1;
    /** subscribe: stop after this many seconds; -1: until stopped. */
    double timeoutSeconds = -1;
    String sampleFilter;
    final List<String> partitions = new ArrayList<>();
    /** publish: samples per second, 0 = as fast as possible. */
    double rate;
    boolean dispose;

    TopicOptions(Kind kind, String topic, CliOptions common) {
        this.kind = kind;
        this.topic = topic;
        this.common = common;
    }

    /** The checks that span options (the parser made the rest): a topic, existing folders, publish's sample. */
    TopicOptions check() {
        if (topic == null || topic.isBlank()) {
            throw new CliException(Main.EXIT_USAGE, kind.command() + " needs a topic name: ddstuner " + kind.command()
                    + " TOPIC [options]");
        }
        for (Path p : rosMsgPaths) {
            if (!java.nio.file.Files.isDirectory(p)) {
                throw new CliException(Main.EXIT_USAGE, "--ros-msg-path: " + p + " is not a folder (give a ROS 2 "
                        + "share folder holding <package>/msg/<Name>.msg, e.g. /opt/ros/jazzy/share)");
            }
        }
        if (kind == Kind.PUBLISH && (jsonText == null) == (jsonFile == null)) {
            throw new CliException(Main.EXIT_USAGE, "publish needs the sample as --json '{...}' or --json-file FILE "
                    + "(one of them).");
        }
        return this;
    }

    /** A --count value: a whole number ≥ 0, else a usage error naming the option. */
    static long count(String option, String v) {
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new CliException(Main.EXIT_USAGE, option + " takes a whole number ≥ 0, not \"" + v + "\".");
        }
    }
}
