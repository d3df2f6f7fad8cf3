package org.ddstuner.samples.ui.reader;

import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.ddstuner.samples.RawGuess;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Member;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.cdr.DecodeNote;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;

/**
 * The details of one sample as a tree: its value (nested structs, sequences and arrays element by element,
 * unions with their branch and discriminator, enums with their value), the sample info, what the decoder
 * tolerated, and for a sample without a decoded value the decode error and its bytes in hex.
 */
final class SampleDetails {

    /** Elements of one sequence shown; the rest are summarized in one row. */
    private static final int MAX_ELEMENTS = 500;
    private static final int HEX_ROW = 16;
    private static final int MAX_HEX_ROWS = 256;

    private final Tree tree;
    private final Color red;
    private long shownSeq = -1;
    private ReceivedSample shown;
    private TypeLibrary library = TypeLibrary.empty();
    /** The type of sample values (null: unknown, values shown without it). */
    private DdsType valueType;

    SampleDetails(Composite parent) {
        tree = new Tree(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        tree.setHeaderVisible(true);
        tree.setLinesVisible(true);
        TreeColumn f = new TreeColumn(tree, SWT.LEFT);
        f.setText(Messages.DETAILS_FIELD);
        f.setWidth(150); // the pane is a third of the view beside the table: value room first
        TreeColumn v = new TreeColumn(tree, SWT.LEFT);
        v.setText(Messages.DETAILS_VALUE);
        v.setWidth(260);
        red = tree.getDisplay().getSystemColor(SWT.COLOR_RED);
    }

    Tree tree() {
        return tree;
    }

    long shownSeq() {
        return shownSeq;
    }

    /** The type of the values shown from now on (octet sequences show as hex); null type: unknown. */
    void valueType(TypeLibrary lib, DdsType type) {
        library = lib == null ? TypeLibrary.empty() : lib;
        valueType = type;
    }

    /** Shows {@code s} (null: nothing), value rows expanded. */
    void show(ReceivedSample s) {
        tree.setRedraw(false);
        try {
            tree.removeAll();
            shownSeq = s == null ? -1 : s.seq();
            shown = s;
            if (s == null) {
                return;
            }
            if (s.value() != null) {
                TreeItem value = item(null, Messages.DETAILS_SAMPLE, "");
                children(value, s.value(), valueType);
                expand(value);
            } else if (s.decodeError() != null) {
                TreeItem e = item(null, Messages.DETAILS_ERROR, s.decodeError());
                e.setForeground(1, red);
            } else if (!s.validData()) {
                item(null, Messages.DETAILS_NO_DATA, s.info().instanceState().name());
            }
            if (!s.notes().isEmpty()) {
                TreeItem n = item(null, Messages.DETAILS_NOTES, Integer.toString(s.notes().size()));
                for (DecodeNote note : s.notes()) {
                    item(n, "", note.toString());
                }
                n.setExpanded(true);
            }
            TreeItem info = item(null, Messages.DETAILS_INFO, "");
            for (String name : SampleColumns.INFO_NAMES) {
                Object v = SampleColumns.infoValue(s, name);
                item(info, name, v == null ? "" : String.valueOf(v));
            }
            info.setExpanded(s.value() == null);
            if (s.value() == null && s.validData()) {
                TreeItem guess = item(null, Messages.DETAILS_GUESS, "");
                for (RawGuess.Field f : s.guessedFields()) {
                    item(guess, "@" + f.offset(), f.kind().name().toLowerCase(java.util.Locale.ROOT) + " "
                            + summary(f.value()));
                }
                guess.setExpanded(true);
            }
            if (s.value() == null) {
                TreeItem bytes = item(null, Messages.fill(Messages.DETAILS_BYTES, s.size()),
                        String.format("encapsulation 0x%04x", s.encapsulation() & 0xffff));
                hex(bytes, s);
                bytes.setExpanded(true);
            }
        } finally {
            tree.setRedraw(true);
        }
    }

    /**
     * The path of the selected row under "Sample" ({@code pos.x}, {@code path[1].y}) and the value there; null when
     * no value row is selected.
     */
    String[] selectedPath() {
        TreeItem[] sel = tree.getSelection();
        if (sel.length != 1 || shown == null || shown.value() == null) {
            return null;
        }
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        TreeItem i = sel[0];
        for (; i.getParentItem() != null; i = i.getParentItem()) {
            parts.addFirst(i.getText(0));
        }
        if (parts.isEmpty() || !i.getText(0).equals(Messages.DETAILS_SAMPLE) || i != tree.getItem(0)) {
            return null;
        }
        StringBuilder path = new StringBuilder();
        for (String p : parts) {
            path.append(p.startsWith("[") || path.isEmpty() ? "" : ".").append(p);
        }
        return new String[] {path.toString()};
    }

    /** The sample whose details are shown, or null. */
    ReceivedSample shownSample() {
        return shown;
    }

    private TreeItem item(TreeItem parent, String field, String value) {
        TreeItem i = parent == null ? new TreeItem(tree, SWT.NONE) : new TreeItem(parent, SWT.NONE);
        i.setText(new String[] {field, value});
        return i;
    }

    private void children(TreeItem parent, Object v, DdsType t) {
        switch (v) {
            case null -> { }
            case Map<?, ?> m -> {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    String name = String.valueOf(e.getKey());
                    node(parent, name, e.getValue(), memberType(t, name));
                }
            }
            case List<?> l when t != null && OctetText.isOctets(library, t) -> {
                if (l.size() > OctetText.MAX_BYTES) {
                    octetRows(parent, l);
                }
            }
            case List<?> l -> {
                DdsType element = t == null ? null : OctetText.element(library, t);
                for (int i = 0; i < l.size() && i < MAX_ELEMENTS; i++) {
                    node(parent, "[" + i + "]", l.get(i), element);
                }
                if (l.size() > MAX_ELEMENTS) {
                    item(parent, "\u2026", Messages.fill(Messages.DETAILS_MORE, l.size() - MAX_ELEMENTS));
                }
            }
            case UnionValue u -> {
                if (u.member() != null) {
                    node(parent, u.member(), u.value(), memberType(t, u.member()));
                }
            }
            default -> { }
        }
    }

    private void node(TreeItem parent, String field, Object v, DdsType t) {
        String hex = t != null && OctetText.isOctets(library, t) ? OctetText.hex(v) : null;
        TreeItem i = item(parent, field, hex != null ? hex : summary(v));
        children(i, v, hex != null ? t : null);
    }

    /** The type of member {@code name} of struct or union type {@code t}; null when unknown. */
    private DdsType memberType(DdsType t, String name) {
        if (t == null) {
            return null;
        }
        try {
            DdsType u = library.unalias(t);
            if (u instanceof StructType st) {
                return library.allMembers(st).stream().filter(m -> m.name().equals(name)).map(Member::type)
                        .findFirst().orElse(null);
            }
            if (u instanceof UnionType ut) {
                return ut.cases().stream().map(UnionCase::member).filter(m -> m.name().equals(name)).map(Member::type)
                        .findFirst().orElse(null);
            }
        } catch (RuntimeException unknownType) {
            // shown without the type
        }
        return null;
    }

    /** A long octet sequence in rows of 16 bytes with their offsets, like the raw bytes. */
    private void octetRows(TreeItem parent, List<?> l) {
        for (int off = 0, row = 0; off < l.size() && row < MAX_HEX_ROWS; off += HEX_ROW, row++) {
            String hex = OctetText.hex(l.subList(off, Math.min(off + HEX_ROW, l.size())));
            item(parent, String.format("%04x", off), hex == null ? "" : hex.substring(2));
        }
    }

    /** The Value column of a row: leaves as text, containers as what they hold. */
    static String summary(Object v) {
        return switch (v) {
            case null -> Messages.DETAILS_NOT_SET;
            case Map<?, ?> m -> "";
            case List<?> l -> l.size() == 1 ? "1 element" : l.size() + " elements";
            case UnionValue u -> u.member() == null ? "(no branch, discriminator " + u.discriminator() + ")"
                    : u.member() + "  (discriminator " + u.discriminator() + ")";
            case Enumerator e -> e.name() + " (" + e.value() + ")";
            case BigDecimal d -> d.toPlainString();
            case String s -> '"' + s + '"';
            case Character c -> "'" + c + "'";
            default -> SampleColumns.text(v);
        };
    }

    private void hex(TreeItem parent, ReceivedSample s) {
        HexFormat h = HexFormat.ofDelimiter(" ");
        for (int off = 0, row = 0; off < s.size() && row < MAX_HEX_ROWS; off += HEX_ROW, row++) {
            int n = Math.min(HEX_ROW, s.size() - off);
            byte[] chunk = new byte[n];
            StringBuilder ascii = new StringBuilder();
            for (int i = 0; i < n; i++) {
                chunk[i] = s.byteAt(off + i);
                int c = chunk[i] & 0xff;
                ascii.append(c >= 0x20 && c < 0x7f ? (char) c : '.');
            }
            item(parent, String.format("%04x", off), h.formatHex(chunk) + "   " + ascii);
        }
    }

    private static void expand(TreeItem i) {
        i.setExpanded(true);
        for (TreeItem c : i.getItems()) {
            expand(c);
        }
    }

    /** Every row as "indent field = value", for tests. */
    List<String> lines() {
        List<String> out = new java.util.ArrayList<>();
        for (TreeItem i : tree.getItems()) {
            lines(i, 0, out);
        }
        return out;
    }

    private static void lines(TreeItem i, int level, List<String> out) {
        out.add("  ".repeat(level) + i.getText(0) + " = " + i.getText(1));
        for (TreeItem c : i.getItems()) {
            lines(c, level + 1, out);
        }
    }
}
