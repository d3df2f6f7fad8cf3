package org.ddstuner.samples.ui;

/** Ids this bundle contributes in plugin.xml: views and commands (one place for code and tests). */
public final class SamplesIds {

    private SamplesIds() {
    }

    public static final String TYPE_VIEW = "org.ddstuner.samples.ui.views.type";
    /** The Reader view; one instance per topic and connection (secondary id). */
    public static final String READER_VIEW = "org.ddstuner.samples.ui.views.reader";
    /** The Writer view; one instance per topic and connection (secondary id). */
    public static final String WRITER_VIEW = "org.ddstuner.samples.ui.views.writer";

    public static final String SHOW_TYPE = "org.ddstuner.samples.ui.showType";
    /** Opens a reader on the selected topic (Reader view). */
    public static final String READ_SAMPLES = "org.ddstuner.samples.ui.read";
    /** Writes samples into the selected topic (Writer view). */
    public static final String WRITE_SAMPLES = "org.ddstuner.samples.ui.write";
}
