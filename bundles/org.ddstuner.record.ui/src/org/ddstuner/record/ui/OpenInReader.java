package org.ddstuner.record.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.ddstuner.record.RecordedTopic;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.ui.live.UiPoster;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.ElementListSelectionDialog;

/**
 * "Open in Reader View": one topic of a recording shown in a Reader view of its own, decoded with the recording's
 * schema and read-only ({@link ReaderView#showRecorded}). The file is read on a background thread; the newest
 * {@link #MAX} samples are shown.
 */
final class OpenInReader {

    static final int MAX = 10_000;

    private OpenInReader() {
    }

    /** Asks which topic when the recording has several ({@code null}: cancelled). */
    static String chooseTopic(Shell shell, List<String> topics) {
        if (topics.size() == 1) {
            return topics.get(0);
        }
        ElementListSelectionDialog d = new ElementListSelectionDialog(shell, new org.eclipse.jface.viewers.LabelProvider());
        d.setTitle(Messages.OPEN_IN_READER);
        d.setMessage(Messages.OPEN_WHICH_TOPIC);
        d.setElements(topics.toArray());
        d.setMultipleSelection(false);
        return d.open() == ElementListSelectionDialog.OK && d.getFirstResult() != null ? d.getFirstResult().toString()
                : null;
    }

    /**
     * Reads {@code topic} of {@code file} and shows it in a Reader view of {@code page}; {@code status} gets what
     * went wrong (a schema that does not parse, a damaged file) or what was shown.
     */
    static void open(IWorkbenchPage page, Path file, String topic, Consumer<String> status) {
        Display display = page.getWorkbenchWindow().getShell().getDisplay();
        status.accept(Messages.fill(Messages.OPEN_READING, topic, file.getFileName()));
        Thread.ofPlatform().daemon().name("ddstuner-open-recording").start(() -> {
            RecordedTopic r;
            try {
                r = RecordedTopic.read(file, topic, MAX);
            } catch (IOException | IllegalArgumentException | org.ddstuner.samples.TypeResolutionException e) {
                UiPoster.asyncExec(display, () -> status.accept(Messages.fill(Messages.OPEN_FAILED, topic,
                        file.getFileName(), e.getMessage())));
                return;
            } catch (InterruptedException e) {
                return;
            }
            UiPoster.asyncExec(display, () -> show(page, file, r, status));
        });
    }

    private static void show(IWorkbenchPage page, Path file, RecordedTopic r, Consumer<String> status) {
        SharedType shared = SharedType.of(r.type());
        try {
            String id = "recording/" + Integer.toHexString(file.toAbsolutePath().toString().hashCode()) + "/"
                    + r.topic().replace(':', ';');
            ReaderView v = (ReaderView) page.showView(SamplesIds.READER_VIEW, id, IWorkbenchPage.VIEW_ACTIVATE);
            String source = Messages.fill(Messages.OPEN_SOURCE, file.getFileName(), r.samples().size(), r.total());
            v.showRecorded(r.topic(), shared, source, r.samples());
            status.accept(Messages.fill(Messages.OPEN_DONE, r.topic(), source));
        } catch (PartInitException e) {
            status.accept(Messages.fill(Messages.OPEN_FAILED, r.topic(), file.getFileName(), e.getMessage()));
        } finally {
            shared.release();
        }
    }
}
