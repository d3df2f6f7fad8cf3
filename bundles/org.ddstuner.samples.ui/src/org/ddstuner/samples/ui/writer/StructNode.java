package org.ddstuner.samples.ui.writer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.Member;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;

/** A struct: one child per member (base members first); optional members can be set or cleared. */
public final class StructNode extends EditNode {

    private final List<EditNode> members = new ArrayList<>();

    StructNode(TypeLibrary library, DdsType declared, Member member, String label, StructType struct,
            Map<String, Object> value) {
        super(library, declared, member, label);
        for (Member m : library.allMembers(struct)) {
            members.add(adopt(EditNode.ofMember(library, m, value.get(m.name()))));
        }
    }

    @Override
    public List<EditNode> children() {
        return present() ? members : List.of();
    }

    @Override
    protected Object build() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (EditNode m : members) {
            out.put(m.label(), m.value());
        }
        return out;
    }

    @Override
    public String valueText() {
        return present() ? "" : "(not set)";
    }
}
