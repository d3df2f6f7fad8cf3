package org.ddstuner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The options of the topic commands ({@code typeof}, {@code subscribe}, {@code publish}) on top of the
 * shared {@link CliOptions}: the topic (the first argument that is not an option) and each command's own
 * options are taken out first, the rest goes to {@link CliOptions#parse}. An option another topic command
 * takes but this one does not is a usage error naming the command, not a silent no-op.
 */
final class TopicOptions {

    /** Which command is parsed: decides the options allowed and what {@code --json} means. */
    enum Kind {
        TYPEOF(Set.of("--idl", "--ros-msg-path", "--type", "--json")),
        SUBSCRIBE(Set.of("--idl", "--ros-msg-path", "--type", "--json", "--count", "--timeout", "--filter",
                "--partition")),
        PUBLISH(Set.of("--idl", "--ros-msg-path", "--type", "--json", "--json-file", "--count", "--rate", "--dispose",
                "--partition"));

        final Set<String> allowed;

        Kind(Set<String> allowed) {
            this.allowed = allowed;
        }

        String command() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final Set<String> ALL = Set.of("--idl", "--ros-msg-path", "--type", "--json", "--json-file",
            "--count", "--timeout", "--filter", "--partition", "--rate", "--dispose");

    final Kind kind;
    String topic;
    CliOptions common;
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

    private TopicOptions(Kind kind) {
        this.kind = kind;
    }

    static TopicOptions parse(Kind kind, List<String> args) {
        TopicOptions o = new TopicOptions(kind);
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (ALL.contains(a) && !kind.allowed.contains(a)) {
                throw new CliException(Main.EXIT_USAGE, kind.command() + " has no option " + a + ". Try: ddstuner help");
            }
            switch (a) {
                case "--idl" -> o.idlFiles.add(Path.of(value(args, ++i, a)));
                case "--ros-msg-path" -> {
                    for (String dir : value(args, ++i, a).split(java.io.File.pathSeparator)) {
                        if (!dir.isBlank()) {
                            o.rosMsgPaths.add(Path.of(dir));
                        }
                    }
                }
                case "--type" -> o.typeName = value(args, ++i, a);
                case "--json" -> {
                    if (kind == Kind.PUBLISH) {
                        o.jsonText = value(args, ++i, a);
                    } else {
                        o.jsonOutput = true;
                    }
                }
                case "--json-file" -> o.jsonFile = Path.of(value(args, ++i, a));
                case "--count", "-n" -> o.count = longArg(a, value(args, ++i, a));
                case "--timeout" -> o.timeoutSeconds = OptionValues.nonNegative(a, value(args, ++i, a), "a number");
                case "--filter", "-f" -> o.sampleFilter = value(args, ++i, a);
                case "--partition", "-p" -> o.partitions.add(value(args, ++i, a));
                case "--rate" -> o.rate = OptionValues.nonNegative(a, value(args, ++i, a), "a number");
                case "--dispose" -> o.dispose = true;
                default -> {
                    if (!a.startsWith("-") && o.topic == null) {
                        o.topic = a;
                    } else {
                        rest.add(a);
                        if (takesValue(a) && i + 1 < args.size()) {
                            rest.add(args.get(++i));
                        }
                    }
                }
            }
        }
        o.common = CliOptions.parse(rest);
        if (o.topic == null || o.topic.isBlank()) {
            throw new CliException(Main.EXIT_USAGE, kind.command() + " needs a topic name: ddstuner " + kind.command()
                    + " TOPIC [options]");
        }
        for (Path p : o.rosMsgPaths) {
            if (!java.nio.file.Files.isDirectory(p)) {
                throw new CliException(Main.EXIT_USAGE, "--ros-msg-path: " + p + " is not a folder (give a ROS 2 "
                        + "share folder holding <package>/msg/<Name>.msg, e.g. /opt/ros/jazzy/share)");
            }
        }
        if (kind == Kind.PUBLISH && (o.jsonText == null) == (o.jsonFile == null)) {
            throw new CliException(Main.EXIT_USAGE, "publish needs the sample as --json '{...}' or --json-file FILE "
                    + "(one of them).");
        }
        return o;
    }

    /** Shared options with a value, so a value that looks like a topic name is not taken for the topic. */
    private static boolean takesValue(String option) {
        return Set.of("--domain", "-d", "--config", "-c", "--peer", "--wait", "-w", "--duration", "--expect-topic",
                "--expect-participant").contains(option);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new CliException(Main.EXIT_USAGE, option + " needs a value.");
        }
        return args.get(i);
    }

    private static long longArg(String option, String v) {
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
