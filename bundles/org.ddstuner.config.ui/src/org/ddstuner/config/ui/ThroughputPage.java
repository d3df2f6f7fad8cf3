package org.ddstuner.config.ui;

import org.ddstuner.config.scenario.Throughput;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * Throughput: the writer history watermarks (Internal/Watermarks/WhcHigh, WhcLow, WhcAdaptive) and synchronous
 * delivery (Internal/SynchronousDeliveryLatencyBound, SynchronousDeliveryPriorityThreshold), each choice with what it
 * does and why one would pick it; the element fields override the chosen preset.
 */
final class ThroughputPage extends ExplainedPage {

    ThroughputPage(WizardModel m) {
        super("throughput", "Throughput", "Writer history and delivery: how fast a reliable writer may go",
                "A reliable writer stops at the high watermark of unacknowledged data and goes on at the low one; the "
                        + "receiver hands samples to readers on its receive thread or through a queue. The defaults suit "
                        + "most systems: change them when a benchmark (last page) shows a writer blocking or drops.", m);
    }

    @Override
    void fill(Composite c) {
        Group history = group(c, "Writer history (Internal/Watermarks)");
        Text[] wh = new Text[2];
        for (Throughput.History h : Throughput.History.values()) {
            choice(history, h.title(), h.description(), h == model.history, () -> {
                model.history = h;
                hint(wh[0], h.whcHigh(), "500 kB");
                hint(wh[1], h.whcLow(), "1 kB");
            });
        }
        wh[0] = field(history, "WhcHigh:", model.whcHigh, v -> model.whcHigh = v);
        wh[1] = field(history, "WhcLow:", model.whcLow, v -> model.whcLow = v);
        hint(wh[0], model.history.whcHigh(), "500 kB");
        hint(wh[1], model.history.whcLow(), "1 kB");

        Group delivery = group(c, "Delivery (Internal/SynchronousDelivery…)");
        Text[] sd = new Text[2];
        for (Throughput.Delivery d : Throughput.Delivery.values()) {
            choice(delivery, d.title(), d.description(), d == model.delivery, () -> {
                model.delivery = d;
                hint(sd[1], d.priorityThreshold() == null ? null : d.priorityThreshold().toString(), "0");
            });
        }
        sd[0] = field(delivery, "Latency bound:", model.syncLatencyBound, v -> model.syncLatencyBound = v);
        sd[1] = field(delivery, "Priority threshold:", model.syncPriorityThreshold, v -> model.syncPriorityThreshold = v);
        hint(sd[0], model.delivery.latencyBound(), "inf");
        hint(sd[1], model.delivery.priorityThreshold() == null ? null : model.delivery.priorityThreshold().toString(), "0");
    }

    private static Group group(Composite c, String title) {
        Group g = new Group(c, SWT.NONE);
        g.setText(title);
        GridLayoutFactory.swtDefaults().numColumns(4).margins(4, 2).spacing(6, 2).applyTo(g);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).applyTo(g);
        return g;
    }

    private static void choice(Composite g, String title, String description, boolean selected, Runnable onSelect) {
        Button b = new Button(g, SWT.RADIO);
        b.setText(title);
        b.setSelection(selected);
        GridDataFactory.fillDefaults().span(4, 1).applyTo(b);
        Label d = new Label(g, SWT.WRAP);
        d.setText(description);
        GridDataFactory.fillDefaults().span(4, 1).indent(20, 0).hint(640, SWT.DEFAULT).applyTo(d);
        b.addListener(SWT.Selection, e -> {
            if (b.getSelection()) {
                onSelect.run();
            }
        });
    }

    /** The grey text of an empty field: the preset's value, else Cyclone's default. */
    private static void hint(Text t, String preset, String cycloneDefault) {
        if (t != null) {
            t.setMessage(preset != null ? preset + " (preset)" : cycloneDefault + " (Cyclone's default)");
        }
    }
}
