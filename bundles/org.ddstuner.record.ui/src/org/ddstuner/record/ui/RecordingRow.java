package org.ddstuner.record.ui;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import org.ddstuner.record.Recording;
import org.ddstuner.record.RecordingInfo;

/**
 * One row of the Recordings table: a recording running in this session ({@link #recorder}, local or through a
 * remote agent) or a file read with
 * {@link RecordingInfo}. Mutable, UI thread only.
 */
final class RecordingRow {

    final Path file;
    Recording recorder;
    RecordingInfo info;
    String state;
    String error;
    /** Dropped samples of a recording made in this session (-1: unknown, a file found in the folder). */
    long dropped = -1;

    RecordingRow(Path file) {
        this.file = file;
    }

    /** The cells, in {@link Messages#COLUMNS} order. */
    String[] cells() {
        if (recorder != null) {
            Recording.Progress s = recorder.progress();
            return new String[] { file.getFileName().toString(), state, String.join(", ", recorder.topics()),
                    Long.toString(s.written()), Long.toString(s.dropped()), size(s.bytes()), duration(s.elapsed()) };
        }
        if (info != null) {
            return new String[] { file.getFileName().toString(), state, String.join(", ", info.topics().keySet()),
                    Long.toString(info.messages()), dropped < 0 ? "" : Long.toString(dropped), size(info.size()), duration(info.duration()) };
        }
        return new String[] { file.getFileName().toString(), state + (error == null ? "" : ": " + error), "", "", "",
                "", "" };
    }

    static String size(long bytes) {
        return bytes < 1_000_000 ? String.format(Locale.ROOT, "%.1f kB", bytes / 1e3)
                : String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    static String duration(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1e3);
    }
}
