package org.ddstuner.samples.ui.writer;

import java.util.List;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Member;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.Values;

/** A union: the person chooses the branch (the discriminator follows); the branch's value is the one child. */
public final class UnionNode extends EditNode {

    private final UnionType union;
    private UnionCase chosen;
    private long discriminator;
    private EditNode branch;

    UnionNode(TypeLibrary library, DdsType declared, Member member, String label, UnionType union, UnionValue initial) {
        super(library, declared, member, label);
        this.union = union;
        UnionValue value = initial;
        UnionCase c = value == null || value.member() == null ? null
                : union.cases().stream().filter(x -> x.member().name().equals(initial.member())).findFirst()
                        .orElse(null);
        if (c == null) {
            c = union.defaultCase().orElse(union.cases().isEmpty() ? null : union.cases().get(0));
            value = null;
        }
        select(c, value);
    }

    private void select(UnionCase c, UnionValue value) {
        chosen = c;
        if (c == null) {
            discriminator = 0;
            branch = null;
            return;
        }
        discriminator = value != null ? value.discriminator()
                : c.defaultCase() ? Values.unusedLabel(union) : c.labels().get(0);
        branch = adopt(EditNode.of(library, c.member().type(), c.member(), c.member().name(),
                value == null ? null : value.value()));
    }

    /** The branch names to choose from, in declaration order. */
    public List<String> choices() {
        return union.cases().stream().map(c -> c.member().name()).toList();
    }

    /** Switches to the branch named {@code memberName} with a default value (no change if it is the current). */
    public void choose(String memberName) {
        if (chosen != null && chosen.member().name().equals(memberName)) {
            return;
        }
        UnionCase c = union.cases().stream().filter(x -> x.member().name().equals(memberName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no branch " + memberName + " in " + union.name()));
        select(c, null);
    }

    public String chosen() {
        return chosen == null ? null : chosen.member().name();
    }

    @Override
    public List<EditNode> children() {
        return present() && branch != null ? List.of(branch) : List.of();
    }

    @Override
    protected Object build() {
        return new UnionValue(discriminator, chosen == null ? null : chosen.member().name(),
                branch == null ? null : branch.value());
    }

    @Override
    public String valueText() {
        if (!present()) {
            return "(not set)";
        }
        if (chosen == null) {
            return "(no branch)";
        }
        return chosen.member().name() + "  (discriminator " + discriminatorText() + ")";
    }

    private String discriminatorText() {
        if (library.unalias(union.discriminator()) instanceof EnumType e) {
            return e.byValue(discriminator).map(Enumerator::name).orElse(Long.toString(discriminator));
        }
        return Long.toString(discriminator);
    }
}
