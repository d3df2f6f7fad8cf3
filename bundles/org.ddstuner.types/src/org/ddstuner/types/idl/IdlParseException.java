package org.ddstuner.types.idl;

import java.util.List;
import java.util.stream.Collectors;

/** The IDL could not be parsed; carries every error found ({@link #problems()}), first one first. */
public class IdlParseException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<IdlProblem> problems;

    public IdlParseException(List<IdlProblem> problems) {
        super(problems.stream().map(IdlProblem::toString).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<IdlProblem> problems() {
        return problems;
    }
}
