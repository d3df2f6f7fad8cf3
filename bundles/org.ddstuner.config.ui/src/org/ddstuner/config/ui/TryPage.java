package org.ddstuner.config.ui;

import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;

/**
 * The wizard's last page: prove the choices before writing them — "Try with a benchmark" runs a Pother scenario on
 * local agents under Cyclone's defaults and under the configuration the pages make, overlaid.
 */
final class TryPage extends ExplainedPage {

    private TryBenchmarkDialog last;

    TryPage(WizardModel m) {
        super("try", "Prove it", "Does the new configuration do better than Cyclone's defaults?",
                "Runs a round trip (or the payload sweep) on two local agent processes under Cyclone's defaults and "
                        + "then under this configuration, and overlays the two runs. Both run as loopback-only copies "
                        + "(interfaces, multicast and peers become 127.0.0.1), so what is compared is the tuning — "
                        + "message sizes, buffers, watermarks, timing — and nothing leaves this host. Optional: Finish "
                        + "writes the file either way.", m);
    }

    @Override
    void fill(Composite c) {
        Button t = new Button(c, SWT.PUSH);
        t.setText("Try with a benchmark…");
        GridDataFactory.swtDefaults().span(2, 1).applyTo(t);
        t.addListener(SWT.Selection, e -> open());
    }

    /** Opens the try on the configuration the pages make (tests call it as the button does). */
    TryBenchmarkDialog open() {
        GeneratedConfig g;
        try {
            g = ScenarioWriter.write(model.effectiveScenario(), model.options());
        } catch (IllegalArgumentException e) {
            setErrorMessage(e.getMessage());
            return null;
        }
        setErrorMessage(null);
        last = new TryBenchmarkDialog(getShell(), null, null, g.xml(), "this wizard's " + model.effectiveScenario().id());
        last.open();
        return last;
    }

    TryBenchmarkDialog last() {
        return last;
    }
}
