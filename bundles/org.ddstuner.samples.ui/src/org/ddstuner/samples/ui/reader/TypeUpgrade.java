package org.ddstuner.samples.ui.reader;

import java.util.Arrays;
import java.util.function.Consumer;

import org.ddstuner.samples.FastDdsTypes;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.SystemSnapshot;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;

/**
 * A Reader view that shows bytes only (no source gave the type) looks for the type again: once its own reader
 * exists when some writer announces type information (a slow peer may answer now), and whenever the person adds
 * a type source (imported IDL, ROS 2 message folders). When a type turns up the view switches to decoded samples
 * ({@code onFound} on the UI thread); otherwise it says why and keeps showing bytes.
 */
final class TypeUpgrade {

    private TypeUpgrade() {
    }

    /**
     * Whether an application's writer that is not Fast DDS announced type information (Fast DDS ones are never
     * asked; another DDS Tuner's writer is not asked either, see TypeResolver).
     */
    static boolean worthAsking(SystemSnapshot snapshot, String topic) {
        return snapshot.endpoints().stream().anyMatch(e -> e.alive() && !e.hidden() && !e.isReader()
                && e.topicName().equals(topic) && e.hasTypeInformation() && !FastDdsTypes.isFastDds(e));
    }

    /**
     * Resolves the type again, without RAW, in a job of the connection's family (a disconnect cancels it).
     *
     * @param onFound  gets the type on the UI thread (and must close or keep it)
     * @param onFailed gets why not, on the UI thread
     */
    static Job start(TopicTarget target, Display display, Consumer<ResolvedType> onFound, Consumer<String> onFailed) {
        Object family = target.connection().connection();
        TypeResolver.Options options = TypeResolver.Options.DEFAULT.withTypeName(target.typeName())
                .withSources(Arrays.stream(TypeSource.values()).filter(s -> s != TypeSource.RAW)
                        .toArray(TypeSource[]::new));
        Job job = new Job(Messages.fill(Messages.READER_LEARNING_JOB, target.topic())) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                ResolvedType found = null;
                String why = null;
                try {
                    found = TypeResolution.resolver(target).resolve(target.topic(), options);
                } catch (TypeResolutionException e) {
                    why = TypeResolution.attempts(e.attempts());
                } catch (RuntimeException e) {
                    why = e.getMessage();
                }
                ResolvedType t = found;
                String w = why;
                if (display.isDisposed() || monitor.isCanceled()) {
                    if (t != null) {
                        t.close();
                    }
                    return Status.CANCEL_STATUS;
                }
                display.asyncExec(() -> {
                    if (t != null) {
                        onFound.accept(t);
                    } else {
                        onFailed.accept(w);
                    }
                });
                return Status.OK_STATUS;
            }

            @Override
            public boolean belongsTo(Object f) {
                return f == family;
            }
        };
        job.setSystem(true);
        job.schedule();
        return job;
    }
}
