package org.ddstuner.config.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.config.schema.ConfigSchema;
import org.ddstuner.config.schema.OptionInfo;

/**
 * Checks a Cyclone configuration file: well-formed XML first (line and column), then Cyclone's own verdict from
 * a libddsc in a private network namespace ({@link CycloneJudge}: nothing can reach the person's network), each
 * of Cyclone's messages put at its line; then, separately, the interfaces the file names against this host's
 * ({@link ConfigProblem.Kind#INTERFACE_MISSING}: the file is fine for Cyclone, this machine just is not the node
 * it was written for); deprecated and moved names get a warning naming the new one from the catalogue.
 */
public final class ConfigChecker {

    /** Cyclone: "config: //CycloneDDS/Domain/General: Foo: unknown element (CYCLONEDDS_URI+0 line 3)". */
    private static final Pattern CYCLONE = Pattern.compile(
            "^config: (//\\S+?):? (.*?)\\s*(?:\\((?:CYCLONEDDS_URI\\+\\d+|[^()]*?) line (\\d+)\\))?\\s*$");

    public static final String ISOLATION = "Cyclone's verdict comes from a child process in a new network namespace "
            + "(unshare -n) holding only loopback and veth stand-ins for the interfaces the file names: nothing it "
            + "does can reach this host's network";

    private final CycloneJudge judge;

    public ConfigChecker(CycloneJudge judge) {
        this.judge = judge;
    }

    /** With the libddsc this process would load ({@code ddstuner.libddsc}/DDSTUNER_LIBDDSC or the system's). */
    public static ConfigChecker withDefaultLibrary() {
        return new ConfigChecker(new CycloneJudge(null));
    }

    /** @throws IOException when the file cannot be read (exit 2 for the CLI) */
    public CheckReport check(Path file) throws IOException, CycloneJudge.UnavailableException {
        return check(file, NodeInterfaces.thisHost());
    }

    /** With the interfaces checked against {@code node}'s (e.g. a node's through its agent) instead of this host's. */
    public CheckReport check(Path file, NodeInterfaces node) throws IOException, CycloneJudge.UnavailableException {
        String xml = Files.readString(file, StandardCharsets.UTF_8);
        return check(xml, file.toString(), node);
    }

    public CheckReport check(String xml, String fileName) throws CycloneJudge.UnavailableException {
        return check(xml, fileName, NodeInterfaces.thisHost());
    }

    public CheckReport check(String xml, String fileName, NodeInterfaces node) throws CycloneJudge.UnavailableException {
        ConfigOutline outline;
        try {
            outline = ConfigOutline.parse(xml);
        } catch (ConfigOutline.MalformedException e) {
            return new CheckReport(fileName, null, List.of(new ConfigProblem(e.line(), "(XML)", e.getMessage()
                    + (e.column() > 0 ? " (column " + e.column() + ")" : ""), ConfigProblem.Kind.MALFORMED)), "");
        }
        List<ConfigProblem> problems = new ArrayList<>();
        if (outline.nodes().isEmpty() || !outline.nodes().get(0).name().equals("CycloneDDS")) {
            problems.add(new ConfigProblem(1, outline.nodes().isEmpty() ? "(XML)" : outline.nodes().get(0).name(),
                    "the root element must be <CycloneDDS>", ConfigProblem.Kind.REJECTED));
            return new CheckReport(fileName, null, problems, "");
        }
        List<InterfaceRef> interfaces = InterfaceRef.of(outline);
        CycloneJudge.Verdict v = judge.judge(withoutSharedMemory(xml), outline.domainId(), interfaces);
        ConfigSchema schema = ConfigSchema.forVersion(v.libraryVersion());
        for (String e : v.errors()) {
            problems.add(withBuildNote(fromCyclone(e, outline, ConfigProblem.Kind.REJECTED), schema, v.libraryVersion()));
        }
        if (!v.accepted() && v.errors().isEmpty()) {
            problems.add(new ConfigProblem(-1, "//CycloneDDS", "Cyclone " + v.libraryVersion()
                    + " refused to create a domain with this configuration and logged no reason", ConfigProblem.Kind.REJECTED));
        }
        for (String w : v.warnings()) {
            problems.add(fromCyclone(w, outline, ConfigProblem.Kind.WARNING));
        }
        problems.addAll(renamed(outline, schema, problems));
        for (InterfaceRef r : interfaces) {
            String missing = r.missingOn(node.nics(), node.where());
            if (missing != null) {
                problems.add(new ConfigProblem(r.line(), r.element(), missing, ConfigProblem.Kind.INTERFACE_MISSING));
            }
        }
        problems.sort(Comparator.comparingInt(p -> p.line() < 0 ? Integer.MAX_VALUE : p.line()));
        return new CheckReport(fileName, v.libraryVersion(), problems, ISOLATION);
    }

    private static final Pattern SHM_ENABLE = Pattern.compile(
            "(<SharedMemory\\b[^>]*>(?:(?!</SharedMemory>).)*?<Enable>\\s*)true(\\s*</Enable>)", Pattern.DOTALL);

    /**
     * {@code xml} with Cyclone 0.10's {@code SharedMemory/Enable} turned off (same lines, so errors keep their line):
     * with it on, creating the domain registers with the Iceoryx daemon RouDi, and without one running the process
     * waits 60 s and aborts (measured with 0.10.2 and iceoryx 2.0.3). Cyclone still parses and checks every
     * SharedMemory element and value.
     */
    public static String withoutSharedMemory(String xml) {
        return SHM_ENABLE.matcher(xml).replaceAll("$1false$2");
    }

    static ConfigProblem fromCyclone(String message, ConfigOutline outline, ConfigProblem.Kind kind) {
        Matcher m = CYCLONE.matcher(message);
        if (m.matches()) {
            int line = m.group(3) != null ? Integer.parseInt(m.group(3)) : outline.lineOf(m.group(1));
            return new ConfigProblem(line, m.group(1), m.group(2), kind);
        }
        return new ConfigProblem(-1, "//CycloneDDS", message, kind);
    }

    /**
     * Cyclone rejects an element its build leaves out (the PyPI wheel of 11.0.1 has neither TCP nor DDS Security) as
     * unknown: say so, since the same file is fine for a library built with the feature.
     */
    static ConfigProblem withBuildNote(ConfigProblem p, ConfigSchema schema, String libraryVersion) {
        String path = p.element().replaceAll("/#text$", "");
        String first = p.message().contains(":") ? p.message().substring(0, p.message().indexOf(':')).strip() : "";
        OptionInfo o = null;
        if (first.matches("[A-Za-z_]+")) {
            o = schema.find(path + "/" + first).orElse(null);
        }
        if (o == null) {
            o = schema.find(path).orElse(null);
        }
        if (o == null || o.flags().isEmpty()) {
            return p;
        }
        return new ConfigProblem(p.line(), p.element(), p.message() + " (needs a libddsc built with "
                + String.join(" and ", o.flags()) + "; this libddsc " + libraryVersion + " was built without it)", p.kind());
    }

    /** Deprecated or moved names the file uses that Cyclone did not already warn about at that line. */
    private static List<ConfigProblem> renamed(ConfigOutline outline, ConfigSchema schema, List<ConfigProblem> already) {
        List<ConfigProblem> out = new ArrayList<>();
        for (ConfigOutline.Node n : outline.nodes()) {
            OptionInfo o = schema.find(n.path()).orElse(null);
            if (o == null || !(o.isMoved() || o.deprecated())) {
                continue;
            }
            boolean warned = already.stream().anyMatch(p -> p.line() == n.line() && p.kind() == ConfigProblem.Kind.WARNING);
            if (warned) {
                continue;
            }
            String msg = o.isMoved() ? "moved in Cyclone " + schema.version() + ": write it as //" + o.movedTo()
                    : "deprecated in Cyclone " + schema.version() + ": " + firstSentence(o.help());
            out.add(new ConfigProblem(n.line(), "//" + n.path(), msg, ConfigProblem.Kind.WARNING));
        }
        return out;
    }

    private static String firstSentence(String help) {
        if (help == null || help.isEmpty()) {
            return "still accepted";
        }
        int dot = help.indexOf(". ");
        return dot > 0 ? help.substring(0, dot + 1) : help;
    }
}
