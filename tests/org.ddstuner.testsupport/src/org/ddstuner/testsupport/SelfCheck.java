package org.ddstuner.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks this bundle against the real peers without JUnit (it is a plain bundle, used by test
 * fragments). Run inside the namespace, from the repository root:
 *
 * <pre>
 * javac -d /tmp/testsupport tests/org.ddstuner.testsupport/src/org/ddstuner/testsupport/*.java
 * releng/scripts/netns-run.sh java -cp /tmp/testsupport org.ddstuner.testsupport.SelfCheck
 * </pre>
 *
 * Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
 */
public final class SelfCheck {

    private final List<String> failures = new ArrayList<>();
    private int passed;

    private SelfCheck() {
    }

    public static void main(String[] args) {
        SelfCheck check = new SelfCheck();
        try {
            check.run();
        } catch (RuntimeException e) {
            check.check("unexpected " + e, false);
        }
        System.out.println(check.passed + " passed, " + check.failures.size() + " failed");
        System.exit(check.failures.isEmpty() ? 0 : 1);
    }

    private void run() {
        check("network namespace is private (interfaces " + NetNs.interfaces() + ")", NetNs.isIsolated());
        NetNs.requireIsolated();
        check("repository found at " + RepoLocator.repoRoot(), RepoLocator.peersDir().resolve("cyclone_peer.py").toFile().isFile());
        check("peer venv installed at " + Peers.venvDir(), Peers.available());
        Peers.requireAvailable();

        PeerProcess cyclone;
        long t0 = System.nanoTime();
        try (PeerProcess peer = Peers.startCyclonePeer(17, "--mismatch", "--name", "selfcheck_cyclone")) {
            cyclone = peer;
            System.out.printf("  cyclone_peer ready in %d ms: %s%n", (System.nanoTime() - t0) / 1_000_000, peer.info());
            check("cyclone_peer is alive after READY", peer.isAlive());
            check("cyclone_peer reports its GUID", peer.info("guid").filter(g -> g.startsWith("0110")).isPresent());
            check("cyclone_peer reports 3 topics", peer.info().getOrDefault("topic", List.of()).size() == 3);
            check("cyclone_peer reports the mismatched reader", peer.info("mismatch").isPresent());
            check("cyclone_peer uses the requested name", peer.info("name").orElse("").equals("selfcheck_cyclone"));
        }
        check("cyclone_peer is gone after close()", !cyclone.isAlive());

        PeerProcess ros;
        t0 = System.nanoTime();
        try (PeerProcess peer = Peers.startRos2Talker(17)) {
            ros = peer;
            System.out.printf("  ros2_talker ready in %d ms: %s%n", (System.nanoTime() - t0) / 1_000_000, peer.info());
            check("ros2_talker is alive after READY", peer.isAlive());
            check("ros2_talker runs on rmw_fastrtps_cpp", peer.info("rmw").orElse("").equals("rmw_fastrtps_cpp"));
            check("ros2_talker got the domain id", peer.info("domain").orElse("").equals("17"));
        }
        check("ros2_talker is gone after close()", !ros.isAlive());

        try (PeerProcess peer = Peers.start("no_such_peer", 17)) {
            check("an unknown peer fails to start, but " + peer + " started", false);
        } catch (PeerStartException e) {
            check("an unknown peer fails with its stderr in the message", e.getMessage().contains("unknown peer 'no_such_peer'"));
        }

        try (PeerProcess peer = Peers.startCyclonePeer(17, "--no-such-option")) {
            check("a bad option fails to start, but " + peer + " started", false);
        } catch (PeerStartException e) {
            check("a bad option fails with the peer's usage error", e.getMessage().contains("unrecognized arguments"));
        }

        try {
            Peers.startCyclonePeer(400);
            check("domain 400 is refused", false);
        } catch (IllegalArgumentException e) {
            check("domain 400 is refused: " + e.getMessage(), true);
        }
    }

    private void check(String what, boolean ok) {
        System.out.println((ok ? "PASS " : "FAIL ") + what);
        if (ok) {
            passed++;
        } else {
            failures.add(what);
        }
    }
}
