package org.ddstuner.types.cyclone;

import static org.ddstuner.types.cyclone.Opcodes.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.ddstuner.types.cyclone.OpsProgram.Ctype;
import org.ddstuner.types.cyclone.OpsProgram.Insn;
import org.ddstuner.types.cyclone.OpsProgram.Kind;

/**
 * The key part of a descriptor as idlc 0.10.2 computes it: finds the key members by their {@code KEY} flag
 * (descending into nested key structs; a nested struct without own {@code @key} members has all its members
 * become key, which sets {@code KEY} on its ops), builds the {@code KOF} lists (one per leaf key: the op
 * index at each nesting level), orders {@code m_keys} by member id along the key path and decides the
 * fixed-key flags from the serialized key size.
 */
final class KeyTable {
    private static final int FIXED_KEY_MAX_SIZE = 16;

    /** A key op found in a ctype, with its nested keys when it is a struct. */
    private record Found(String name, int offset, int order, List<Found> sub, int size, int align, int dims,
            boolean dheader) {
    }

    /** A leaf key in declaration order. */
    private record Leaf(String name, int kofIndex, int index, List<Integer> orders, int size, int align, int dims,
            boolean dheader) {
    }

    private final List<Integer> kof = new ArrayList<>();
    private final List<Leaf> leaves = new ArrayList<>();
    private final String topType;

    private KeyTable(String topType) {
        this.topType = topType;
    }

    static KeyTable build(OpsProgram program, String topType) {
        KeyTable t = new KeyTable(topType);
        Ctype top = program.ctypes.get(topType);
        List<Found> found = t.collect(program, top, false, 0, topType);
        t.flatten(found, null, new ArrayList<>(), new ArrayList<>());
        return t;
    }

    private List<Found> collect(OpsProgram program, Ctype c, boolean parentIsKey, int baseOffset, String where) {
        List<Found> out = new ArrayList<>();
        for (int i = 0; i < c.insns.size(); i++) {
            Insn insn = c.insns.get(i);
            if (insn.kind == Kind.BASE_PLM) {
                // keys of a mutable base are listed as if they were the derived type's own, with a single
                // offset from the start of the top-level type
                Ctype base = program.ctypes.get(insn.target);
                out.addAll(collect(program, base, false, baseOffset + base.start - c.start, where));
                continue;
            }
            if (insn.kind != Kind.OP || op(insn.value) != ADR) {
                continue;
            }
            if (parentIsKey && !c.hasKeyMember) {
                insn.value |= FLAG_KEY;
            }
            if ((insn.value & FLAG_KEY) != 0) {
                out.add(found(program, c, i, baseOffset, where));
            }
        }
        return out;
    }

    private Found found(OpsProgram program, Ctype c, int i, int baseOffset, String where) {
        Insn insn = c.insns.get(i);
        String path = insn.name == null ? where : where + "." + insn.name;
        int code = insn.value;
        int type = type(code);
        if (type == VAL_EXT) {
            Ctype sub = program.ctypes.get(c.insns.get(i + 2).target);
            List<Found> subKeys = collect(program, sub, true, 0, path);
            if (subKeys.isEmpty()) {
                throw new UnsupportedTypeException(path, "a key of type " + sub.type.name() + " that has no members");
            }
            return new Found(insn.name, i + baseOffset, insn.order, subKeys, 0, 0, 0, false);
        }
        int size;
        int align;
        int dims = 1;
        boolean dheader = false;
        if (type == VAL_ARR) {
            dims = c.insns.get(i + 2).value;
            int sub = subtype(code);
            switch (sub) {
                case VAL_BLN, VAL_1BY -> size = 1;
                case VAL_2BY -> size = 2;
                case VAL_4BY -> size = 4;
                case VAL_8BY -> size = 8;
                case VAL_ENU, VAL_BMK -> {
                    size = sizeFromFlags(code);
                    dheader = true;
                }
                case VAL_BST, VAL_STR -> throw unsupported(path, "an array of strings");
                case VAL_ARR, VAL_SEQ, VAL_BSQ -> throw unsupported(path, "an array of collections");
                default -> throw unsupported(path, "an array of structs or unions");
            }
            align = size;
        } else {
            switch (type) {
                case VAL_BLN, VAL_1BY -> size = 1;
                case VAL_2BY -> size = 2;
                case VAL_4BY -> size = 4;
                case VAL_8BY -> size = 8;
                case VAL_ENU, VAL_BMK -> size = sizeFromFlags(code);
                case VAL_BST -> size = 0;
                case VAL_STR -> size = FIXED_KEY_MAX_SIZE + 1;
                case VAL_UNI -> throw unsupported(path, "a union");
                case VAL_SEQ, VAL_BSQ -> throw unsupported(path, "a sequence");
                default -> throw unsupported(path, "a struct");
            }
            align = size;
            if (type == VAL_BST) {
                // 4-byte length then the characters, bound + 1 of them
                size = 4 + c.insns.get(i + 2).value;
                align = 4;
            } else if (type == VAL_STR) {
                align = 1;
            }
        }
        return new Found(insn.name, i + baseOffset, insn.order, null, size, align, dims, dheader);
    }

    private UnsupportedTypeException unsupported(String path, String what) {
        return new UnsupportedTypeException(path, "using " + what + " as (part of) the key is not supported by "
                + "idlc/libddsc 0.10.2 (key of topic type " + topType + ")");
    }

    private void flatten(List<Found> found, String prefix, List<Integer> offsets, List<Integer> orders) {
        for (Found f : found) {
            String name = prefix == null ? f.name() : prefix + "." + f.name();
            offsets.add(f.offset());
            orders.add(f.order());
            if (f.sub() != null) {
                flatten(f.sub(), name, offsets, orders);
            } else {
                leaves.add(new Leaf(name, kof.size(), leaves.size(), List.copyOf(orders), f.size(), f.align(), f.dims(),
                        f.dheader()));
                kof.add(KOF | offsets.size());
                kof.addAll(offsets);
            }
            offsets.removeLast();
            orders.removeLast();
        }
    }

    List<Integer> kofWords() {
        return kof;
    }

    /** {@code m_keys}: sorted by member ids along the key path; {@code m_offset} after all type ops. */
    List<CycloneDescriptor.Key> descriptors(int typeWords) {
        return sorted().stream()
                .map(l -> new CycloneDescriptor.Key(l.name(), typeWords + l.kofIndex(), l.index())).toList();
    }

    private List<Leaf> sorted() {
        Comparator<Leaf> byOrders = (a, b) -> {
            for (int i = 0; i < Math.min(a.orders().size(), b.orders().size()); i++) {
                int c = Integer.compareUnsigned(a.orders().get(i), b.orders().get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(a.orders().size(), b.orders().size());
        };
        return leaves.stream().sorted(byOrders).toList();
    }

    /** FIXED_KEY when the XCDR1 key (declaration order) fits 16 bytes, FIXED_KEY_XCDR2 likewise (id order). */
    int fixedKeyFlags() {
        if (leaves.isEmpty()) {
            return 0;
        }
        int xcdr1 = 0;
        for (Leaf l : leaves) {
            xcdr1 = addToKeySize(xcdr1, l.size(), false, l.dims(), l.align(), 8);
        }
        int xcdr2 = 0;
        for (Leaf l : sorted()) {
            xcdr2 = addToKeySize(xcdr2, l.size(), l.dheader(), l.dims(), l.align(), 4);
        }
        return (xcdr1 <= FIXED_KEY_MAX_SIZE ? CycloneDescriptor.FLAG_FIXED_KEY : 0)
                | (xcdr2 <= FIXED_KEY_MAX_SIZE ? CycloneDescriptor.FLAG_FIXED_KEY_XCDR2 : 0);
    }

    private static int addToKeySize(int keySize, int fieldSize, boolean dheader, int dims, int fieldAlign,
            int maxAlign) {
        int sz = keySize;
        int align = Math.min(fieldAlign, maxAlign);
        if (dheader) {
            sz = CLayout.roundUp(sz, 4) + 4;
        }
        sz = CLayout.roundUp(sz, align);
        long total = sz + (long) fieldSize * dims;
        return total > FIXED_KEY_MAX_SIZE ? FIXED_KEY_MAX_SIZE + 1 : (int) total;
    }
}
