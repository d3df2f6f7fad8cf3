package org.ddstuner.types.idl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.ddstuner.types.Member;
import org.ddstuner.types.StructType;

/** {@code #pragma keylist Type field…} (OpenSplice/Cyclone legacy keys), applied after parsing. */
final class Keylists {
    record Pending(Token at, String scope) {
    }

    private Keylists() {
    }

    @SuppressWarnings("unchecked")
    static void apply(List<Pending> pending, Symbols symbols, Problems problems) {
        for (Pending p : pending) {
            List<String> words = (List<String>) p.at().value();
            String typeName = words.get(0);
            Optional<String> full = symbols.lookup(typeName, p.scope());
            if (full.isEmpty() || !(symbols.types.get(full.get()) instanceof StructType s)) {
                problems.error(p.at(), "#pragma keylist: unknown struct '" + typeName + "'");
                continue;
            }
            List<Member> members = new ArrayList<>(s.members());
            for (String field : words.subList(1, words.size())) {
                String top = field.contains(".") ? field.substring(0, field.indexOf('.')) : field;
                int i = indexOf(members, top);
                if (i < 0) {
                    problems.error(p.at(), "#pragma keylist: struct '" + typeName + "' has no member '" + top + "'");
                    continue;
                }
                if (!top.equals(field)) {
                    problems.warning(p.at(), "#pragma keylist: nested key '" + field + "' makes all of '" + top
                            + "' the key");
                }
                members.set(i, members.get(i).withKey(true));
            }
            symbols.types.put(s.name(), s.withMembers(members));
        }
    }

    private static int indexOf(List<Member> members, String name) {
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
