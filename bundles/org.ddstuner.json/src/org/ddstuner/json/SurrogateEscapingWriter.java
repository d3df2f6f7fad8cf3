package org.ddstuner.json;

import java.io.IOException;
import java.io.Writer;

/**
 * Passes JSON text through, writing each unpaired surrogate as a {@code \}{@code uXXXX} escape: such a char
 * cannot be encoded in UTF-8 (a printer would put '?' there), while the escape reads back to the same string.
 * Jackson writes text unchanged to a {@code Writer}; outside strings JSON text is ASCII, so every surrogate
 * seen here is inside a string literal, where the escape is valid. A high surrogate at the end of one write
 * waits for the next (a string always ends with a quote, so none waits when a value is complete).
 */
final class SurrogateEscapingWriter extends Writer {
    private final Writer out;
    private char pendingHigh;

    SurrogateEscapingWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        int run = off; // chars needing nothing are written in runs
        int end = off + len;
        for (int i = off; i < end; i++) {
            char c = buf[i];
            if (pendingHigh != 0) {
                char high = pendingHigh;
                pendingHigh = 0;
                if (Character.isLowSurrogate(c)) {
                    out.write(high);
                    continue; // the pair is complete; c goes out with the run
                }
                escape(high);
            }
            if (!Character.isSurrogate(c)) {
                continue;
            }
            out.write(buf, run, i - run);
            run = i + 1;
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < end) {
                    if (Character.isLowSurrogate(buf[i + 1])) {
                        out.write(buf, i, 2);
                        i++;
                        run = i + 1;
                    } else {
                        escape(c);
                    }
                } else {
                    pendingHigh = c;
                }
            } else {
                escape(c); // a low surrogate without its high one
            }
        }
        out.write(buf, run, end - run);
    }

    private void escape(char c) throws IOException {
        out.write(String.format("\\u%04x", (int) c));
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (pendingHigh != 0) {
            escape(pendingHigh);
            pendingHigh = 0;
        }
        out.close();
    }
}
