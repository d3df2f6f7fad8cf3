package org.ddstuner.plot.ui;

/** The texts of the Plot view, in one place. */
final class Messages {

    static final String PART = "Plot";
    static final String EMPTY = "Nothing plotted yet. In a Reader view, right-click a numeric field in the details "
            + "of a sample and choose Plot; or press Add Field… here.";
    static final String ADD = "Add Field\u2026";
    static final String ADD_TIP = "Plot a numeric field of any open Reader view (another topic too) in this chart";
    static final String REMOVE = "Remove";
    static final String REMOVE_TIP = "Stop plotting the selected series";
    static final String CLEAR = "Clear";
    static final String CLEAR_TIP = "Forget the points so far; the series go on with new samples";
    static final String AXIS_TIME = "Time";
    static final String AXIS_TIME_TIP = "x: when the tool received each sample";
    static final String AXIS_INDEX = "Sample #";
    static final String AXIS_INDEX_TIP = "x: the sample's number in its series (0, 1, 2…), for comparing runs";
    static final String EXPORT = "Export\u2026";
    static final String EXPORT_TIP = "Save the chart as PNG or SVG, or its points as CSV";
    static final String COL_SERIES = "Series";
    static final String COL_POINTS = "Points";
    static final String COL_LAST = "Last";
    static final String COL_SKIPPED = "Skipped";
    static final String X_TIME = "received";
    static final String X_INDEX = "sample #";
    static final String Y = "value";
    static final String NO_DATA = "no samples yet";
    static final String STATUS = "%d series \u00b7 up to %,d points each \u00b7 %,d redraws";
    static final String NOT_NUMERIC = "\"%s\" is not a number (%s): only numeric, boolean and enum fields plot";
    static final String NO_FIELD = "Select a field under \"Sample\" in the Reader view's details first";
    static final String NO_READER = "The Reader view has no reader open";
    static final String TOO_MANY = "%s";
    static final String PLOTTING = "Plotting %s";
    static final String EXPORTED = "Saved %s";
    static final String EXPORT_FAILED = "Could not save %s: %s";
    static final String ENDED = " (reader closed)";
    static final String DIALOG_TITLE = "Add a Field to the Plot";
    static final String DIALOG_READER = "Reader:";
    static final String DIALOG_FIELD = "Field:";
    static final String DIALOG_INSTANCE = "Instance:";
    static final String DIALOG_ALL_INSTANCES = "all instances in one line";
    static final String DIALOG_NO_READERS = "No Reader view is open: open one with Read Samples… on a topic";
    static final String DIALOG_NO_SAMPLE = "(no sample received yet: its fields are listed once one arrives)";

    private Messages() {
    }

    static String fill(String pattern, Object... args) {
        return String.format(java.util.Locale.ROOT, pattern, args);
    }
}
