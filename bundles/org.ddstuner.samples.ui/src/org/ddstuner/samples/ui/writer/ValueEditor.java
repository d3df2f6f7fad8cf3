package org.ddstuner.samples.ui.writer;

import java.util.List;

import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.TypeLibrary;
import org.eclipse.jface.layout.TreeColumnLayout;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.CheckboxCellEditor;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnPixelData;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.ComboBoxCellEditor;
import org.eclipse.jface.viewers.EditingSupport;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TextCellEditor;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.widgets.Composite;

/**
 * The sample editor: a tree generated from the type with editable cells. Member | Set (optional members) |
 * Value (text, or a choice for enums, booleans and union branches) | Type | Problem. Invalid input stays in
 * its cell, red, with the reason in the Problem column; {@link #invalid()} lists such rows.
 */
public final class ValueEditor extends Composite {

    private final TreeViewer viewer;
    private TypeLibrary library;
    private DdsType type;
    private EditNode root;
    private Runnable changeListener = () -> { };

    public ValueEditor(Composite parent) {
        super(parent, SWT.NONE);
        TreeColumnLayout layout = new TreeColumnLayout();
        setLayout(layout);
        viewer = new TreeViewer(this, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        viewer.getTree().setHeaderVisible(true);
        viewer.getTree().setLinesVisible(true);
        viewer.setContentProvider(new Content());
        org.eclipse.jface.viewers.ColumnViewerToolTipSupport.enableFor(viewer);
        Color red = getDisplay().getSystemColor(SWT.COLOR_RED);
        Font bold = JFaceResources.getFontRegistry().getBold(JFaceResources.DEFAULT_FONT);

        // small minimum widths: beside the QoS pane the tree gets about 350 pixels in the default layout
        column(layout, Messages.EDIT_MEMBER, new ColumnPixelData(150), new ColumnLabelProvider() {
            @Override
            public String getText(Object e) {
                EditNode n = (EditNode) e;
                return n.key() ? n.label() + "  (key)" : n.label();
            }

            @Override
            public Font getFont(Object e) {
                return ((EditNode) e).key() ? bold : null;
            }
        }, null);
        column(layout, Messages.EDIT_SET, new ColumnPixelData(40), new ColumnLabelProvider() {
            @Override
            public String getText(Object e) {
                EditNode n = (EditNode) e;
                return n.optional() ? (n.present() ? "\u2611" : "\u2610") : "";
            }
        }, new SetEditing());
        column(layout, Messages.EDIT_VALUE, new ColumnWeightData(35, 90), new ColumnLabelProvider() {
            @Override
            public String getText(Object e) {
                return ((EditNode) e).valueText();
            }

            @Override
            public String getToolTipText(Object e) {
                EditNode n = (EditNode) e;
                return n.error() != null ? n.error() : null;
            }

            @Override
            public Color getForeground(Object e) {
                return ((EditNode) e).error() != null ? red : null;
            }
        }, new ValueEditing());
        column(layout, Messages.EDIT_TYPE, new ColumnWeightData(22, 80), new ColumnLabelProvider() {
            @Override
            public String getText(Object e) {
                return ((EditNode) e).typeText();
            }
        }, null);
        column(layout, Messages.EDIT_PROBLEM, new ColumnWeightData(43, 50), new ColumnLabelProvider() {
            @Override
            public String getText(Object e) {
                String err = ((EditNode) e).error();
                return err == null ? "" : "\u26a0 " + err;
            }

            @Override
            public String getToolTipText(Object e) {
                return ((EditNode) e).error();
            }

            @Override
            public Color getForeground(Object e) {
                return red;
            }
        }, null);
    }

    private void column(TreeColumnLayout layout, String title, org.eclipse.jface.viewers.ColumnLayoutData size,
            ColumnLabelProvider labels, EditingSupport editing) {
        TreeViewerColumn c = new TreeViewerColumn(viewer, SWT.LEFT);
        c.getColumn().setText(title);
        c.setLabelProvider(labels);
        if (editing != null) {
            c.setEditingSupport(editing);
        }
        layout.setColumnData(c.getColumn(), size);
    }

    /** Shows a value of {@code t} for editing (null: the type's default value). */
    public void setValue(TypeLibrary lib, DdsType t, Object value) {
        this.library = lib;
        this.type = t;
        this.root = EditNode.of(lib, t, null, "", value);
        viewer.setInput(root);
        viewer.expandToLevel(3);
        changed();
    }

    /** The value as edited; throws IllegalStateException naming the first invalid field. */
    public Object value() {
        List<EditNode> bad = invalid();
        if (!bad.isEmpty()) {
            throw new IllegalStateException(bad.get(0).path() + ": " + bad.get(0).error());
        }
        return root.value();
    }

    /** The rows whose input is not valid (empty: {@link #value()} gives a value of the type). */
    public List<EditNode> invalid() {
        return root == null ? List.of() : root.invalid();
    }

    public EditNode root() {
        return root;
    }

    /** The row at a field path ({@code meta.source}, {@code points[0].x}), or null. */
    public EditNode node(String path) {
        return root == null ? null : root.find(path);
    }

    /** Types {@code text} into the row at {@code path}, as the cell editor does. */
    public void edit(String path, String text) {
        EditNode n = node(path);
        if (!(n instanceof LeafNode leaf)) {
            throw new IllegalArgumentException("no editable field " + path);
        }
        leaf.setText(text);
        refresh(n);
    }

    /** Chooses a branch of the union at {@code path}: a member name (its first label) or a choice text ({@code s (case 3)}). */
    public void chooseBranch(String path, String member) {
        ((UnionNode) node(path)).choose(member);
        refresh(node(path));
    }

    /** Sets or clears the optional member at {@code path}. */
    public void setPresent(String path, boolean present) {
        node(path).setPresent(present);
        refresh(node(path));
    }

    /** Appends an element to the sequence selected (or containing the selected row); false if none/full. */
    public boolean addElement() {
        SequenceNode s = selectedSequence();
        if (s == null || !s.add()) {
            return false;
        }
        refresh(s);
        viewer.expandToLevel(s, 1);
        return true;
    }

    /** Removes the selected sequence element; false when the selection is not one. */
    public boolean removeElement() {
        EditNode n = selected();
        if (n == null || !(n.parent() instanceof SequenceNode s) || !s.remove(n)) {
            return false;
        }
        refresh(s);
        return true;
    }

    private SequenceNode selectedSequence() {
        for (EditNode n = selected(); n != null; n = n.parent()) {
            if (n instanceof SequenceNode s && !s.isArray()) {
                return s;
            }
        }
        return null;
    }

    public EditNode selected() {
        return (EditNode) ((IStructuredSelection) viewer.getSelection()).getFirstElement();
    }

    public void select(EditNode n) {
        viewer.setSelection(new org.eclipse.jface.viewers.StructuredSelection(n), true);
    }

    private void refresh(EditNode n) {
        viewer.refresh(n.parent() != null ? n.parent() : n, true);
        viewer.expandToLevel(n, 2);
        changed();
    }

    public void onChange(Runnable r) {
        changeListener = r;
    }

    private void changed() {
        changeListener.run();
    }

    public TreeViewer viewer() {
        return viewer;
    }

    public TypeLibrary library() {
        return library;
    }

    public DdsType type() {
        return type;
    }

    private static final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return ((EditNode) input).children().toArray();
        }

        @Override
        public Object[] getChildren(Object e) {
            return ((EditNode) e).children().toArray();
        }

        @Override
        public Object getParent(Object e) {
            return ((EditNode) e).parent();
        }

        @Override
        public boolean hasChildren(Object e) {
            return !((EditNode) e).children().isEmpty();
        }
    }

    /** Value cells: text for numbers and strings, a choice for enums, booleans and union branches. */
    private final class ValueEditing extends EditingSupport {
        ValueEditing() {
            super(viewer);
        }

        @Override
        protected boolean canEdit(Object e) {
            EditNode n = (EditNode) e;
            return n.present() && (n instanceof LeafNode || n instanceof UnionNode);
        }

        @Override
        protected CellEditor getCellEditor(Object e) {
            List<String> choices = e instanceof UnionNode u ? u.choices() : ((LeafNode) e).choices();
            if (choices != null) {
                return new ComboBoxCellEditor(viewer.getTree(), choices.toArray(String[]::new), SWT.READ_ONLY);
            }
            return new TextCellEditor(viewer.getTree());
        }

        @Override
        protected Object getValue(Object e) {
            if (e instanceof UnionNode u) {
                return Math.max(0, u.chosenIndex());
            }
            LeafNode l = (LeafNode) e;
            return l.choices() != null ? Integer.valueOf(Math.max(0, l.choices().indexOf(l.text()))) : l.text();
        }

        @Override
        protected void setValue(Object e, Object v) {
            if (e instanceof UnionNode u) {
                int i = (Integer) v;
                if (i >= 0) {
                    u.choose(i);
                }
            } else {
                LeafNode l = (LeafNode) e;
                if (l.choices() != null) {
                    int i = (Integer) v;
                    if (i < 0) {
                        return;
                    }
                    l.setText(l.choices().get(i));
                } else {
                    l.setText((String) v);
                }
            }
            refresh((EditNode) e);
        }
    }

    /** The Set cell of an optional member: a checkbox. */
    private final class SetEditing extends EditingSupport {
        SetEditing() {
            super(viewer);
        }

        @Override
        protected boolean canEdit(Object e) {
            return ((EditNode) e).optional();
        }

        @Override
        protected CellEditor getCellEditor(Object e) {
            return new CheckboxCellEditor(viewer.getTree());
        }

        @Override
        protected Object getValue(Object e) {
            return ((EditNode) e).present();
        }

        @Override
        protected void setValue(Object e, Object v) {
            ((EditNode) e).setPresent((Boolean) v);
            refresh((EditNode) e);
        }
    }
}
