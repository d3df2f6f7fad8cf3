package org.ddstuner.plot.ui.tests;

import org.ddstuner.testsupport.ui.ViewsUi;

/** The shared UI test helpers ({@link ViewsUi}) under the name this bundle's tests use. */
final class Ui extends ViewsUi {

    private Ui() {
    }
}
