package org.ddstuner.samples.ui;

/** Text shown to people by this bundle. */
public final class Messages {

    private Messages() {
    }

    // Type view
    public static final String TYPE_NOTHING_SELECTED = "Select a topic, writer or reader in the System or Topics view "
            + "to see its data type.";
    public static final String TYPE_NO_ENDPOINTS = "Topic {0} has no writer or reader of another application right now.";
    public static final String TYPE_LEARNING = "Learning the types of {0} of topic {1} over the wire…";
    public static final String TYPE_SUMMARY_ONE = "{0} — one type, {1}, used by {2}";
    public static final String TYPE_SUMMARY_MANY = "{0} — {1} different types among {2}";
    public static final String TYPE_SUMMARY_NONE = "{0} — the type of none of its {1} could be learned";
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
    public static final String TYPE_UNLEARNED = "Types that could not be learned:";
    public static final String TYPE_NO_TYPE_INFO = "No XTypes type information was announced ({0}), only the type name "
            + "''{1}'': the type cannot be learned over the wire. Applications built without XTypes type information "
            + "(older DDS versions, some vendors'' defaults, bindings that register none) announce only the name.";
    public static final String TYPE_UNREADABLE = "The type information sent cannot be read: {0}";
    public static final String TYPE_FAILED = "Learning the type failed: {0}";
    public static final String TYPE_REFRESH = "Learn again";
    public static final String TYPE_REFRESH_TIP = "Forget the types learned so far and ask the applications again";
    public static final String TYPE_JOB = "Learning the types of topic {0}";
    public static final String TYPE_GONE = "The connection of this topic was closed.";

    /** {@code fill("a {0} b {1}", x, y)}: positional placeholders; {@code ''} is a quote. */
    public static String fill(String pattern, Object... args) {
        String s = pattern.replace("''", "'");
        for (int i = 0; i < args.length; i++) {
            s = s.replace("{" + i + "}", String.valueOf(args[i]));
        }
        return s;
    }
}
