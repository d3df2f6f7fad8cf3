package org.ddstuner.samples.ui;

/** Text shown to people by this bundle. */
public final class Messages {

    private Messages() {
    }

    // Type view
    public static final String TYPE_NOTHING_SELECTED = "Select a topic, writer or reader in the System or Topics view "
            + "to see its data type.";
    public static final String TYPE_REMOTE_NAMES = "The endpoints of {0} announce the type name {1}.";
    public static final String TYPE_NO_ENDPOINTS = "Topic {0} has no writer or reader of another application right now.";
    public static final String TYPE_LEARNING = "Finding the types of {0} of topic {1}…";
    public static final String TYPE_SUMMARY_ONE = "{0} — one type, {1}, used by {2}";
    public static final String TYPE_SUMMARY_MANY = "{0} — {1} different types among {2}";
    public static final String TYPE_SUMMARY_NONE = "{0} — no source gave the type of any of its {1}";
    public static final String TYPE_COMPARE = "Compare";
    public static final String TYPE_WITH = "with";
    public static final String TYPE_GROUP = "Type {0}: {1} — {2}";
    public static final String TYPE_USED_BY = "Type {0} ({1}) is used by:";
    public static final String TYPE_DIFFERENCES = "Differences from type {0} to type {1}:";
    public static final String TYPE_NO_DIFFERENCES = "Type {0} and type {1} are the same.";
    public static final String TYPE_ASSIGNABLE = "Yes — a reader of type {0} takes data from a writer of type {1}.";
    public static final String TYPE_NOT_ASSIGNABLE = "No — a reader of type {0} cannot take data from a writer of type "
            + "{1}: {2}";
    public static final String TYPE_VERDICTS = "Can they talk? (XTypes assignability, as Cyclone DDS decides it)";
    public static final String TYPE_UNLEARNED = "Endpoints whose type no source gave (sources tried in order):";
    public static final String TYPE_NO_TYPE_INFO = "No XTypes type information was announced ({0}), only the type name "
            + "''{1}'': the type cannot be learned over the wire. Applications built without XTypes type information "
            + "(older DDS versions, some vendors'' defaults, bindings that register none) announce only the name.";
    public static final String TYPE_UNREADABLE = "The type information sent cannot be read: {0}";
    public static final String TYPE_FAILED = "Learning the type failed: {0}";
    public static final String TYPE_REFRESH = "Learn again";
    public static final String TYPE_REFRESH_TIP = "Forget the types learned so far and ask the applications again";
    public static final String TYPE_JOB = "Learning the types of topic {0}";
    public static final String TYPE_GONE = "The connection of this topic was closed.";
    public static final String TYPE_FAST_DDS = "Fast DDS (and ROS 2 over rmw_fastrtps) answers only TypeLookup requests "
            + "addressed to it, which libddsc 0.10 sends only while matching a reader of another type, and libddsc "
            + "aborts on the reply for nested types: so {0} is not asked for.";
    public static final String TYPE_LEARNED = "learned {0} from this endpoint";
    public static final String TYPE_SOURCE_COMMENT = "from {0}: {1}";
    public static final String TYPE_REMOTE_SOURCE_COMMENT = "found by the remote agent, {0}: {1}";
    public static final String TYPE_REMOTE_REFUSED = "the remote agent found no type ({0}): {1}";
    public static final String TYPE_SOURCES = "Where type {0} came from (tried in this order):";
    public static final String TYPE_NO_SOURCE_HINT = "Import its IDL or add ROS 2 message folders (toolbar) to give it "
            + "a type.";

    // type sources the person adds: IDL files, ROS 2 message folders
    public static final String IDL_IMPORT = "Import IDL…";
    public static final String IDL_IMPORT_TIP = "Import IDL files declaring the types of topics whose applications do "
            + "not send them (used by Read Samples… and Write Samples…)";
    public static final String IDL_IMPORT_TITLE = "IDL import";
    public static final String IDL_IMPORTED = "Imported {0}: {1}";
    public static final String IDL_NOT_IMPORTED = "Not imported, {0} does not parse:";
    public static final String IDL_FILTER = "IDL files (*.idl)";
    public static final String IDL_RESTORE_MISSING = "The imported IDL file {0} is missing: it is no longer imported "
            + "at start. Import it again with Import IDL… once it is back.";
    public static final String IDL_RESTORE_BROKEN = "The imported IDL file {0} no longer parses ({1}): it is no "
            + "longer imported at start. Fix it and import it again with Import IDL….";
    public static final String IDL_UNKNOWN_TYPE = "No source knows this type: samples will show as bytes. Import "
            + "IDL declaring {0} to decode them.";
    public static final String IDL_IMPORT_BUTTON = "Import IDL…";
    public static final String ROS_FOLDERS = "ROS 2 Message Folders…";
    public static final String ROS_FOLDERS_TIP = "ROS 2 share folders searched for <package>/msg/<Name>.msg before the "
            + "bundled messages";
    public static final String ROS_FOLDERS_TITLE = "ROS 2 message folders";
    public static final String ROS_FOLDERS_MESSAGE = "ROS 2 share folders holding <package>/msg/<Name>.msg (e.g. "
            + "/opt/ros/jazzy/share), separated by '':''. They are searched first, then the messages bundled with "
            + "the tool.";
    public static final String ROS_FOLDER_MISSING = "{0} is not a folder";

    // finding a type (Read Samples…, Write Samples…)
    public static final String RESOLVING = "Finding the type of topic {0}…";
    public static final String RESOLVE_FAILED_TITLE = "No type";
    public static final String REMOTE_TYPE_FAILED = "The remote agent of {1} found no type for topic {0}: {2}";
    public static final String RESOLVE_FAILED = "No type was found for topic {0}:\n\n{1}\n\nImport the topic''s IDL "
            + "to read and write its samples.";

    // QoS editor
    public static final String QOS_RELIABILITY = "Reliability:";
    public static final String QOS_DURABILITY = "Durability:";
    public static final String QOS_HISTORY = "History:";
    public static final String QOS_DEADLINE = "Deadline (ms):";
    public static final String QOS_DEADLINE_TIP = "empty: infinite";
    public static final String QOS_PARTITIONS = "Partitions:";
    public static final String QOS_PARTITIONS_TIP_READER = "comma-separated; (default) is the default partition";
    public static final String QOS_PARTITIONS_TIP_WRITER = QOS_PARTITIONS_TIP_READER;
    public static final String QOS_NOTES = "Derivation:";
    public static final String QOS_NO_NOTES = "Every discovered peer is matched by these values.";
    public static final String QOS_BAD_DEADLINE = "The deadline ''{0}'' is not a positive number of milliseconds.";
    public static final String QOS_TAB_MAIN = "Main";
    public static final String QOS_TAB_TIMING = "Timing && limits";
    public static final String QOS_TAB_MORE = "Ownership, order && more";
    public static final String QOS_MAX_BLOCKING = "max blocking (ms)";
    public static final String QOS_DEPTH = "depth";
    public static final String QOS_RESOURCE_LIMITS = "Resource limits:";
    public static final String QOS_RESOURCE_LIMITS_TIP = "max samples, max instances, max samples per instance; "
            + "empty or -1: unlimited";
    public static final String QOS_LATENCY_BUDGET = "Latency budget (ms):";
    public static final String QOS_ZERO_TIP = "empty: 0";
    public static final String QOS_LIVELINESS = "Liveliness:";
    public static final String QOS_LEASE = "lease (ms)";
    public static final String QOS_INFINITE_TIP = "empty: infinite";
    public static final String QOS_LIFESPAN = "Lifespan (ms):";
    public static final String QOS_TIME_FILTER = "Time-based filter (ms):";
    public static final String QOS_TIME_FILTER_TIP = "minimum separation between samples of an instance; empty: 0";
    public static final String QOS_TRANSPORT_PRIORITY = "Transport priority:";
    public static final String QOS_OWNERSHIP = "Ownership:";
    public static final String QOS_STRENGTH = "strength";
    public static final String QOS_DESTINATION_ORDER = "Destination order:";
    public static final String QOS_PRESENTATION = "Presentation:";
    public static final String QOS_COHERENT = "coherent";
    public static final String QOS_ORDERED = "ordered";
    public static final String QOS_REPRESENTATION = "Data representation:";
    public static final String QOS_TYPE_CONSISTENCY = "Type consistency:";
    public static final String QOS_IGNORE_SEQ_BOUNDS = "ignore sequence bounds";
    public static final String QOS_IGNORE_STRING_BOUNDS = "ignore string bounds";
    public static final String QOS_IGNORE_MEMBER_NAMES = "ignore member names";
    public static final String QOS_PREVENT_WIDENING = "prevent type widening";
    public static final String QOS_FORCE_VALIDATION = "force type validation";
    public static final String QOS_WRITER_LIFECYCLE = "Writer data lifecycle:";
    public static final String QOS_AUTODISPOSE = "dispose instances on unregister";
    public static final String QOS_READER_LIFECYCLE = "Reader data lifecycle (ms):";
    public static final String QOS_PURGE_NO_WRITERS = "purge after no writers";
    public static final String QOS_PURGE_DISPOSED = "after disposed";
    public static final String QOS_BAD_DURATION = "not a duration: ''{0}'' (milliseconds, 0 or more{1})";
    public static final String QOS_OR_EMPTY_INFINITE = ", or empty for infinite";
    public static final String QOS_BAD_INT = "not a whole number: ''{0}''";
    public static final String QOS_BAD_LIMIT = "''{0}'' must be 1 or more, or -1/empty for unlimited";
    public static final String QOS_DEPTH_OVER_LIMIT = "history depth {0} exceeds max samples per instance {1}";
    public static final String QOS_LIMITS_INCONSISTENT = "max samples {0} is less than max samples per instance {1}";
    public static final String QOS_FILTER_OVER_DEADLINE = "must not exceed the deadline ({0} ms)";
    public static final String QOS_NO_REPRESENTATION = "choose at least one representation";
    public static final String QOS_FIELD_ERRORS = "Fix the QoS fields marked in red: {0}";

    // Read Samples… dialog
    public static final String SETUP_SHELL = "Read Samples — {0}";
    public static final String SETUP_TITLE = "Read topic {0} of {1} (domain {2})";
    public static final String SETUP_MESSAGE = "The tool creates its own reader with a QoS derived from the topic's "
            + "writers, so that it matches them. Check or edit it.";
    public static final String SETUP_CONFLICTS = "No single QoS matches every writer of this topic: see the derivation "
            + "notes for the ones left out.";
    public static final String SETUP_TYPE = "Type {0} — source: {1}";
    public static final String SETUP_QOS = "Reader QoS";
    public static final String SETUP_BUFFER = "Mode and buffer";
    public static final String SETUP_TAKE = "Take (remove from the reader cache)";
    public static final String SETUP_TAKE_TIP = "Remove samples from the reader's cache as they are shown";
    public static final String SETUP_READ = "Read (leave in the reader cache)";
    public static final String SETUP_READ_TIP = "Leave samples in the reader's cache (its history depth bounds them)";
    public static final String SETUP_CAPACITY = "Keep the last";
    public static final String SETUP_CAPACITY_TIP = "Samples (and instances) kept in memory; older ones are dropped "
            + "and counted";
    public static final String SETUP_OK = "Open Reader";

    // Reader view
    public static final String READER_PART = "Reader: {0}";
    public static final String READER_DESCRIPTION = "{0} · source: {1} · {2} (domain {3}) · in {4} · {5} mode";
    public static final String RESTORE_REOPEN = "Reopen";
    public static final String RESTORE_CLOSE = "Close view";
    public static final String RESTORE_RESOLVING = "Reopening topic {0} of ''{1}'': finding its type…";
    public static final String RESTORE_FAILED = "Topic {0} of ''{1}'' could not be reopened: {2}";
    public static final String READER_NOT_OPEN = "This view read topic {0} of connection ''{1}'' (domain {2}), which is "
            + "not open now. Connect to it and the reader reopens by itself (or press Reopen); or close the view.";
    public static final String WRITER_NOT_OPEN = "This view wrote topic {0} of connection ''{1}'' (domain {2}), which is "
            + "not open now. Connect to it and the editor reopens by itself (or press Reopen); or close the view.";
    public static final String READER_EMPTY = "Use Read Samples… on a topic in the System or Topics view.";
    public static final String READER_OPEN_FAILED = "The reader could not be created: {0}";
    public static final String READER_CONNECTION_CLOSED = "The connection was closed: the reader is gone; the "
            + "samples received stay until the view is closed.";
    public static final String READER_FAILED = "Reading stopped: {0}";
    public static final String READER_HISTORY = "History";
    public static final String READER_HISTORY_TIP = "Every sample received, newest first";
    public static final String READER_LATEST = "Latest per instance";
    public static final String READER_LATEST_TIP = "The latest sample of each instance (key value)";
    public static final String READER_PAUSE = "Pause";
    public static final String READER_RESUME = "Resume";
    public static final String READER_PAUSE_TIP = "Stop keeping samples; they are still taken and counted";
    public static final String READER_CLEAR = "Clear";
    public static final String READER_CLEAR_TIP = "Forget the samples received so far";
    public static final String READER_FILTER = "Filter:";
    public static final String READER_FILTER_HINT = "e.g. id == 1 && meta.seq > 10";
    public static final String READER_FILTER_TIP = "Field paths as in the column headers, @seq, @writer, "
            + "@instance_state…; == != < <= > >= contains && || ! ( )";
    public static final String READER_FILTER_ERROR = "\u26a0 column {0}: {1}";
    public static final String READER_EXPORT = "Export…";
    public static final String READER_EXPORT_TIP = "Save samples as CSV or JSON";
    public static final String READER_EXPORT_SELECTED = "Selected samples…";
    public static final String READER_EXPORT_ALL = "All samples shown…";
    public static final String READER_EXPORT_CSV = "CSV (*.csv)";
    public static final String READER_EXPORT_JSON = "JSON (*.json)";
    public static final String READER_EXPORT_FAILED = "Cannot write {0}: {1}";
    public static final String READER_EXPORTED = "Exported {0} sample(s) to {1}.";
    public static final String READER_INJECT = "Inject…";
    public static final String READER_INJECT_TIP = "Open the Writer view of this topic with the selected sample";
    public static final String READER_LOOKING_FOR_TYPE = "No type known: showing bytes while looking for the type "
            + "again…";
    public static final String READER_TYPE_FOUND = "Found the type {0} ({1}): samples are decoded from now on.";
    public static final String READER_TYPE_NOT_FOUND = "Still no type, samples stay bytes (import its IDL or add ROS "
            + "2 message folders in the Type view): {0}";
    public static final String READER_LEARNING_JOB = "Looking for the type of {0}";
    public static final String READER_INJECT_RAW = "This topic has no known type: import its IDL to write samples.";
    public static final String READER_COUNTERS = "Received {0} · shown {1} · dropped {2} · discarded while paused {3} · "
            + "decode errors {4} · instances {5} · matched writers {6}";

    public static final String COL_SEQ = "#";
    public static final String COL_SEQ_TIP = "Reception order in this view";
    public static final String COL_RECEIVED = "Received";
    public static final String COL_SOURCE = "Source time";
    public static final String COL_TIME_TIP = "Local time of day (hh:mm:ss.mmm)";
    public static final String COL_LATENCY = "Latency µs";
    public static final String COL_LATENCY_TIP = "Source timestamp to reception, in microseconds (clocks of both "
            + "hosts must agree)";
    public static final String COL_WRITER = "Writer";
    public static final String COL_WRITER_TIP = "GUID of the writer";
    public static final String COL_INSTANCE_STATE = "Instance";
    public static final String COL_SAMPLE_STATE = "Sample";
    public static final String COL_VIEW_STATE = "View";
    public static final String COL_SIZE = "Bytes";
    public static final String COL_BYTES = "Data (hex)";
    public static final String COL_GUESS = "Guessed values";
    public static final String COL_GUESS_TIP = "Primitive values read from the bytes without knowing the type "
            + "(@offset kind value): a best effort";
    public static final String COL_ERROR = "Decode error";

    public static final String DETAILS_FIELD = "Field";
    public static final String DETAILS_VALUE = "Value";
    public static final String DETAILS_SAMPLE = "Sample";
    public static final String DETAILS_ERROR = "Decode error";
    public static final String DETAILS_NO_DATA = "No data (key only)";
    public static final String DETAILS_NOTES = "Decoder notes";
    public static final String DETAILS_GUESS = "Guessed values (no type: a best effort)";
    public static final String DETAILS_INFO = "Sample info";
    public static final String DETAILS_BYTES = "Serialized data ({0} bytes)";
    public static final String DETAILS_MORE = "{0} more elements";
    public static final String DETAILS_NOT_SET = "(not set)";

    // Writer view
    public static final String WRITER_PART = "Writer: {0}";
    public static final String WRITER_DESCRIPTION = "{0} · source: {1} · {2} (domain {3})";
    public static final String WRITER_EMPTY = "Use Write Samples… on a topic in the System or Topics view.";
    public static final String WRITER_READY = "Edit the sample, then Write. Nothing is written before you confirm.";
    public static final String WRITER_READY_CONFLICTS = "No single QoS matches every reader of this topic: see the "
            + "derivation notes.";
    public static final String WRITER_QOS = "Writer QoS";
    public static final String WRITER_ADD = "Add element";
    public static final String WRITER_REMOVE = "Remove element";
    public static final String WRITER_RESET = "Defaults";
    public static final String WRITER_TEMPLATE = "Template:";
    public static final String WRITER_LOAD = "Load";
    public static final String WRITER_SAVE = "Save";
    public static final String WRITER_IMPORT = "Import JSON…";
    public static final String WRITER_WRITE = "Write";
    public static final String WRITER_DISPOSE = "Dispose";
    public static final String WRITER_UNREGISTER = "Unregister";
    public static final String WRITER_REPEAT_COUNT = "Write";
    public static final String WRITER_REPEAT_COUNT_TIP = "Number of samples; 0 writes until Stop";
    public static final String WRITER_REPEAT_RATE = "samples at";
    public static final String WRITER_REPEAT_RATE_TIP = "Samples per second; 0 writes as fast as possible";
    public static final String WRITER_PER_SECOND = "/s";
    public static final String WRITER_START = "Start";
    public static final String WRITER_STOP = "Stop";
    public static final String WRITER_REPEAT_PROGRESS = "{0} of {1}";
    public static final String WRITER_REPEAT_DONE = "Wrote {0} samples.";
    public static final String WRITER_BAD_RATE = "The rate ''{0}'' is not a number of samples per second.";
    public static final String WRITER_WROTE = "Wrote one sample to {0} ({1}); matched readers: {2}.";
    public static final String WRITER_DISPOSED = "Disposed the instance in {0} ({1}); matched readers: {2}.";
    public static final String WRITER_UNREGISTERED = "Unregistered the instance in {0} ({1}); matched readers: {2}.";
    public static final String WRITER_FAILED = "Nothing was written: {0}";
    public static final String WRITER_REMOTE_DESCRIPTION = "{0} · source: {1} (found by the agent) · {2}";
    public static final String WRITER_REMOTE_REPEAT = "Writing repeatedly is not available through a remote agent: "
            + "write one sample at a time.";
    public static final String CONFIRM_REMOTE_TEXT = "DDS Tuner is about to write samples of {0} into topic ''{1}'' "
            + "through the remote agent of ''{2}'', in {3}.\n\nEvery application reading this topic there will "
            + "receive them as real data. You are asked once for this connection; later writes, disposes and "
            + "unregisters go ahead without asking.";
    public static final String WRITER_INVALID = "Nothing was written: {0} — {1}";
    public static final String WRITER_BAD_QOS = "Nothing was written: {0}";
    public static final String WRITER_NOT_CONFIRMED = "Nothing was written: writing into this system was not confirmed.";
    public static final String WRITER_OPEN_FAILED = "The writer could not be created: {0}";
    public static final String WRITER_IMPORTED = "Imported the first of {1} sample(s) from {0}.";
    public static final String WRITER_IMPORT_FAILED = "Cannot import {0}: {1}";
    public static final String WRITER_TEMPLATE_SAVED = "Saved template ''{0}'' of {1}.";
    public static final String WRITER_TEMPLATE_LOADED = "Loaded template ''{0}''.";
    public static final String WRITER_TEMPLATE_FAILED = "Template ''{0}'': {1}";
    public static final String EDIT_MEMBER = "Member";
    public static final String EDIT_SET = "Set";
    public static final String EDIT_VALUE = "Value";
    public static final String EDIT_TYPE = "Type";
    public static final String EDIT_PROBLEM = "Problem";

    // injection confirmation (once per connection)
    public static final String CONFIRM_TITLE = "Write into a live system?";
    public static final String CONFIRM_TEXT = "DDS Tuner is about to write samples of {0} into topic ''{1}'' on DDS "
            + "domain {2} (connection ''{3}''), in {4}.\n\nEvery application reading this topic there will receive "
            + "them as real data. You are asked once for this connection; later writes, disposes and unregisters "
            + "on it are not confirmed again.";
    public static final String CONFIRM_YES = "Write into the system";

    /** {@code fill("a {0} b {1}", x, y)}: positional placeholders; {@code ''} is a quote. */
    public static String fill(String pattern, Object... args) {
        String s = pattern.replace("''", "'");
        for (int i = 0; i < args.length; i++) {
            s = s.replace("{" + i + "}", String.valueOf(args[i]));
        }
        return s;
    }
}
