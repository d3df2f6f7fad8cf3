package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.samples.ui.writer.EditNode;
import org.ddstuner.samples.ui.writer.LeafNode;
import org.ddstuner.samples.ui.writer.SequenceNode;
import org.ddstuner.samples.ui.writer.UnionNode;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/** The Writer view's value model: parsing and bounds per type, sequences, unions, optional members. No UI. */
class EditNodeTest {

    private static final String IDL = """
            module m {
              enum Color { RED, GREEN, BLUE };
              union U switch (long) { case 1: double d; case 2: case 3: string<4> s; default: octet o; };
              struct Inner { unsigned short a; char c; };
              struct T {
                @key long long id;
                uint8 small;
                unsigned long long big;
                float f;
                boolean flag;
                string<5> name;
                Color color;
                sequence<Inner, 2> items;
                long grid[2][2];
                U u;
                @optional double maybe;
              };
            };
            """;

    private static EditNode root() throws Exception {
        TypeLibrary lib = IdlParser.parseText(IDL);
        return EditNode.of(lib, new TypeRef("m::T"), null, "", null);
    }

    private static LeafNode leaf(EditNode root, String path) {
        return (LeafNode) root.find(path);
    }

    @Test
    void defaultsMakeAValidValue() throws Exception {
        EditNode r = root();
        assertEquals(List.of(), r.invalid());
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) r.value();
        assertEquals(0L, v.get("id"));
        assertEquals(new Enumerator("RED", 0), v.get("color"));
        assertEquals(List.of(), v.get("items"));
        assertEquals(List.of(List.of(0, 0), List.of(0, 0)), v.get("grid"));
        assertEquals(new UnionValue(0, "o", (short) 0), v.get("u"), "the default branch, a label no case uses");
        assertNull(v.get("maybe"));
        assertTrue(r.find("id").key());
        assertEquals("@key long long", r.find("id").typeText());
        assertEquals("sequence<Inner, 2>", r.find("items").typeText());
        assertEquals("long[2][2]", r.find("grid").typeText());
    }

    @Test
    void textThatDoesNotFitTheTypeIsAnErrorAtTheField() throws Exception {
        EditNode r = root();
        leaf(r, "small").setText("256");
        assertEquals("256 is out of the range of uint8 (0 to 255)", leaf(r, "small").error());
        leaf(r, "big").setText("18446744073709551616");
        assertEquals("18446744073709551616 is out of the range of unsigned long long (0 to 18446744073709551615)",
                leaf(r, "big").error());
        leaf(r, "f").setText("1e39");
        assertEquals("1e39 is out of the range of float", leaf(r, "f").error());
        leaf(r, "flag").setText("yes");
        assertEquals("not a boolean: 'yes' (true or false)", leaf(r, "flag").error());
        leaf(r, "name").setText("toolong");
        assertEquals("longer than the bound: 7 characters, at most 5", leaf(r, "name").error());
        leaf(r, "color").setText("PINK");
        assertEquals("no enumerator 'PINK' (one of [RED, GREEN, BLUE])", leaf(r, "color").error());
        leaf(r, "id").setText("12x");
        assertEquals("not an integer: '12x'", leaf(r, "id").error());
        assertEquals(List.of("small", "big", "f", "flag", "name", "color", "id").size(), r.invalid().size());
        assertThrows(IllegalStateException.class, r::value);

        leaf(r, "small").setText("255");
        leaf(r, "big").setText("18446744073709551615");
        leaf(r, "f").setText("-2.5");
        leaf(r, "flag").setText("true");
        leaf(r, "name").setText("abcde");
        leaf(r, "color").setText("BLUE");
        leaf(r, "id").setText("0x10");
        assertEquals(List.of(), r.invalid());
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) r.value();
        assertEquals((short) 255, v.get("small"));
        assertEquals(new BigInteger("18446744073709551615"), v.get("big"));
        assertEquals(-2.5f, v.get("f"));
        assertEquals(true, v.get("flag"));
        assertEquals(new Enumerator("BLUE", 2), v.get("color"));
        assertEquals(16L, v.get("id"));
    }

    @Test
    void sequencesGrowUpToTheirBoundAndUnionsSwitchBranch() throws Exception {
        EditNode r = root();
        SequenceNode items = (SequenceNode) r.find("items");
        assertTrue(items.add());
        assertTrue(items.add());
        assertFalse(items.add(), "bound 2");
        leaf(r, "items[1].a").setText("65535");
        leaf(r, "items[1].c").setText("z");
        assertTrue(items.remove(r.find("items[0]")));
        assertEquals("items[0].a", r.find("items[0].a").path(), "relabelled after the removal");
        UnionNode u = (UnionNode) r.find("u");
        assertEquals(List.of("d (case 1)", "s (case 2)", "s (case 3)", "o (default)"), u.choices());
        u.choose("s");
        leaf(r, "u.s").setText("12345");
        assertEquals("longer than the bound: 5 characters, at most 4", leaf(r, "u.s").error());
        leaf(r, "u.s").setText("1234");
        u.choose("o");
        leaf(r, "u.o").setText("7");
        r.find("maybe").setPresent(true);
        leaf(r, "maybe").setText("0.5");
        leaf(r, "grid[1][0]").setText("-3");
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) r.value();
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("a", 65535);
        inner.put("c", 'z');
        assertEquals(List.of(inner), v.get("items"));
        assertEquals(new UnionValue(0, "o", (short) 7), v.get("u"), "default branch: a label no case uses");
        assertEquals(0.5, v.get("maybe"));
        assertEquals(List.of(List.of(0, 0), List.of(-3, 0)), v.get("grid"));
    }

    @Test
    void aValueFillsTheEditor() throws Exception {
        TypeLibrary lib = IdlParser.parseText(IDL);
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("id", 5L);
        value.put("name", "ab");
        value.put("u", new UnionValue(3, "s", "xy"));
        value.put("maybe", 2.0);
        EditNode r = EditNode.of(lib, new TypeRef("m::T"), null, "", value);
        assertEquals("5", leaf(r, "id").text());
        assertEquals("s", ((UnionNode) r.find("u")).chosen());
        assertEquals("xy", leaf(r, "u.s").text());
        assertTrue(r.find("maybe").present());
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) r.value();
        assertEquals(new UnionValue(3, "s", "xy"), v.get("u"), "the discriminator the sample had is kept");
    }

    @Test
    void unionChoicesNameEveryCaseLabelAndSetTheDiscriminator() throws Exception {
        TypeLibrary lib = IdlParser.parseText("""
                module n {
                  enum Kind { CIRCLE, SQUARE, LABEL, NONE };
                  union Shape switch (Kind) { case CIRCLE: double radius; case SQUARE: case LABEL: string text; };
                  union Flag switch (boolean) { case TRUE: long on; };
                  union Ch switch (char) { case 'a': long a; default: short other; };
                  struct S { Shape shape; Flag flag; Ch ch; };
                };
                """);
        EditNode r = EditNode.of(lib, new TypeRef("n::S"), null, "", null);
        UnionNode shape = (UnionNode) r.find("shape");
        assertEquals(List.of("radius (case CIRCLE)", "text (case SQUARE)", "text (case LABEL)",
                "no member (discriminator NONE)"), shape.choices(), "enum labels by name; no default: no member");
        assertEquals(0, shape.chosenIndex(), "first label when the union has no default");
        shape.choose(2);
        leaf(r, "shape.text").setText("hi");
        assertEquals("text (case LABEL)", shape.valueText());
        assertEquals(new UnionValue(2, "text", "hi"), shape.value());
        shape.choose("text (case SQUARE)");
        assertEquals(new UnionValue(1, "text", "hi"), shape.value(), "another label of the same member keeps the value");
        shape.choose(3);
        assertEquals(new UnionValue(3, null, null), shape.value(), "no member: a discriminator no case names");
        assertTrue(shape.children().isEmpty());

        UnionNode flag = (UnionNode) r.find("flag");
        assertEquals(List.of("on (case TRUE)", "no member (discriminator FALSE)"), flag.choices());
        UnionNode ch = (UnionNode) r.find("ch");
        assertEquals(List.of("a (case 'a')", "other (default)"), ch.choices());
        assertEquals("other", ch.chosen(), "the default branch is the initial choice");
        assertEquals(0L, ch.discriminator(), "default: a label no case uses");

        // a received value keeps its discriminator, and the choice shown is its label
        EditNode filled = EditNode.of(lib, new TypeRef("n::S"), null, "",
                java.util.Map.of("shape", new UnionValue(1, "text", "sq"), "flag", new UnionValue(0, null, null),
                        "ch", new UnionValue(97, "a", 5)));
        assertEquals("text (case SQUARE)", ((UnionNode) filled.find("shape")).valueText());
        assertEquals(1, ((UnionNode) filled.find("shape")).chosenIndex());
        assertEquals("no member (discriminator FALSE)", ((UnionNode) filled.find("flag")).valueText());
        assertEquals("a (case 'a')", ((UnionNode) filled.find("ch")).valueText());
    }
}
