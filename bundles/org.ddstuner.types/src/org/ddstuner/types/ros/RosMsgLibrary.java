package org.ddstuner.types.ros;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

import org.ddstuner.types.TypeLibrary;

/**
 * Loads ROS 2 message types ({@code .msg}) into a {@link TypeLibrary} under the DDS names ROS 2 uses on the
 * wire ({@code std_msgs::msg::dds_::Header_}), resolving nested message types through a lookup.
 *
 * <pre>{@code
 * TypeLibrary lib = RosMsgLibrary.builtin().load("sensor_msgs/msg/LaserScan");
 * StructType scan = lib.struct("sensor_msgs::msg::dds_::LaserScan_");
 * }</pre>
 */
public final class RosMsgLibrary {
    /** The message definitions shipped with this bundle ({@code "pkg/Name"}, from {@code msg/index.txt}). */
    public static final List<String> BUILTIN;
    /** The ROS 2 release the bundled definitions come from, e.g. "ROS 2 Kilted Kaiju". */
    public static final String RELEASE;

    static {
        BundledIndex index = BundledIndex.read();
        BUILTIN = index.messages();
        RELEASE = index.release();
    }

    private final BiFunction<String, String, Optional<String>> source;
    /** (package, message name) → where a user-supplied definition is; empty for a bundled one. */
    private final BiFunction<String, String, Optional<String>> where;

    /** @param source (package, message name) → the {@code .msg} text, if known */
    public RosMsgLibrary(BiFunction<String, String, Optional<String>> source) {
        this(source, (pkg, name) -> Optional.of("given definitions"));
    }

    private RosMsgLibrary(BiFunction<String, String, Optional<String>> source,
            BiFunction<String, String, Optional<String>> where) {
        this.source = source;
        this.where = where;
    }

    /** The definitions shipped as resources (see {@link #BUILTIN}). */
    public static RosMsgLibrary builtin() {
        return new RosMsgLibrary(RosMsgLibrary::resource, (pkg, name) -> Optional.empty());
    }

    /** Texts by {@code "pkg/Name"}, e.g. {@code Map.of("my_msgs/Foo", "int32 x")}; falls back to built-ins. */
    public static RosMsgLibrary of(Map<String, String> texts) {
        return new RosMsgLibrary((pkg, name) -> Optional.ofNullable(texts.get(pkg + "/" + name))
                .or(() -> resource(pkg, name)),
                (pkg, name) -> texts.containsKey(pkg + "/" + name) ? Optional.of("given definitions") : Optional.empty());
    }

    /**
     * Definitions under a ROS {@code share} folder ({@code share/<pkg>/msg/<Name>.msg}), falling back to
     * the built-ins.
     */
    public static RosMsgLibrary fromDirectory(Path share) {
        return fromDirectories(List.of(share));
    }

    /**
     * Definitions under several ROS {@code share} folders (an overlay first, like {@code AMENT_PREFIX_PATH}):
     * the first folder holding {@code <pkg>/msg/<Name>.msg} wins, then the built-ins.
     */
    public static RosMsgLibrary fromDirectories(List<Path> shares) {
        List<Path> dirs = List.copyOf(shares);
        return new RosMsgLibrary((pkg, name) -> {
            Optional<Path> p = fileIn(dirs, pkg, name);
            if (p.isEmpty()) {
                return resource(pkg, name);
            }
            try {
                return Optional.of(Files.readString(p.get(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                return Optional.empty();
            }
        }, (pkg, name) -> fileIn(dirs, pkg, name).map(Path::toString));
    }

    /** The first {@code <share>/<pkg>/msg/<name>.msg} that exists. */
    private static Optional<Path> fileIn(List<Path> shares, String pkg, String name) {
        if (!validName(pkg, name)) {
            return Optional.empty(); // never a path outside the folders
        }
        return shares.stream().map(share -> share.resolve(pkg).resolve("msg").resolve(name + ".msg"))
                .filter(Files::isRegularFile).findFirst();
    }

    private static boolean validName(String pkg, String name) {
        return pkg.matches("[a-z][a-z0-9_]*") && name.matches("[A-Z][A-Za-z0-9]*");
    }

    /**
     * Where this library takes a message's definition from, for people: {@code "bundled ROS 2 message
     * std_msgs/msg/Header (ROS 2 Kilted Kaiju)"} or {@code "ROS 2 message std_msgs/msg/Header from
     * /opt/ros/kilted/share/std_msgs/msg/Header.msg"}. {@code rosName} is {@code "pkg/msg/Name"} or
     * {@code "pkg/Name"}.
     */
    public String describe(String rosName) {
        String[] p = rosName.split("/");
        String pkg = p[0];
        String name = p[p.length - 1];
        String full = pkg + "/msg/" + name;
        Optional<String> user = p.length >= 2 ? where.apply(pkg, name) : Optional.empty();
        return user.map(w -> "ROS 2 message " + full + " from " + w)
                .orElse("bundled ROS 2 message " + full + " (" + RELEASE + ")");
    }

    /**
     * The {@code share} folders of a sourced ROS 2 installation: {@code <prefix>/share} of each entry of
     * {@code amentPrefixPath} (the {@code AMENT_PREFIX_PATH} variable, entries separated by the path separator)
     * that exists, in order; empty for null.
     */
    public static List<Path> amentShareFolders(String amentPrefixPath) {
        List<Path> out = new ArrayList<>();
        if (amentPrefixPath != null) {
            for (String prefix : amentPrefixPath.split(java.io.File.pathSeparator)) {
                if (!prefix.isBlank() && Files.isDirectory(Path.of(prefix.strip(), "share"))) {
                    out.add(Path.of(prefix.strip(), "share"));
                }
            }
        }
        return out;
    }

    /** A library holding every built-in message type. */
    public static TypeLibrary builtinTypes() {
        try {
            RosMsgLibrary b = builtin();
            TypeLibrary.Builder all = TypeLibrary.builder();
            for (String n : BUILTIN) {
                all.addAll(b.load(n));
            }
            return all.build();
        } catch (RosMsgException e) {
            throw new IllegalStateException("a built-in ROS message definition is broken: " + e.getMessage(), e);
        }
    }

    private static Optional<String> resource(String pkg, String name) {
        if (!validName(pkg, name)) {
            return Optional.empty();
        }
        try (InputStream in = RosMsgLibrary.class.getResourceAsStream("msg/" + pkg + "/" + name + ".msg")) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Loads a message and every message it uses. {@code rosName} is {@code "pkg/msg/Name"} or
     * {@code "pkg/Name"}.
     */
    public TypeLibrary load(String rosName) throws RosMsgException {
        String[] p = rosName.split("/");
        if (p.length == 3 && p[1].equals("msg")) {
            return load(p[0], p[2]);
        }
        if (p.length == 2) {
            return load(p[0], p[1]);
        }
        throw new RosMsgException("'" + rosName + "' is not a message name like 'std_msgs/msg/String'");
    }

    public TypeLibrary load(String pkg, String name) throws RosMsgException {
        TypeLibrary.Builder b = TypeLibrary.builder();
        load(pkg, name, b, new LinkedHashSet<>(), null);
        return b.build();
    }

    /** Parses one message text (its nested types resolved through this library's source). */
    public TypeLibrary parse(String pkg, String name, String text) throws RosMsgException {
        TypeLibrary.Builder b = TypeLibrary.builder();
        Set<String> loading = new LinkedHashSet<>();
        loading.add(pkg + "/" + name);
        define(pkg, name, text, b, loading);
        return b.build();
    }

    /**
     * Parses a service definition ({@code .srv}: request fields, a line {@code ---}, response fields) into the two
     * structs rosidl puts on the wire, {@code pkg::srv::dds_::Name_Request_} and {@code ..._Response_}; the message
     * types they use resolve through this library.
     */
    public TypeLibrary parseService(String pkg, String name, String text) throws RosMsgException {
        String file = pkg + "/srv/" + name + ".srv";
        String[] lines = text.split("\r?\n", -1);
        int split = -1;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].strip().equals("---")) {
                if (split >= 0) {
                    throw new RosMsgException(file + ":" + (i + 1) + ":1: a second '---' (a service has one request "
                            + "and one response)");
                }
                split = i;
            }
        }
        if (split < 0) {
            throw new RosMsgException(file + ": no '---' line between request and response");
        }
        // the response keeps its line numbers in messages: the request's lines become empty ones
        String request = String.join("\n", java.util.Arrays.copyOfRange(lines, 0, split));
        String response = "\n".repeat(split + 1) + String.join("\n",
                java.util.Arrays.copyOfRange(lines, split + 1, lines.length));
        TypeLibrary.Builder b = TypeLibrary.builder();
        for (String[] part : new String[][] {{"Request", request}, {"Response", response}}) {
            MsgParser parser = new MsgParser(pkg, name, part[1], RosNames.serviceTypeName(pkg, name, part[0]),
                    pkg + "::srv::dds_::" + name + "_" + part[0] + "_Constants", file);
            parser.parse();
            for (String[] dep : parser.dependencies()) {
                load(dep[0], dep[1], b, new LinkedHashSet<>(), dep[2]);
            }
            b.add(parser.struct());
            parser.constants().forEach(b::addConstant);
        }
        return b.build();
    }

    void load(String pkg, String name, TypeLibrary.Builder into, Set<String> loading, String usedAt)
            throws RosMsgException {
        if (into.contains(RosNames.ddsTypeName(pkg, name))) {
            return;
        }
        String key = pkg + "/" + name;
        if (!loading.add(key)) {
            throw new RosMsgException(usedAt + ": message types use each other in a cycle: "
                    + String.join(" -> ", new ArrayList<>(loading)) + " -> " + key);
        }
        String text = source.apply(pkg, name).orElseThrow(() -> new RosMsgException(
                (usedAt == null ? "" : usedAt + ": ") + "unknown message type '" + key + "' (no " + pkg + "/msg/"
                        + name + ".msg found)"));
        define(pkg, name, text, into, loading);
        loading.remove(key);
    }

    private void define(String pkg, String name, String text, TypeLibrary.Builder into, Set<String> loading)
            throws RosMsgException {
        MsgParser parser = new MsgParser(pkg, name, text);
        parser.parse();
        for (String[] dep : parser.dependencies()) {
            load(dep[0], dep[1], into, loading, dep[2]);
        }
        into.add(parser.struct());
        parser.constants().forEach(into::addConstant);
    }
}
