package org.ddstuner.testsupport;

/**
 * The last few kilobytes of a peer's output, kept so a failure message can show why the peer died
 * without letting a chatty peer grow the test JVM's memory without bound.
 */
final class TailBuffer {

    private final int capacity;
    private final StringBuilder text = new StringBuilder();
    private boolean truncated;

    TailBuffer(int capacity) {
        this.capacity = capacity;
    }

    synchronized void appendLine(String line) {
        text.append(line).append('\n');
        int excess = text.length() - capacity;
        if (excess > 0) {
            text.delete(0, excess);
            truncated = true;
        }
    }

    @Override
    public synchronized String toString() {
        return truncated ? "[...]" + text : text.toString();
    }
}
