package org.ddstuner.ui;

import org.eclipse.ui.application.IWorkbenchWindowConfigurer;
import org.eclipse.ui.application.WorkbenchAdvisor;
import org.eclipse.ui.application.WorkbenchWindowAdvisor;

final class TunerWorkbenchAdvisor extends WorkbenchAdvisor {

    @Override
    public String getInitialWindowPerspectiveId() {
        return SystemPerspective.ID;
    }

    @Override
    public WorkbenchWindowAdvisor createWorkbenchWindowAdvisor(IWorkbenchWindowConfigurer configurer) {
        return new WorkbenchWindowAdvisor(configurer) {
            @Override
            public void preWindowOpen() {
                IWorkbenchWindowConfigurer c = getWindowConfigurer();
                c.setInitialSize(new org.eclipse.swt.graphics.Point(1280, 800));
                c.setShowCoolBar(true);
                c.setShowStatusLine(true);
                c.setTitle("DDS Tuner");
            }
        };
    }
}
