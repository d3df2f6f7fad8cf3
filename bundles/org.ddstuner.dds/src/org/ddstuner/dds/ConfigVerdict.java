package org.ddstuner.dds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.internal.DdsC;

/**
 * What the loaded libddsc says about a configuration: the domain is created with it (no participant) and
 * deleted again, and everything Cyclone logged meanwhile is kept. There is no validate-only function in
 * libddsc, so creating the domain is the only way to hear Cyclone's own verdict.
 *
 * <p>Creating a domain opens sockets, and libddsc 11.x sends a multicast probe: callers that must not
 * touch the person's network run this only inside a private network namespace (org.ddstuner.config's
 * checker does, in a child process).
 *
 * @param accepted     the domain was created
 * @param errors       Cyclone's error lines ("config: //CycloneDDS/Domain/Foo: unknown element (CYCLONEDDS_URI+0 line 3)")
 * @param warnings     Cyclone's warnings (e.g. deprecated names)
 * @param returnCode   dds_create_domain's result (a handle when accepted)
 * @param libraryVersion the libddsc that judged
 */
public record ConfigVerdict(boolean accepted, List<String> errors, List<String> warnings, int returnCode,
        String libraryVersion) {

    public ConfigVerdict {
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
    }

    /** Creates domain {@code domainId} with {@code xml} (taken as it is, not pre-checked), deletes it again. */
    public static ConfigVerdict of(int domainId, String xml) {
        return of(domainId, xml, v -> { });
    }

    /**
     * As {@link #of(int, String)}, handing the verdict to {@code beforeDelete} while the domain still exists: deleting
     * a domain whose configuration names interfaces that cannot carry traffic can block in libddsc 0.10.2 (its
     * receive threads wait for a wake-up datagram), so a caller in a child process reports first.
     */
    public static ConfigVerdict of(int domainId, String xml, java.util.function.Consumer<ConfigVerdict> beforeDelete) {
        DdsLibrary lib = DdsLibrary.get();
        DdsLog.install();
        List<LogMessage> logged = new ArrayList<>();
        int h;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment text = a.allocateFrom(xml);
            h = DdsLog.capturing(() -> DdsC.dds_create_domain(domainId, text), logged);
        }
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (LogMessage m : logged) {
            String t = m.message().strip();
            if (m.isError()) {
                if (!errors.contains(t)) {
                    errors.add(t);
                }
            } else if ((m.priority() & LogMessage.WARNING) != 0 && !warnings.contains(t)) {
                warnings.add(t);
            }
        }
        ConfigVerdict v = new ConfigVerdict(h > 0, errors, warnings, h, lib.version());
        beforeDelete.accept(v);
        if (h > 0) {
            DdsC.dds_delete(h);
        }
        return v;
    }
}
