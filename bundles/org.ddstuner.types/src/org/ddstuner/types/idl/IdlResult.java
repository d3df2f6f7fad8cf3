package org.ddstuner.types.idl;

import java.util.List;

import org.ddstuner.types.TypeLibrary;

/** A successfully parsed IDL: its types and constants, and warnings (e.g. unknown annotations ignored). */
public record IdlResult(TypeLibrary library, List<IdlProblem> warnings) {
    public IdlResult {
        warnings = List.copyOf(warnings);
    }
}
