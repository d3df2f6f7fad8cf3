package org.ddstuner.record.ui;

/** The texts of the Recordings view, in one place. */
final class Messages {

    static final String CONNECTION = "Connection:";
    static final String REFRESH = "Refresh Topics";
    static final String TOPICS = "Topics with writers (check those to record):";
    static final String FOLDER = "Folder:";
    static final String START = "Start Recording";
    static final String STOP = "Stop";
    static final String RECORDINGS = "Recordings (this session and the folder's .mcap files):";
    static final String[] COLUMNS = { "File", "State", "Topics", "Messages", "Dropped", "Size", "Duration" };
    static final String NO_CONNECTION = "No connection: connect first.";
    static final String NO_TOPIC = "Check at least one topic.";
    static final String RESOLVING = "Learning the topics' types…";
    static final String RECORDING = "recording";
    static final String DONE = "done";
    static final String RECOVERED = "recovered (index rebuilt)";
    static final String FAILED = "failed";

    static final String OPEN_IN_READER = "Open in Reader View…";
    static final String OPEN_WHICH_TOPIC = "Which topic of the recording?";
    static final String OPEN_READING = "Reading {0} from {1}…";
    static final String OPEN_FAILED = "Cannot show {0} of {1}: {2}";
    static final String OPEN_SOURCE = "recording {0} ({1} of {2} messages, read-only)";
    static final String OPEN_DONE = "{0}: {1} in a Reader view.";

    static String fill(String pattern, Object... args) {
        return java.text.MessageFormat.format(pattern.replace("'", "''"), args);
    }

    private Messages() {
    }
}
