package org.ddstuner.samples.ui.common;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.Messages;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.dialogs.ProgressMonitorDialog;
import org.eclipse.swt.widgets.Shell;

/**
 * Finds the type of a topic for the Read and Write commands: runs {@link TypeResolver} (which may wait
 * seconds for a TypeLookup answer) in a cancelable progress dialog, and says why when no source gave a type.
 */
public final class TypeResolution {

    /** The IDL the person imported, shared by every view of the workbench; null until first needed. */
    private static ImportedTypes imported;

    private TypeResolution() {
    }

    /**
     * The IDL the person imported, shared by every view of the workbench: on first use after a start, the files
     * imported before ({@link ImportedIdlFiles#restore}).
     */
    public static synchronized ImportedTypes importedTypes() {
        if (imported == null) {
            imported = new ImportedTypes();
            ImportedIdlFiles.restore(imported);
        }
        return imported;
    }

    /** A resolver with the imported IDL and the ROS 2 message folders set in the workbench. */
    public static TypeResolver resolver(TopicTarget target) {
        return resolver(target.connection().connection());
    }

    /** A resolver on {@code connection} with the imported IDL and the ROS 2 message folders set in the workbench. */
    public static TypeResolver resolver(org.ddstuner.connection.Connection connection) {
        return new TypeResolver(connection, importedTypes(), RosMessageFolders.library());
    }

    /**
     * Resolves the type of {@code target}'s topic, or returns null (after telling the person why) when none
     * was found or the person cancelled.
     *
     * @param allowRaw whether "no type, bytes only" is good enough (reading yes, writing no)
     */
    public static ResolvedType resolve(Shell shell, TopicTarget target, boolean allowRaw) {
        TypeResolver.Options options = TypeResolver.Options.DEFAULT.withTypeName(target.typeName());
        if (!allowRaw) {
            options = options.withSources(java.util.Arrays.stream(TypeSource.values())
                    .filter(x -> x != TypeSource.RAW).toArray(TypeSource[]::new));
        }
        TypeResolver.Options opts = options;
        TypeResolver resolver = resolver(target);
        AtomicReference<ResolvedType> result = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        try {
            new ProgressMonitorDialog(shell).run(true, false, monitor -> {
                monitor.beginTask(Messages.fill(Messages.RESOLVING, target.topic()), -1);
                try {
                    result.set(resolver.resolve(target.topic(), opts));
                } catch (RuntimeException e) {
                    failure.set(e);
                } finally {
                    monitor.done();
                }
            });
        } catch (InvocationTargetException | InterruptedException e) {
            failure.set(new IllegalStateException(e.getCause() != null ? e.getCause() : e));
        }
        if (result.get() != null) {
            return result.get();
        }
        RuntimeException e = failure.get();
        String why = e instanceof TypeResolutionException t ? attempts(t.attempts()) : String.valueOf(e.getMessage());
        MessageDialog.openError(shell, Messages.RESOLVE_FAILED_TITLE,
                Messages.fill(Messages.RESOLVE_FAILED, target.topic(), why));
        return null;
    }

    /** One line per source tried: "✔ over the wire (XTypes TypeLookup): learned …". */
    public static String attempts(List<ResolutionAttempt> attempts) {
        StringBuilder sb = new StringBuilder();
        for (ResolutionAttempt a : attempts) {
            sb.append(a.succeeded() ? "\u2714 " : "\u2716 ").append(a.source().text()).append(": ").append(a.detail())
                    .append('\n');
        }
        return sb.toString().strip();
    }
}
