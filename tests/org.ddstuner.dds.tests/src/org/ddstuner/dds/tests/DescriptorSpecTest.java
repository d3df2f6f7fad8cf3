package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.DescriptorSpec;
import org.ddstuner.dds.DescriptorSpec.Key;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.TopicDescriptor;
import org.junit.jupiter.api.Test;

/** The cheap checks of a DescriptorSpec, and descriptors built from one (no participant needed). */
class DescriptorSpecTest {

    private static final byte[] NONE = new byte[0];

    private static String rejected(int size, int align, int[] ops, List<Key> keys, byte[] ti, byte[] tm) {
        return assertThrows(IllegalArgumentException.class,
                () -> new DescriptorSpec("demo::T", size, align, 0, ops, keys, ti, tm)).getMessage();
    }

    @Test
    void structuralMistakesAreNamed() {
        int[] ops = ShapeType.SHAPE_OPS;
        assertTrue(rejected(56, 8, new int[0], List.of(), NONE, NONE).contains("ops are empty"));
        assertTrue(rejected(56, 8, new int[] {0x01050000, 0}, List.of(), NONE, NONE).contains("DDS_OP_RTS"));
        // the offset word 0 of an ADR is not mistaken for the RTS
        assertTrue(rejected(56, 8, new int[] {0x01050009, 0, 0x01030004}, List.of(), NONE, NONE).contains("DDS_OP_RTS"));
        assertTrue(rejected(56, 8, new int[] {0x7f000000, 0}, List.of(), NONE, NONE).contains("DDS_OP_RTS"));
        assertTrue(rejected(0, 8, ops, List.of(), NONE, NONE).contains("size 0"));
        assertTrue(rejected(56, 3, ops, List.of(), NONE, NONE).contains("alignment 3"));
        assertTrue(rejected(12, 8, ops, List.of(), NONE, NONE).contains("not a multiple"));
        assertTrue(rejected(56, 8, ops, List.of(new Key("color", 17, 0)), NONE, NONE).contains("outside the 17 ops"));
        assertTrue(rejected(56, 8, ops, List.of(new Key("color", 1, 0)), NONE, NONE).contains("neither DDS_OP_KOF"));
        assertTrue(rejected(56, 8, ops, List.of(new Key("color", 13, 0), new Key("id", 15, 0)), NONE, NONE)
                .contains("each once"));
        int[] badKof = ops.clone();
        badKof[14] = 99;
        assertTrue(rejected(56, 8, badKof, List.of(new Key("color", 13, 0)), NONE, NONE).contains("KOF offset 99"));
        assertTrue(rejected(56, 8, ops, List.of(), new byte[] {1}, NONE).contains("go together"));
        assertThrows(IllegalArgumentException.class, () -> new Key("", 0, 0));
        assertThrows(IllegalArgumentException.class, () -> StructType.builder("demo::T").member("a", MemberKind.INT32)
                .typeInformation(new byte[] {1}, new byte[0]));
    }

    @Test
    void specIsCopiedDefensively() {
        int[] ops = ShapeType.SHAPE_OPS.clone();
        DescriptorSpec s = ShapeType.shape();
        ops[0] = 0;
        assertArrayEquals(ShapeType.SHAPE_OPS, s.ops());
        s.ops()[0] = 0;
        assertArrayEquals(ShapeType.SHAPE_OPS, s.ops());
        assertEquals(ShapeType.shape(), s);
    }

    @Test
    void descriptorFromSpecOwnsItsMemory() {
        TopicDescriptor d = TopicDescriptor.fromSpec(ShapeType.shape(new byte[] {1, 2}, new byte[] {3}));
        assertEquals("demo::Shape", d.typeName());
        assertEquals(2, d.keyCount());
        assertArrayEquals(new byte[] {1, 2}, d.typeInformation());
        assertArrayEquals(new byte[] {3}, d.typeMapping());
        d.close();
        d.close();
        assertTrue(d.isClosed());
        TopicDescriptor u = TopicDescriptor.untyped("some::Type");
        assertTrue(u.isUntyped());
        assertEquals(0, u.keyCount());
        assertEquals(0, u.typeInformation().length);
        u.close();
        assertEquals(1, TopicDescriptor.untyped("some::Type", true).keyCount());
    }

    @Test
    void structTypeOpsStillMatchIdlc() {
        // StructType now builds its descriptor through DescriptorSpec: same ops, same m_nops as before
        StructType t = StructType.builder("demo::S").key("id", MemberKind.INT32).member("v", MemberKind.FLOAT64)
                .octetSequence("b").build();
        int expectedNops = DdsLibrary.get().features().wordCountedOps() ? t.ops().length : 4;
        assertEquals(expectedNops, t.nops());
    }
}
