package org.ddstuner.dds.internal;

import java.io.IOException;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Works out which file a soname resolved to and which Cyclone version it is. libddsc has no
 * "get version" function, so we look at (in order) the real file name (libddsc.so.0.10.2), a Python
 * wheel's dist-info folder next to it (cyclonedds-11.0.1.dist-info), and the DDS_VERSION string that
 * Cyclone compiles in right after its DDS_HOST_NAME ("Linux\0" "0.10.2\0").
 */
public final class LoadedFileLocator {

    private static final Pattern FILE_VERSION = Pattern.compile("libddsc\\.so\\.(\\d+\\.\\d+\\.\\d+)$");
    private static final Pattern DIST_INFO = Pattern.compile("cyclonedds-(\\d+\\.\\d+\\.\\d+)[^/]*\\.dist-info");
    private static final Pattern EMBEDDED = Pattern.compile("(?:Linux|Darwin|Windows|FreeBSD|QNX)\0(\\d{1,3}\\.\\d{1,3}\\.\\d{1,3})\0");

    private LoadedFileLocator() {
    }

    /** The real path of the mapped file that holds dds_create_participant, or the soname if /proc is not there. */
    public static Path find(SymbolLookup lookup, String soname) {
        long addr = lookup.find("dds_create_participant").map(s -> s.address()).orElse(0L);
        Path maps = Path.of("/proc/self/maps");
        if (addr != 0 && Files.isReadable(maps)) {
            try {
                for (String line : Files.readAllLines(maps)) {
                    // 7f12a000-7f12b000 r-xp 00001000 08:01 1234   /usr/lib/x86_64-linux-gnu/libddsc.so.0.10.2
                    String[] f = line.trim().split("\\s+", 6);
                    if (f.length < 6 || !f[5].startsWith("/")) {
                        continue;
                    }
                    String[] range = f[0].split("-");
                    long lo = Long.parseUnsignedLong(range[0], 16);
                    long hi = Long.parseUnsignedLong(range[1], 16);
                    if (Long.compareUnsigned(addr, lo) >= 0 && Long.compareUnsigned(addr, hi) < 0) {
                        Path p = Path.of(f[5]);
                        return Files.exists(p) ? p.toRealPath() : p;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // fall through: the soname is still a useful answer
            }
        }
        return Path.of(soname);
    }

    /** The version string ("0.10.2"), or {@code null} when none of the three methods finds one. */
    public static String version(Path file) {
        Path real = file;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            // keep the given name
        }
        Matcher m = FILE_VERSION.matcher(real.getFileName().toString());
        if (m.find()) {
            return m.group(1);
        }
        String fromWheel = fromDistInfo(real);
        if (fromWheel != null) {
            return fromWheel;
        }
        return embedded(real);
    }

    private static String fromDistInfo(Path real) {
        // site-packages/cyclonedds/.libs/libddsc.so -> site-packages/cyclonedds-11.0.1.dist-info
        Path sitePackages = real.getParent() == null || real.getParent().getParent() == null ? null
                : real.getParent().getParent().getParent();
        if (sitePackages == null || !Files.isDirectory(sitePackages)) {
            return null;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(sitePackages, "cyclonedds-*.dist-info")) {
            for (Path p : ds) {
                Matcher m = DIST_INFO.matcher(p.getFileName().toString());
                if (m.matches()) {
                    return m.group(1);
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static String embedded(Path real) {
        try {
            if (!Files.isRegularFile(real) || Files.size(real) > 64L << 20) {
                return null;
            }
            String text = new String(Files.readAllBytes(real), StandardCharsets.ISO_8859_1);
            Matcher m = EMBEDDED.matcher(text);
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        }
    }

}
