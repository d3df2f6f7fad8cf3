package org.ddstuner.samples.ui.reader;

/**
 * The row selected in a Reader view's details tree as a field of the shown sample: its path in the value
 * ({@code position.x}, {@code history[2].y}, as {@link org.ddstuner.types.FieldPaths#get} reads it) and its value
 * there, in {@code sample}. It is the selection of the details tree's context menu, which other bundles extend (e.g. "Plot").
 */
public record DetailsField(ReaderView view, org.ddstuner.samples.ReceivedSample sample, String path, Object value) {
}
