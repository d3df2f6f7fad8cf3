package org.ddstuner.types.idl;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.Constant;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;

/** Every name declared so far, by fully scoped name, with what it is and where it was declared. */
final class Symbols {
    enum Kind {
        MODULE("module"), TYPE("type"), FORWARD_STRUCT("struct"), FORWARD_UNION("union"), CONST("constant"),
        ENUMERATOR("enumerator");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    final Map<String, Kind> kinds = new HashMap<>();
    final Map<String, Token> where = new HashMap<>();
    private final Map<String, String> byLowerCase = new HashMap<>();
    final Map<String, NamedType> types = new LinkedHashMap<>();
    final Map<String, Constant> constants = new LinkedHashMap<>();
    /** Enumerator value plus the scoped name of its enum. */
    final Map<String, Enumerator> enumerators = new HashMap<>();
    final Map<String, String> enumeratorOwner = new HashMap<>();

    Optional<String> lookup(String name, String scope) {
        return TypeLibrary.lookupName(name, scope, kinds::containsKey);
    }

    /**
     * Declares a name; returns an error message if it clashes (redefinition), null otherwise. A forward
     * declaration may be followed by its definition, and modules may be reopened.
     */
    String declare(String full, Kind kind, Token at) {
        String lower = full.toLowerCase(java.util.Locale.ROOT);
        String sameButCase = byLowerCase.get(lower);
        if (sameButCase != null && !sameButCase.equals(full) && kind != Kind.MODULE
                && kinds.get(sameButCase) != Kind.MODULE) {
            return "'" + org.ddstuner.types.ScopedNames.simpleName(full) + "' collides with '" + sameButCase
                    + "' (IDL names must differ in more than case)";
        }
        byLowerCase.putIfAbsent(lower, full);
        Kind existing = kinds.get(full);
        if (existing != null) {
            boolean completesForward = kind == Kind.TYPE && types.get(full) == null
                    && (existing == Kind.FORWARD_STRUCT || existing == Kind.FORWARD_UNION);
            boolean reopens = existing == kind && (kind == Kind.MODULE || kind == Kind.FORWARD_STRUCT
                    || kind == Kind.FORWARD_UNION);
            if (!completesForward && !reopens) {
                Token w = where.get(full);
                return "redefinition of '" + full + "' (first declared as " + existing.label + " at "
                        + w.file() + ":" + w.line() + ":" + w.column() + ")";
            }
            if (reopens) {
                return null;
            }
        }
        kinds.put(full, kind);
        where.put(full, at);
        return null;
    }

    /** Follows refs and typedefs among the types declared so far; a forward-declared ref stays a ref. */
    DdsType unalias(DdsType type) {
        DdsType t = type;
        Set<String> seen = new HashSet<>();
        while (true) {
            if (t instanceof TypeRef r && types.get(r.name()) != null && seen.add(r.name())) {
                t = types.get(r.name());
            } else if (t instanceof AliasType a && seen.add(a.name() + "#")) {
                t = a.target();
            } else {
                return t;
            }
        }
    }
}
