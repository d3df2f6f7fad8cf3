package org.ddstuner.samples.ui;

/** Ids this bundle contributes in plugin.xml: views and commands (one place for code and tests). */
public final class SamplesIds {

    private SamplesIds() {
    }

    public static final String TYPE_VIEW = "org.ddstuner.samples.ui.views.type";

    public static final String SHOW_TYPE = "org.ddstuner.samples.ui.showType";
    /** Opens a reader on the selected topic; no handler yet (the Reader view comes later). */
    public static final String READ_SAMPLES = "org.ddstuner.samples.ui.read";
    /** Writes samples into the selected topic; no handler yet (the Writer view comes later). */
    public static final String WRITE_SAMPLES = "org.ddstuner.samples.ui.write";
}
