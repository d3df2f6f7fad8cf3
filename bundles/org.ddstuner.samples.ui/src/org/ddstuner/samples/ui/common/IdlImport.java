package org.ddstuner.samples.ui.common;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlProblem;
import org.ddstuner.types.idl.IdlResult;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;

/**
 * "Import IDL…": parses IDL files into the workbench's {@link ImportedTypes} (used by Read Samples… and Write
 * Samples… for topics whose peers announce no type) and says what happened in words: the structs each file
 * declares, or every error as {@code file:line:column: message}. A file that does not parse imports nothing.
 */
public final class IdlImport {

    /**
     * What an import did.
     *
     * @param imported the files that parsed and were imported
     * @param errors   the problems of the files that did not, each as {@code file:line:column: message}
     * @param text     all of it in sentences, for a dialog
     */
    public record Result(List<Path> imported, List<String> errors, String text) {

        public boolean ok() {
            return errors.isEmpty();
        }
    }

    private IdlImport() {
    }

    /** Asks the person for the IDL files to import; empty when they cancelled. */
    public static List<Path> chooseFiles(Shell shell) {
        FileDialog d = new FileDialog(shell, SWT.OPEN | SWT.MULTI);
        d.setFilterExtensions(new String[] {"*.idl", "*"});
        d.setFilterNames(new String[] {Messages.IDL_FILTER, "*"});
        List<Path> files = new ArrayList<>();
        if (d.open() != null) {
            for (String f : d.getFileNames()) {
                files.add(Path.of(d.getFilterPath(), f));
            }
        }
        return files;
    }

    /**
     * Imports each file into {@link TypeResolution#importedTypes()}; the ones that parse are remembered and imported
     * again at the next start ({@link ImportedIdlFiles}).
     */
    public static Result importFiles(List<Path> files) {
        Result r = importFiles(TypeResolution.importedTypes(), files);
        ImportedIdlFiles.remember(r.imported());
        return r;
    }

    static Result importFiles(ImportedTypes into, List<Path> files) {
        List<Path> done = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Path f : files) {
            try {
                IdlResult r = into.importFile(f);
                done.add(f);
                List<String> structs = r.library().types().stream().filter(t -> t instanceof StructType)
                        .map(NamedType::name).sorted().toList();
                text.append(Messages.fill(Messages.IDL_IMPORTED, f.getFileName(), structs.isEmpty() ? "-"
                        : String.join(", ", structs))).append('\n');
                for (IdlProblem w : r.warnings()) {
                    text.append("  ").append(w).append('\n');
                }
            } catch (IdlParseException e) {
                text.append(Messages.fill(Messages.IDL_NOT_IMPORTED, f.getFileName())).append('\n');
                for (IdlProblem p : e.problems()) {
                    errors.add(p.toString());
                    text.append("  ").append(p).append('\n');
                }
            } catch (RuntimeException e) { // unreadable file and the like: say so, never crash the action
                String m = f + ": " + e.getMessage();
                errors.add(m);
                text.append(Messages.fill(Messages.IDL_NOT_IMPORTED, f.getFileName())).append("\n  ").append(m)
                        .append('\n');
            }
        }
        return new Result(List.copyOf(done), List.copyOf(errors), text.toString().strip());
    }
}
