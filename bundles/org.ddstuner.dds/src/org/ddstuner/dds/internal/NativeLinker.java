package org.ddstuner.dds.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Binds C functions of the loaded libddsc. Required symbols fail loudly at bind time (naming the
 * symbol); optional ones (version-specific) come back as {@code null} so callers can feature-detect.
 */
public final class NativeLinker {

    static final Linker LINKER = Linker.nativeLinker();

    private final SymbolLookup lookup;

    public NativeLinker(SymbolLookup lookup) {
        this.lookup = lookup;
    }

    public boolean has(String symbol) {
        return lookup.find(symbol).isPresent();
    }

    public Optional<MemorySegment> find(String symbol) {
        return lookup.find(symbol);
    }

    /** A downcall handle for a symbol that every supported libddsc version exports. */
    public MethodHandle required(String symbol, FunctionDescriptor fd) {
        MemorySegment addr = lookup.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError(
                "libddsc does not export " + symbol + " (is it Cyclone DDS 0.10 or newer?)"));
        return LINKER.downcallHandle(addr, fd);
    }

    /** A critical downcall handle (see {@link Linker.Option#critical}) for a required symbol. */
    public MethodHandle requiredCritical(String symbol, FunctionDescriptor fd) {
        MemorySegment addr = lookup.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError(
                "libddsc does not export " + symbol + " (is it Cyclone DDS 0.10 or newer?)"));
        return LINKER.downcallHandle(addr, fd, Linker.Option.critical(false));
    }

    /** A downcall handle, or {@code null} when this libddsc version does not export the symbol. */
    public MethodHandle optional(String symbol, FunctionDescriptor fd) {
        return lookup.find(symbol).map(a -> LINKER.downcallHandle(a, fd)).orElse(null);
    }
}
