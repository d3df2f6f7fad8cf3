package org.ddstuner.map.ui;

/** Every string the System Map view shows to people. */
public final class Messages {

    private Messages() {
    }

    public static final String ZOOM_IN = "Zoom in";
    public static final String ZOOM_OUT = "Zoom out";
    public static final String FIT = "Fit";
    public static final String FIT_TIP = "Zoom to show the whole map";
    public static final String EXPORT_PNG = "Export PNG…";
    public static final String EXPORT_SVG = "Export SVG…";
    public static final String EXPORT_FAILED = "Could not export the map";
    public static final String CONNECTION = "Connection:";
    public static final String NO_CONNECTION = "No connection. Use File › New connection… to connect to a DDS domain.";
    public static final String NOTHING_MATCHES = "Nothing matches the filter.";
    public static final String EMPTY = "No participants or topics yet.";
    public static final String STATUS = "%s, %s, %s";
    /** "1 participant", "2 participants". */
    public static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    public static final String STATUS_COLLAPSED = " · shown as %s (more than %d boxes): filter to see them one by one";
    public static final String LEGEND = "matched · no match · deadline missed · samples lost · gone · nobody on the other side";
    public static final String HELP = "Wheel: zoom · drag: pan · click: Details · hover: why";
}
