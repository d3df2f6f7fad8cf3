package org.ddstuner.remote.ui.tests;

import org.ddstuner.testsupport.ui.WorkbenchUi;

/** UI test helpers: {@link WorkbenchUi} (event loop, views, lazy trees, screenshots) under the name the tests use. */
final class Ui extends WorkbenchUi {

    private Ui() {
    }
}
