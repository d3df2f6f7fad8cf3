package org.ddstuner.system.ui;

/** Every string this bundle shows to people. */
public final class Messages {

    private Messages() {
    }

    // filter bar and toolbar
    public static final String FILTER_HINT = "Filter by name, GUID, topic, type…";
    public static final String FILTER_REGEX = "Regex";
    public static final String FILTER_REGEX_TIP = "Treat the filter as a case-insensitive regular expression";
    public static final String SHOW_OWN = "Show own entities";
    public static final String SHOW_OWN_TIP =
            "Also show the participants and endpoints DDS Tuner itself creates, and those of other DDS Tuner instances";
    public static final String COPY = "Copy";
    public static final String EXPAND_ALL = "Expand all";
    public static final String COLLAPSE_ALL = "Collapse all";

    // tree labels
    public static final String NO_CONNECTION = "No connection. Use File › New connection… to connect to a DDS domain.";
    public static final String CONNECTING_TO = "Connecting to %s…";
    public static final String NOTHING_MATCHES = "Nothing matches the filter.";
    public static final String CONNECTION_SUMMARY = "%s — %s, %s";
    public static final String HOST = "%s — %s";
    public static final String PROCESS = "%s — %s";
    public static final String PARTICIPANT = "%s — %s, %s";
    public static final String VENDOR_TAG = " · %s";
    public static final String PUBLISHER = "Publisher in %s (%s)";
    public static final String SUBSCRIBER = "Subscriber in %s (%s)";
    public static final String DEFAULT_PARTITION = "(default)";
    public static final String DEFAULT_PARTITION_ONLY = "the default partition";
    public static final String PLUS_GONE = " (+%d gone)";
    public static final String GONE_SINCE = " (gone since %s)";
    public static final String NO_MATCH = " — no match";
    public static final String TOPIC = "%s : %s — %s, %s";
    public static final String TOPIC_NO_READERS = " — no readers";
    public static final String TOPIC_NO_WRITERS = " — no writers";
    public static final String TOPIC_TYPE_CONFLICT = " — conflicting type names";
    public static final String TOPIC_UNMATCHED = " — %s without a match";
    public static final String WRITERS = "Writers (%d)";
    public static final String READERS = "Readers (%d)";
    public static final String PARTITION = "%s — %s, %s";
    public static final String PARTITION_PATTERN = " (pattern, reaches %s)";
    public static final String ENDPOINT_IN_PARTICIPANT = "%s %s : %s";
    public static final String ENDPOINT_IN_TOPIC = "%s %s in %s";
    public static final String ENDPOINT_IN_PARTITION = "%s %s — %s";

    // details
    public static final String DETAILS_EMPTY = "Select a participant, reader, writer, topic or partition to see its details.";
    public static final String DETAILS_GONE = "%s is no longer in the model.";
    public static final String PROPERTIES = "Properties";
    public static final String QOS = "QoS (policies set)";
    public static final String MATCHES = "Matches and candidates";
    public static final String COL_PROPERTY = "Property";
    public static final String COL_VALUE = "Value";
    public static final String COL_POLICY = "Policy";
    public static final String TAB_MATCHES = "Matches and candidates (%d)";
    public static final String TAB_MATCHES_NONE = "Matches and candidates";
    public static final String TAB_PROPERTIES = "Properties";
    public static final String TAB_QOS = "QoS (%d set)";
    public static final String TAB_QOS_NONE = "QoS";
    public static final String PANE_SUMMARY = "Summary";
    public static final String PANE_SELECTED = "Selected row";
    public static final String PANE_HINT = "Select a row to see its full text here.";
    public static final String PANE_TIP = "Full text of the selected row, or a summary of the matches; select and copy freely";
    public static final String WHY_NOT_HEADING = "Why they do not match:";
    public static final String SUMMARY_ENDPOINT = "Matches %d of %s on \"%s\".";
    public static final String SUMMARY_PAIRS = "%d of %d reader/writer pairs %s match.";
    public static final String SUMMARY_NO_PEERS = "There are no %s on \"%s\" to match with.";
    public static final String SUMMARY_NO_MATCH = "No match with %s:";
    public static final String SUMMARY_PAIR_NO_MATCH = "%s does not match:";
    public static final String SUMMARY_MORE = "… and %d more pairs that do not match (see the table).";
    public static final String TOPIC_NOTE_NO_WRITERS = "Known from readers only: nobody writes it";
    public static final String TOPIC_NOTE_NO_READERS = "Known from writers only: nobody reads it";
    public static final String TOPIC_NOTE_TYPES = "Endpoints use different type names (%s)";
    public static final String COL_PEER = "Peer";
    public static final String COL_PAIR = "Writer → reader";
    public static final String COL_VERDICT = "Verdict";
    public static final String COL_REASONS = "Why not";
    public static final String MATCHED = "matched";
    public static final String NOT_MATCHED = "no match";
    public static final String YES = "yes";
    public static final String NO = "no";
    public static final String NOT_SET = "(none set)";
    /** After "old → new" in the Details view's QoS tab for a policy the QoS Tuning view changed. */
    public static final String CHANGED_THIS_SESSION = "  (changed this session)";
    public static final String PRESENT = "present";
    public static final String NOT_PRESENT = "not present";

    // problems
    public static final String COL_SEVERITY = "Severity";
    public static final String COL_KIND = "Kind";
    public static final String COL_CONNECTION = "Connection";
    public static final String COL_SUBJECT = "Subject";
    public static final String COL_MESSAGE = "Description";
    public static final String COL_MESSAGE_TIP = "The icon is the severity; point at a row for the whole explanation";
    public static final String COL_SINCE = "Since";
    public static final String COL_CLEARED = "Cleared";
    public static final String PROBLEM_SINCE = "since %s";
    public static final String PROBLEM_LOST = "participant lost";
    public static final String PROBLEM_WATCH = "watch";
    public static final String PROBLEM_UNMATCHED = "no match";
    public static final String PROBLEM_UNREADABLE = "unreadable discovery data";
}
