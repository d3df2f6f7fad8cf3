package org.ddstuner.config.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.ddstuner.dds.ConfigVerdict;
import org.ddstuner.dds.DdsLibrary;

/**
 * The child process of {@link CycloneJudge}: reads a configuration from stdin, lets the loaded libddsc create
 * (and delete) a domain with it, and prints Cyclone's verdict as tab-separated lines — {@code LIBRARY},
 * {@code ERROR}, {@code WARNING}, {@code ACCEPTED}. Runs only inside the private network namespace its parent
 * made: creating a domain opens sockets (and libddsc 11.x sends a multicast probe).
 */
public final class ValidateMain {

    private ValidateMain() {
    }

    public static void main(String[] args) throws IOException {
        int domainId = Integer.parseInt(args[0]);
        String xml = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        var out = System.out;
        out.println("LIBRARY\t" + DdsLibrary.get().version() + "\t" + DdsLibrary.get().path());
        ConfigVerdict.of(domainId, xml, v -> {
            v.errors().forEach(e -> out.println("ERROR\t" + oneLine(e)));
            v.warnings().forEach(w -> out.println("WARNING\t" + oneLine(w)));
            out.println("ACCEPTED\t" + v.accepted() + "\t" + v.returnCode());
            out.flush(); // the parent stops listening here; deleting the domain may take a while or block
        });
        System.exit(0);
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\t', ' ');
    }
}
