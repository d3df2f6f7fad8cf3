package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12.1: {@code subscribe}/{@code publish --idl} of {@code @appendable}, {@code @mutable} (with
 * {@code @optional} members) and nested appendable types against tests/peers/xtypes_peer.py (Cyclone 11 Python),
 * whose writers use XCDR1 (domain 227, as RTI Connext and Fast DDS do for appendable types) or XCDR2 (domain 228).
 * The peer announces type information, so the CLI takes the type from the wire; the samples tests
 * (ExtensibilityPeerTest) read the same peer with the imported type only.
 */
class ExtensibilityCommandsTest {

    private static final String IDL = """
            module xt {
              @final      struct Fin  { @key long long id; double value; string label; };
              @appendable struct App  { @key long long id; double value; string label; };
              @appendable struct Point { double x; double y; };
              @appendable struct Nest { @key long long id; Point pos; sequence<Point> path; string label; };
              @appendable struct Opt  { @key long long id; @optional double value; @optional string label; Point pos; };
              @mutable    struct Mut  { @key long long id; double value; string label; @optional long count; Point pos; };
            };
            """;

    private static Result run(int domain, String... args) {
        String[] all = Arrays.copyOf(args, args.length + 4);
        all[args.length] = "--domain";
        all[args.length + 1] = "" + domain;
        all[args.length + 2] = "--wait";
        all[args.length + 3] = "10";
        return CliTest.run(all);
    }

    /** The case (an @appendable type, its writer on XCDR1) reads; @mutable on XCDR1 says why it cannot. */
    @Test
    void xcdr1AppendableReadAndWrittenMutableRefusedWithTheReason(@TempDir Path dir) throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        Path idl = Files.writeString(dir.resolve("xt.idl"), IDL);
        try (PeerProcess peer = Peers.start("xtypes_peer", 227, "--repr", "1", "--reader-repr", "1", "--kinds",
                "Fin,App,Mut", "--period-ms", "50")) {
            Result r = run(227, "subscribe", "XtApp", "--idl", idl.toString(), "--json", "--count", "2", "--timeout", "20");
            assertEquals(0, r.code(), r.err());
            assertFalse(r.err().contains("Bad Parameter"), r.err());
            assertTrue(r.err().contains("note: XCDR1: xt::App is read with its XCDR1 view"), r.err());
            List<String> lines = r.out().strip().lines().toList();
            assertEquals(2, lines.size(), r.out());
            for (String l : lines) {
                assertTrue(l.matches(".*\"value\":\\{\"id\":[12],\"value\":([0-9]+)\\.5,\"label\":\"a\\1\"\\}.*"), l);
            }

            Result p = run(227, "publish", "XtAppIn", "--idl", idl.toString(), "--json",
                    "{\"id\": 70, \"value\": 0.5, \"label\": \"cli\"}");
            assertEquals(0, p.code(), p.err() + p.out());
            assertTrue(p.out().contains("xt::App") && p.out().contains("XCDR1"), p.out());
            await(() -> peer.stdout().contains("SAMPLE XtAppIn {\"id\": 70, \"label\": \"cli\", \"value\": 0.5}"),
                    peer::stdout);

            String lib = "libddsc " + DdsLibrary.get().version();
            Result m = run(227, "subscribe", "XtMut", "--idl", idl.toString(), "--count", "1", "--timeout", "5");
            assertEquals(3, m.code(), m.err());
            assertTrue(m.err().contains("ddstuner: " + lib + " cannot read xt::Mut in XCDR1 (xt::Mut is @mutable): it "
                    + "takes XCDR1 only for @final and @appendable types without @optional members"), m.err());

            Result mp = run(227, "publish", "XtMutIn", "--idl", idl.toString(), "--json",
                    "{\"id\": 71, \"value\": 0.5, \"label\": \"cli\", \"pos\": {\"x\": 0, \"y\": 0}}");
            assertEquals(1, mp.code(), "no reader matched: " + mp.err() + mp.out());
            assertTrue(mp.out().contains("note: " + lib + " cannot write xt::Mut in XCDR1 (xt::Mut is @mutable)"),
                    mp.out());
        }
    }

    /** XCDR2 (Cyclone's own choice for non-final types): @mutable with @optional, nested @appendable. */
    @Test
    void xcdr2MutableOptionalAndNestedAppendable(@TempDir Path dir) throws Exception {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        Path idl = Files.writeString(dir.resolve("xt.idl"), IDL);
        try (PeerProcess peer = Peers.start("xtypes_peer", 228, "--repr", "2", "--reader-repr", "2", "--kinds",
                "Nest,Opt,Mut", "--period-ms", "50")) {
            Result o = run(228, "subscribe", "XtOpt", "--idl", idl.toString(), "--json", "--count", "4");
            assertEquals(0, o.code(), o.err());
            // rounds alternate: value present and label absent, then the other way round
            assertTrue(o.out().contains(",\"label\":null,\"pos\":{\"x\":2.0,"), o.out());
            assertTrue(o.out().contains("{\"id\":2,\"value\":null,\"label\":\"o"), o.out());

            Result m = run(228, "subscribe", "XtMut", "--idl", idl.toString(), "--count", "2");
            assertEquals(0, m.code(), m.err());
            assertTrue(m.out().contains(" count= pos.x=-3.0") || m.out().contains(" count=null pos.x=-3.0"), m.out());

            Result n = run(228, "subscribe", "XtNest", "--idl", idl.toString(), "--count", "3");
            assertEquals(0, n.code(), n.err());
            assertTrue(n.out().contains("pos.y=-1.5 path=[{x=0.0, y=0.25}"), n.out());

            Result p = run(228, "publish", "XtMutIn", "--idl", idl.toString(), "--json",
                    "{\"id\": 72, \"value\": 1.5, \"label\": \"cli\", \"count\": null, \"pos\": {\"x\": 1, \"y\": 2}}");
            assertEquals(0, p.code(), p.err() + p.out());
            Result q = run(228, "publish", "XtNestIn", "--idl", idl.toString(), "--json",
                    "{\"id\": 73, \"pos\": {\"x\": 1, \"y\": 2}, \"path\": [{\"x\": 3, \"y\": 4}], \"label\": \"cli\"}");
            assertEquals(0, q.code(), q.err() + q.out());
            await(() -> peer.stdout().contains("SAMPLE XtMutIn {\"count\": null, \"id\": 72, \"label\": \"cli\", "
                    + "\"pos\": {\"x\": 1.0, \"y\": 2.0}, \"value\": 1.5}"), peer::stdout);
            await(() -> peer.stdout().contains("SAMPLE XtNestIn {\"id\": 73, \"label\": \"cli\", \"path\": [{\"x\": 3.0, "
                    + "\"y\": 4.0}], \"pos\": {\"x\": 1.0, \"y\": 2.0}}"), peer::stdout);
        }
    }

    private static void await(BooleanSupplier condition, java.util.function.Supplier<String> state)
            throws InterruptedException {
        long end = System.nanoTime() + 15_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out; " + state.get());
            }
            Thread.sleep(20);
        }
    }
}
