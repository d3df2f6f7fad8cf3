package org.ddstuner.map.ui;

import org.ddstuner.testsupport.ui.ViewsUi;

/** The shared UI test helpers under this bundle's name. */
final class Ui extends ViewsUi {

    private Ui() {
    }
}
