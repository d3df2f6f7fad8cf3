package org.ddstuner.samples.ui.writer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.DefaultValues;
import org.ddstuner.types.Member;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;

/**
 * One row of the sample editor: a struct member, a sequence/array element or a union branch, holding what
 * the person typed. {@link #value()} builds the sample value (the representation of {@code org.ddstuner.types});
 * a leaf that does not parse keeps its text and reports {@link #error()} instead of throwing, so the editor
 * can show the problem at the field. No widgets here.
 */
public abstract sealed class EditNode permits LeafNode, StructNode, SequenceNode, UnionNode {

    protected final TypeLibrary library;
    /** The declared type (may be a TypeRef/alias: shown as declared). */
    protected final DdsType declared;
    /** The member this row edits, or null for elements and the root. */
    protected final Member member;
    protected EditNode parent;
    protected String label;
    /** For optional members: whether a value is present. */
    private boolean present = true;

    protected EditNode(TypeLibrary library, DdsType declared, Member member, String label) {
        this.library = library;
        this.declared = declared;
        this.member = member;
        this.label = label;
    }

    /** A node for a value of {@code type}, filled from {@code value} (null: the type's default). */
    public static EditNode of(TypeLibrary library, DdsType type, Member member, String label, Object value) {
        DdsType t = library.unalias(type);
        Object v = value;
        if (v == null) {
            v = DefaultValues.of(library, type);
        }
        return switch (t) {
            case StructType s -> new StructNode(library, type, member, label, s, asMap(v));
            case SequenceType s -> new SequenceNode(library, type, member, label, s.element(), s.bound(), -1,
                    asList(v));
            case ArrayType a -> arrayNode(library, type, member, label, a.element(), a.dimensions(), asList(v));
            case UnionType u -> new UnionNode(library, type, member, label, u, v instanceof UnionValue uv ? uv : null);
            default -> new LeafNode(library, type, member, label, t, v);
        };
    }

    /** A node for an optional member: absent when {@code value} is null. */
    static EditNode ofMember(TypeLibrary library, Member m, Object value) {
        EditNode n = of(library, m.type(), m, m.name(), value);
        if (m.optional() && value == null) {
            n.present = false;
        }
        return n;
    }

    static SequenceNode arrayNode(TypeLibrary library, DdsType declared, Member member, String label,
            DdsType element, List<Integer> dims, List<?> values) {
        DdsType rowType = dims.size() == 1 ? element : new ArrayType(element, dims.subList(1, dims.size()));
        return new SequenceNode(library, declared, member, label, rowType, dims.get(0), dims.get(0), values);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object v) {
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static List<?> asList(Object v) {
        return v instanceof List<?> l ? l : List.of();
    }

    /** The rows below this one (none while an optional member is not set). */
    public abstract List<EditNode> children();

    /** The value as typed; only meaningful when {@link #invalid()} is empty. */
    protected abstract Object build();

    /** What the Value column shows. */
    public abstract String valueText();

    /** Why this row's own input is not valid, or null. */
    public String error() {
        return null;
    }

    /** The value of this row, or null for an absent optional member. */
    public final Object value() {
        return present ? build() : null;
    }

    public String label() {
        return label;
    }

    public EditNode parent() {
        return parent;
    }

    public Member member() {
        return member;
    }

    public boolean key() {
        return member != null && member.key();
    }

    public boolean optional() {
        return member != null && member.optional();
    }

    public boolean present() {
        return present;
    }

    /** Sets or clears an optional member (cleared: no value is sent). */
    public void setPresent(boolean p) {
        if (!optional()) {
            throw new IllegalStateException(label + " is not an optional member");
        }
        present = p;
    }

    /** The type as IDL spells it, with {@code @key}/{@code @optional} and bounds. */
    public String typeText() {
        String t = TypeNames.idl(declared);
        if (key()) {
            t = "@key " + t;
        }
        if (optional()) {
            t = "@optional " + t;
        }
        return t;
    }

    /** The field path, as in the reader's columns: {@code meta.seq}, {@code points[1].x}. */
    public String path() {
        if (parent == null) {
            return "";
        }
        String p = parent.path();
        if (label.startsWith("[")) {
            return p + label;
        }
        return p.isEmpty() ? label : p + "." + label;
    }

    /** Every row below and including this one whose input is invalid. */
    public final List<EditNode> invalid() {
        List<EditNode> out = new ArrayList<>();
        collectInvalid(out);
        return out;
    }

    private void collectInvalid(List<EditNode> out) {
        if (error() != null) {
            out.add(this);
        }
        if (present) {
            children().forEach(c -> c.collectInvalid(out));
        }
    }

    /** The row at {@code path} below this one, or null. */
    public EditNode find(String path) {
        if (path().equals(path)) {
            return this;
        }
        for (EditNode c : children()) {
            EditNode f = c.find(path);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    protected final <T extends EditNode> T adopt(T child) {
        child.parent = this;
        return child;
    }
}
