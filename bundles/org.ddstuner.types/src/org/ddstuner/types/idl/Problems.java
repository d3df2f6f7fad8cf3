package org.ddstuner.types.idl;

import java.util.ArrayList;
import java.util.List;

/** Collects errors and warnings; stops the parse once too many errors make the rest noise. */
final class Problems {
    static final int MAX_ERRORS = 50;

    final List<IdlProblem> errors = new ArrayList<>();
    final List<IdlProblem> warnings = new ArrayList<>();

    void error(String file, int line, int column, String message) {
        if (errors.size() < MAX_ERRORS) {
            errors.add(new IdlProblem(file, line, column, message));
        }
    }

    void error(Token at, String message) {
        error(at.file(), at.line(), at.column(), message);
    }

    void warning(Token at, String message) {
        if (warnings.size() < MAX_ERRORS) {
            warnings.add(new IdlProblem(at.file(), at.line(), at.column(), message));
        }
    }

    boolean tooMany() {
        return errors.size() >= MAX_ERRORS;
    }
}
