package org.ddstuner.samples.ui.writer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.Values;

/**
 * A union: the person chooses one of its {@link Choice}s — a branch with one of its case labels
 * ({@code s (case 2)}, {@code s (case 3)}), the default branch ({@code o (default)}), or, for a union without
 * a default, no member at all — and the discriminator follows; the branch's value is the one child.
 */
public final class UnionNode extends EditNode {

    /**
     * One way to set the union.
     *
     * @param branch        the branch's case, or {@code null} for "no member" (a discriminator no case selects)
     * @param discriminator the discriminator written
     * @param text          what the choice shows: {@code name (case label)}, {@code name (default)}
     */
    public record Choice(UnionCase branch, long discriminator, String text) {
    }

    private final UnionType union;
    private final List<Choice> choices;
    private UnionCase chosen;
    private long discriminator;
    private EditNode branch;

    UnionNode(TypeLibrary library, DdsType declared, Member member, String label, UnionType union, UnionValue initial) {
        super(library, declared, member, label);
        this.union = union;
        this.choices = choicesOf(library, union);
        UnionValue value = initial;
        UnionCase c = value == null || value.member() == null ? null
                : union.cases().stream().filter(x -> x.member().name().equals(initial.member())).findFirst()
                        .orElse(null);
        if (c != null) {
            select(c, value.discriminator(), value);
        } else if (value != null && value.member() == null && union.caseFor(value.discriminator()).isEmpty()) {
            select(null, value.discriminator(), null); // a sample that selected no member keeps its discriminator
        } else {
            Choice first = union.defaultCase().flatMap(d -> choices.stream().filter(x -> x.branch() == d).findFirst())
                    .orElse(choices.isEmpty() ? null : choices.get(0));
            if (first == null) {
                select(null, 0, null);
            } else {
                select(first.branch(), first.discriminator(), null);
            }
        }
    }

    /** Every branch label, the default branch (with a label no case uses), and "no member" if there is no default. */
    private static List<Choice> choicesOf(TypeLibrary library, UnionType u) {
        DdsType disc = library.unalias(u.discriminator());
        Optional<Long> unused = unusedLabel(disc, u);
        List<Choice> out = new ArrayList<>();
        for (UnionCase c : u.cases()) {
            for (long l : c.labels()) {
                out.add(new Choice(c, l, c.member().name() + " (case " + labelText(disc, l) + ")"));
            }
            if (c.defaultCase() && unused.isPresent()) {
                out.add(new Choice(c, unused.get(), c.member().name() + " (default)"));
            }
        }
        if (u.defaultCase().isEmpty() && unused.isPresent()) {
            out.add(new Choice(null, unused.get(), "no member (discriminator " + labelText(disc, unused.get()) + ")"));
        }
        return List.copyOf(out);
    }

    /** A discriminator value no case names, valid for the discriminator's type; empty if every value is named. */
    private static Optional<Long> unusedLabel(DdsType disc, UnionType u) {
        Set<Long> used = new HashSet<>();
        u.cases().forEach(c -> used.addAll(c.labels()));
        if (disc instanceof EnumType e) {
            return e.enumerators().stream().map(Enumerator::value).map(Long::valueOf).filter(v -> !used.contains(v))
                    .findFirst();
        }
        if (disc instanceof PrimitiveType p && p == PrimitiveType.BOOLEAN) {
            return used.contains(0L) ? used.contains(1L) ? Optional.empty() : Optional.of(1L) : Optional.of(0L);
        }
        return Optional.of(Values.unusedLabel(u));
    }

    /** A case label as IDL writes it: an enumerator's name, a character in quotes, TRUE/FALSE, a number. */
    private static String labelText(DdsType disc, long label) {
        if (disc instanceof EnumType e) {
            return e.byValue(label).map(Enumerator::name).orElse(Long.toString(label));
        }
        if (disc instanceof PrimitiveType p) {
            if (p == PrimitiveType.BOOLEAN) {
                return label != 0 ? "TRUE" : "FALSE";
            }
            if ((p == PrimitiveType.CHAR8 || p == PrimitiveType.CHAR16) && label >= 0x20 && label < 0x10FFFF) {
                return "'" + Character.toString((int) label) + "'";
            }
        }
        return Long.toString(label);
    }

    private void select(UnionCase c, long disc, UnionValue value) {
        chosen = c;
        discriminator = disc;
        branch = c == null ? null
                : adopt(EditNode.of(library, c.member().type(), c.member(), c.member().name(),
                        value == null ? null : value.value()));
    }

    /** What the choice list shows, in declaration order (one entry per case label). */
    public List<String> choices() {
        return choices.stream().map(Choice::text).toList();
    }

    /** The choices with their branch and discriminator. */
    public List<Choice> choiceList() {
        return choices;
    }

    /** The index of the current choice in {@link #choices()}, or -1 (a discriminator the sample had that no choice lists). */
    public int chosenIndex() {
        for (int i = 0; i < choices.size(); i++) {
            Choice c = choices.get(i);
            if (c.branch() == chosen && c.discriminator() == discriminator) {
                return i;
            }
        }
        for (int i = 0; i < choices.size(); i++) {
            if (choices.get(i).branch() == chosen) {
                return i; // e.g. the default branch with another unnamed discriminator value
            }
        }
        return -1;
    }

    /** Switches to choice {@code i}: its discriminator; a new default value unless the branch stays the same. */
    public void choose(int i) {
        Choice c = choices.get(i);
        if (c.branch() == chosen && c.branch() != null) {
            discriminator = c.discriminator(); // another label of the same member: keep what was typed
            return;
        }
        select(c.branch(), c.discriminator(), null);
    }

    /**
     * Switches to the branch named {@code memberName} (its first label, or the default), or to the choice whose
     * text is {@code memberName}; no change if that member is the current one.
     */
    public void choose(String memberName) {
        for (int i = 0; i < choices.size(); i++) {
            if (choices.get(i).text().equals(memberName)) {
                choose(i);
                return;
            }
        }
        if (chosen != null && chosen.member().name().equals(memberName)) {
            return;
        }
        for (int i = 0; i < choices.size(); i++) {
            Choice c = choices.get(i);
            if (c.branch() != null && c.branch().member().name().equals(memberName)) {
                choose(i);
                return;
            }
        }
        throw new IllegalArgumentException("no branch " + memberName + " in " + union.name() + ": " + choices());
    }

    /** The chosen member's name, or null for "no member". */
    public String chosen() {
        return chosen == null ? null : chosen.member().name();
    }

    public long discriminator() {
        return discriminator;
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
        int i = chosenIndex();
        if (i >= 0 && choices.get(i).discriminator() == discriminator) {
            return choices.get(i).text();
        }
        String d = labelText(library.unalias(union.discriminator()), discriminator);
        return chosen == null ? "no member (discriminator " + d + ")" : chosen.member().name() + " (discriminator " + d + ")";
    }
}
