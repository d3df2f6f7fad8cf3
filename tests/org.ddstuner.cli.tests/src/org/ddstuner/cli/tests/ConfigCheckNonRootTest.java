package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.json.StrictJson;
import org.ddstuner.testsupport.CliClassPath;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code config check} as a user without privileges takes the {@code unshare -rn} path (a user namespace owning the new
 * network namespace): the CLI runs as {@code nobody} (setpriv), makes its stand-in interface there and gets Cyclone's
 * verdict, valid and invalid, as root does.
 */
class ConfigCheckNonRootTest {

    private static final String NOBODY = "65534";

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    @Test
    void checkWorksForAnUnprivilegedUser() throws Exception {
        Path dir = Files.createTempDirectory("nonroot", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        List<String> cp = readableClassPath(dir);
        Path good = dir.resolve("good.xml");
        Files.writeString(good, """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain Id="any">
                    <General>
                      <Interfaces><NetworkInterface name="eth7" address="10.5.5.5"/></Interfaces>
                      <AllowMulticast>false</AllowMulticast>
                    </General>
                  </Domain>
                </CycloneDDS>
                """);
        Path bad = dir.resolve("bad.xml");
        Files.writeString(bad, Files.readString(good).replace("<AllowMulticast>false</AllowMulticast>",
                "<AllowMulticast>false</AllowMulticast>\n      <MaxMessageSize>lots</MaxMessageSize>"));
        for (Path f : List.of(good, bad)) {
            f.toFile().setReadable(true, false);
        }

        Run ok = asNobody(cp, dir, "config", "check", good.toString(), "--json");
        assertEquals(0, ok.code, ok.out + ok.err);
        JsonNode r = StrictJson.parse(ok.out);
        assertTrue(r.get("valid").asBoolean(), ok.out);
        assertTrue(r.get("library").asText().startsWith("0.10"), ok.out);
        Run no = asNobody(cp, dir, "config", "check", bad.toString());
        assertEquals(1, no.code, no.out + no.err);
        assertTrue(no.out.contains(bad + ":6: //CycloneDDS/Domain/General/MaxMessageSize"), no.out);
        Run who = asNobodyRaw(dir, List.of("id", "-u"));
        assertEquals(NOBODY, who.out.strip(), "the check above ran as nobody");
    }

    private record Run(int code, String out, String err) { }

    private static Run asNobody(List<String> cp, Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, cp), "org.ddstuner.cli.Main"));
        cmd.addAll(List.of(args));
        return asNobodyRaw(dir, cmd);
    }

    private static Run asNobodyRaw(Path dir, List<String> command) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups",
                "--inh-caps=-all", "--"));
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("HOME", dir.toString());
        Path err = dir.resolve("err-" + System.nanoTime());
        pb.redirectError(err.toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
        return new Run(p.exitValue(), out, Files.readString(err));
    }

    /**
     * The CLI's class path as nobody can read it: jars in root's home (the Maven repository under /root, mode 700) are
     * copied into {@code dir}; the bundles' folders in the work tree are readable as they are.
     */
    private static List<String> readableClassPath(Path dir) throws Exception {
        List<String> out = new ArrayList<>();
        Path libs = Files.createDirectory(dir.resolve("lib"));
        libs.toFile().setExecutable(true, false);
        int i = 0;
        for (String e : CliClassPath.entries()) {
            Path p = Path.of(e);
            if (p.startsWith("/root") && Files.isRegularFile(p)) {
                Path copy = libs.resolve((i++) + "-" + p.getFileName());
                Files.copy(p, copy, StandardCopyOption.REPLACE_EXISTING);
                copy.toFile().setReadable(true, false);
                out.add(copy.toString());
            } else {
                out.add(e);
            }
        }
        return out;
    }
}
