package org.ddstuner.testsupport;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Writer;

/**
 * A writer in a process of its own, for the health tests (headless and UI) to pause (SIGSTOP) or to flood from:
 * args DOMAIN MODE TOPIC.
 * {@code beat}: reliable, deadline 300 ms, automatic liveliness with a 1 s lease, a sample every 50 ms.
 * {@code flood}: best-effort, 16 KiB samples (fragmented, so a burst overruns the receiver's socket buffer and
 * fragments go missing) as fast as it can. {@code exclusive}: as beat with EXCLUSIVE ownership (no reader can match
 * both it and a beat writer). {@code reader}: a reliable reader of the beat type and nothing else (a participant
 * that only reads, for "Watch Every Topic It Reads"). Keyless types without type information: the watch's reader takes the samples raw.
 * Prints READY once its writer exists; runs until its stdin closes (then deletes its entities, so peers see the
 * writer go at once), it is killed, or 120 s.
 */
public final class BeatWriter {

    private BeatWriter() {
    }

    public static void main(String[] args) throws Exception {
        int domain = Integer.parseInt(args[0]);
        boolean flood = args[1].equals("flood");
        String topic = args[2];
        try (Domain d = Domain.create(domain, CycloneConfig.loopbackOnly())) {
            Participant p = d.createParticipant();
            StructType type = StructType.builder(flood ? "health::Blob" : "health::Beat").member("seq", MemberKind.UINT32)
                    .member("data", MemberKind.STRING).build();
            Qos qos = flood ? Qos.EMPTY.withBestEffort().withKeepLast(1)
                    : Qos.EMPTY.withReliable().withKeepLast(1).with(new Qos.Deadline(Duration.ofMillis(300)))
                            .with(new Qos.Liveliness(LivelinessKind.AUTOMATIC, Duration.ofSeconds(1)));
            if (args[1].equals("exclusive")) {
                qos = qos.with(new Qos.Ownership(Qos.OwnershipKind.EXCLUSIVE));
            }
            boolean reader = args[1].equals("reader");
            Writer w = reader ? null : p.createWriter(p.createTopic(topic, type, null), qos);
            if (reader) {
                p.createReader(p.createTopic(topic, type, null), Qos.EMPTY.withReliable().withKeepLast(1));
            }
            String data = flood ? "x".repeat(16 * 1024) : "beat";
            System.out.println("READY");
            System.out.flush();
            AtomicBoolean stop = new AtomicBoolean();
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // wait for the end of stdin
                    }
                } catch (java.io.IOException e) {
                    // as closed
                }
                stop.set(true);
            });
            long end = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            for (long i = 0; System.nanoTime() < end && !stop.get(); i++) {
                if (w != null) {
                    w.write(Map.of("seq", (int) (i & 0x7fffffff), "data", data));
                }
                if (!flood || reader) {
                    Thread.sleep(50);
                }
            }
        }
    }
}
