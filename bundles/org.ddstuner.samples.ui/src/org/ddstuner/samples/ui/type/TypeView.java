package org.ddstuner.samples.ui.type;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.dds.Guid;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.SamplesIds;
import org.ddstuner.samples.ui.common.IdlImport;
import org.ddstuner.samples.ui.common.ImportedIdlFiles;
import org.ddstuner.samples.ui.common.RosMessageFolders;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;

/**
 * The Type view: the data type of the topic (or endpoint) selected in the System or Topics view, found
 * in a background job from the sources the Reader view uses ({@link TypeLearning}), one section per distinct
 * type, two side by side when they differ.
 * Follows the selection and learns again when endpoints come or go on the shown topic.
 */
public final class TypeView extends ViewPart {

    public static final String ID = SamplesIds.TYPE_VIEW;

    private TypeComposite types;
    private final TypeLearning learning = new TypeLearning();
    private final RemoteTypeLearning remoteLearning = new RemoteTypeLearning();
    private final ISelectionListener selectionListener = this::selectionChanged;
    private final Runnable liveListener = this::systemChanged;
    private LiveSystems live;
    /** What is shown: the topic of this connection, and the endpoint picked (may be null). */
    private LiveConnection connection;
    private String topic;
    private Guid preferred;
    private Set<Guid> learnedFor = Set.of();
    private Job job;

    @Override
    public void createPartControl(Composite parent) {
        types = new TypeComposite(parent);
        live = LiveSystems.get();
        live.addListener(liveListener);
        Action again = new Action(Messages.TYPE_REFRESH) {
            @Override
            public void run() {
                learning.forget();
                remoteLearning.forget();
                learnedFor = Set.of();
                systemChanged();
            }
        };
        again.setToolTipText(Messages.TYPE_REFRESH_TIP);
        again.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_TOOL_REDO));
        getViewSite().getActionBars().getToolBarManager().add(again);
        addTypeSourceActions();
        TypeResolution.importedTypes(); // the IDL imported before this start, so its problems show from the start
        setContentDescription(restoreProblems());
        getSite().getPage().addSelectionListener(selectionListener);
        selectionChanged(null, getSite().getPage().getSelection());
    }

    /** "Import IDL…" and "ROS 2 Message Folders…": the type sources the person adds, shared by every view. */
    private void addTypeSourceActions() {
        Action importIdl = new Action(Messages.IDL_IMPORT) {
            @Override
            public void run() {
                List<Path> files = IdlImport.chooseFiles(getSite().getShell());
                if (!files.isEmpty()) {
                    importIdl(files);
                }
            }
        };
        importIdl.setToolTipText(Messages.IDL_IMPORT_TIP);
        importIdl.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_OBJ_FILE));
        Action rosFolders = new Action(Messages.ROS_FOLDERS) {
            @Override
            public void run() {
                InputDialog d = new InputDialog(getSite().getShell(), Messages.ROS_FOLDERS_TITLE,
                        Messages.ROS_FOLDERS_MESSAGE, RosMessageFolders.text(), RosMessageFolders::validate);
                if (d.open() == Window.OK) {
                    RosMessageFolders.set(d.getValue());
                    typeSourcesChanged();
                }
            }
        };
        rosFolders.setToolTipText(Messages.ROS_FOLDERS_TIP);
        rosFolders.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_OBJ_FOLDER));
        getViewSite().getActionBars().getToolBarManager().add(importIdl);
        getViewSite().getActionBars().getToolBarManager().add(rosFolders);
    }

    /**
     * Imports IDL files for Read Samples… and Write Samples… and says in a dialog what each declares, or where
     * it does not parse ({@code file:line:column: message}).
     */
    public IdlImport.Result importIdl(List<Path> files) {
        IdlImport.Result r = IdlImport.importFiles(files);
        if (!r.imported().isEmpty()) {
            typeSourcesChanged();
        }
        if (r.ok()) {
            MessageDialog.openInformation(getSite().getShell(), Messages.IDL_IMPORT_TITLE, r.text());
        } else {
            MessageDialog.openError(getSite().getShell(), Messages.IDL_IMPORT_TITLE, r.text());
        }
        return r;
    }

    /** The Type view shows the new sources' types; Reader views showing bytes only look for their type again. */
    private void typeSourcesChanged() {
        learning.forget();
        remoteLearning.forget();
        learnedFor = Set.of();
        systemChanged();
        readersLookAgain();
    }

    /**
     * A type source was added outside a Type view (e.g. "Import IDL…" in the Read Samples dialog): open Type views
     * show the topics' types again, Reader views showing bytes only look for their type again. UI thread.
     */
    public static void typeSourcesChangedElsewhere() {
        for (IWorkbenchWindow w : PlatformUI.getWorkbench().getWorkbenchWindows()) {
            for (IWorkbenchPage p : w.getPages()) {
                for (IViewReference ref : p.getViewReferences()) {
                    if (ref.getId().equals(ID) && ref.getView(false) instanceof TypeView v) {
                        v.learning.forget();
                        v.learnedFor = Set.of();
                        v.systemChanged();
                    }
                }
            }
        }
        readersLookAgain();
    }

    private static void readersLookAgain() {
        for (IWorkbenchWindow w : PlatformUI.getWorkbench().getWorkbenchWindows()) {
            for (IWorkbenchPage p : w.getPages()) {
                for (IViewReference ref : p.getViewReferences()) {
                    if (ref.getId().equals(ReaderView.ID) && ref.getView(false) instanceof ReaderView v) {
                        v.typeSourcesChanged();
                    }
                }
            }
        }
    }

    private void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (part == this || types == null || types.isDisposed()) {
            return;
        }
        if (selection instanceof IStructuredSelection s && !s.isEmpty()) {
            EntityRef ref = Adapters.adapt(s.getFirstElement(), EntityRef.class);
            if (ref != null) {
                show(ref);
            }
        }
    }

    /** Shows the type of a topic, or of an endpoint's topic with that endpoint's type first; other refs are ignored. */
    public void show(EntityRef ref) {
        Optional<String> topicName = topicOf(ref);
        if (topicName.isEmpty()) {
            return;
        }
        Guid pick = ref.kind() == EntityKind.ENDPOINT ? Guid.parse(ref.key()) : null;
        if (ref.connection() == connection && topicName.get().equals(topic)) {
            if (pick != null && !pick.equals(preferred) && types.shown() != null) {
                preferred = pick;
                types.show(types.shown(), pick);
            }
            return;
        }
        connection = ref.connection();
        topic = topicName.get();
        preferred = pick;
        learnedFor = Set.of();
        setContentDescription(restoreProblems());
        systemChanged();
    }

    /** What became of IDL files imported before this start that could not be imported again (empty: nothing). */
    public String restoreProblems() {
        return String.join(" \u00b7 ", ImportedIdlFiles.problems());
    }

    private static Optional<String> topicOf(EntityRef ref) {
        if (ref.kind() == EntityKind.TOPIC) {
            return Optional.of(ref.key());
        }
        if (ref.kind() == EntityKind.ENDPOINT) {
            return ref.resolve().map(o -> o instanceof Endpoint e ? e.topicName() : null);
        }
        return Optional.empty();
    }

    /** Learns (again) when the endpoints of the shown topic are not the ones last learned. */
    private void systemChanged() {
        if (types == null || types.isDisposed() || connection == null) {
            return;
        }
        if (!live.connections().contains(connection)) {
            cancelJob();
            types.showMessage(Messages.TYPE_GONE);
            connection = null;
            topic = null;
            return;
        }
        SystemSnapshot snapshot = connection.snapshot();
        List<Endpoint> endpoints = TypeLearning.endpointsOf(snapshot, topic);
        Set<Guid> guids = endpoints.stream().map(Endpoint::guid).collect(Collectors.toSet());
        if (guids.equals(learnedFor)) {
            return;
        }
        learnedFor = guids;
        cancelJob();
        if (endpoints.isEmpty()) {
            types.showMessage(Messages.fill(Messages.TYPE_NO_ENDPOINTS, topic));
            return;
        }
        if (!connection.system().can(SystemConnection.Capability.TYPE_INFO)) {
            // say it in the view, with what the model does know: the type names the endpoints announce
            types.showMessage(connection.system().unavailable(SystemConnection.Capability.TYPE_INFO) + "\n\n"
                    + Messages.fill(Messages.TYPE_REMOTE_NAMES, topic, String.join(", ", endpoints.stream()
                            .map(Endpoint::typeName).distinct().sorted().toList())));
            return;
        }
        if (types.shown() == null || !topic.equals(types.shown().topic())) {
            types.showMessage(Messages.fill(Messages.TYPE_LEARNING, count(endpoints.size()), topic));
        }
        learn(connection, snapshot, topic, endpoints, preferred);
    }

    private static String count(int n) {
        return n + (n == 1 ? " endpoint" : " endpoints");
    }

    private void learn(LiveConnection c, SystemSnapshot snapshot, String topicName, List<Endpoint> endpoints,
            Guid pick) {
        Display display = types.getDisplay();
        job = new Job(Messages.fill(Messages.TYPE_JOB, topicName)) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                // a remote agent's connection: the agent finds the types (its type-info operation)
                TopicTypes result = c.system() instanceof RemoteConnection rc
                        ? remoteLearning.learn(rc.client(), snapshot, topicName, endpoints, monitor::isCanceled)
                        : learning.learn(c.connection(), snapshot, topicName, endpoints, monitor::isCanceled);
                if (monitor.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                Job self = this;
                display.asyncExec(() -> {
                    if (!types.isDisposed() && job == self) {
                        types.show(result, preferred != null ? preferred : pick);
                        job = null;
                    }
                });
                return Status.OK_STATUS;
            }

            @Override
            public boolean belongsTo(Object family) {
                return family == c.system(); // disconnect cancels the connection's jobs
            }
        };
        job.setSystem(false);
        job.schedule();
    }

    private void cancelJob() {
        if (job != null) {
            job.cancel();
            job = null;
        }
    }

    /** The widgets, for tests. */
    public TypeComposite types() {
        return types;
    }

    /** True while a learning job is on its way. */
    public boolean learning() {
        return job != null;
    }

    @Override
    public void setFocus() {
        types.setFocus();
    }

    @Override
    public void dispose() {
        cancelJob();
        getSite().getPage().removeSelectionListener(selectionListener);
        if (live != null) {
            live.removeListener(liveListener);
        }
        super.dispose();
    }
}
