package org.ddstuner.config.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.dds.DdsLibrary;

/**
 * Whether the loaded libddsc can write shared memory (Cyclone 0.10.x built with Iceoryx, as Debian's is): only then
 * does the wizard offer the shared-memory transport. Cyclone 11 deprecates the {@code SharedMemory} element (its shared
 * memory is a {@code General/Interfaces/PubSubMessageExchange} plug-in), so a file with it is for 0.10.x.
 */
public final class SharedMemorySupport {

    private SharedMemorySupport() {
    }

    /** Null if the loaded libddsc has the shared-memory transport, else why not (in words for the person). */
    public static String unavailable() {
        String version;
        try {
            version = DdsLibrary.get().version();
        } catch (RuntimeException e) {
            return "libddsc is not loaded: " + e.getMessage();
        }
        if (!version.startsWith("0.10.")) {
            return "libddsc " + version + " deprecates SharedMemory (Cyclone 11 uses PubSubMessageExchange plug-ins instead)";
        }
        try {
            if (!Files.readString(Path.of("/proc/self/maps")).contains("libiceoryx_binding_c")) {
                return "the loaded libddsc " + version + " is built without Iceoryx";
            }
        } catch (IOException e) {
            return "cannot tell whether libddsc " + version + " has Iceoryx: " + e.getMessage();
        }
        return null;
    }
}
