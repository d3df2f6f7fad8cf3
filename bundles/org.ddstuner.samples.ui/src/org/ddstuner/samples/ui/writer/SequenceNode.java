package org.ddstuner.samples.ui.writer;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.Member;
import org.ddstuner.types.TypeLibrary;

/**
 * A sequence (elements can be added up to its bound and removed) or one dimension of an array (a fixed
 * number of elements).
 */
public final class SequenceNode extends EditNode {

    private final DdsType element;
    private final long bound;
    private final int fixed;
    private final List<EditNode> elements = new ArrayList<>();

    /**
     * @param bound 0: unbounded
     * @param fixed the array length, or -1 for a sequence
     */
    SequenceNode(TypeLibrary library, DdsType declared, Member member, String label, DdsType element, long bound,
            int fixed, List<?> values) {
        super(library, declared, member, label);
        this.element = element;
        this.bound = bound;
        this.fixed = fixed;
        for (Object v : values) {
            elements.add(adopt(EditNode.of(library, element, null, "", v)));
        }
        while (fixed >= 0 && elements.size() < fixed) {
            elements.add(adopt(EditNode.of(library, element, null, "", null)));
        }
        relabel();
    }

    public boolean isArray() {
        return fixed >= 0;
    }

    /** Whether another element may be added (a sequence below its bound). */
    public boolean canAdd() {
        return fixed < 0 && (bound == 0 || elements.size() < bound);
    }

    /** Appends a default element; false when the bound is reached (or this is an array). */
    public boolean add() {
        if (!canAdd()) {
            return false;
        }
        elements.add(adopt(EditNode.of(library, element, null, "", null)));
        relabel();
        return true;
    }

    /** Removes an element of a sequence; false for arrays. */
    public boolean remove(EditNode child) {
        if (fixed >= 0 || !elements.remove(child)) {
            return false;
        }
        relabel();
        return true;
    }

    private void relabel() {
        for (int i = 0; i < elements.size(); i++) {
            elements.get(i).label = "[" + i + "]";
        }
    }

    @Override
    public String error() {
        return fixed < 0 && bound > 0 && elements.size() > bound
                ? elements.size() + " elements, the bound is " + bound : null;
    }

    @Override
    public List<EditNode> children() {
        return present() ? elements : List.of();
    }

    @Override
    protected Object build() {
        List<Object> out = new ArrayList<>(elements.size());
        for (EditNode e : elements) {
            out.add(e.value());
        }
        return out;
    }

    @Override
    public String valueText() {
        if (!present()) {
            return "(not set)";
        }
        int n = elements.size();
        return n + (n == 1 ? " element" : " elements") + (fixed < 0 && bound > 0 ? " (at most " + bound + ")" : "");
    }
}
