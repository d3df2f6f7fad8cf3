package org.ddstuner.update.ui.tests;

import org.ddstuner.testsupport.ui.WorkbenchUi;

/** UI test helpers: {@link WorkbenchUi} (event loop, views, screenshots) under the name the tests use. */
final class Ui extends WorkbenchUi {

    private Ui() {
    }
}
