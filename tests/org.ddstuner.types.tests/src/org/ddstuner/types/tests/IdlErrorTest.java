package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each invalid corpus file starts with {@code // expect: line:column: message fragment} (and optionally
 * {@code // also: …} for further errors); the parser must report exactly that position.
 */
class IdlErrorTest {

    static Stream<Path> invalidFiles() {
        return TestResources.idlFiles("idl/invalid").stream();
    }

    @ParameterizedTest
    @MethodSource("invalidFiles")
    void reportsExpectedError(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        IdlParseException e = assertThrows(IdlParseException.class, () -> new IdlParser().parse(file));
        List<String> expectations = lines.stream().filter(l -> l.startsWith("// expect: ") || l.startsWith("// also: "))
                .map(l -> l.substring(l.indexOf(": ") + 2)).toList();
        assertTrue(expectations.size() >= 1, "no expectation in " + file);
        for (int i = 0; i < expectations.size(); i++) {
            String[] exp = expectations.get(i).split(": ", 2);
            assertTrue(e.problems().size() > i, "missing error " + expectations.get(i) + " in " + e.getMessage());
            IdlProblem p = e.problems().get(i);
            assertEquals(exp[0], p.line() + ":" + p.column(), "position in " + file + ": " + p);
            assertTrue(p.message().contains(exp[1]), "message '" + p.message() + "' lacks '" + exp[1] + "'");
        }
        for (IdlProblem p : e.problems()) {
            assertTrue(p.toString().matches("[^\\n]+:\\d+:\\d+: [^\\n]+"), "not file:line:column: message: " + p);
        }
    }

    @Test
    void messageNamesFileLineAndColumn() {
        IdlParseException e = assertThrows(IdlParseException.class,
                () -> new IdlParser().parse("demo.idl", "struct A {\n  Foo x;\n};\n"));
        assertEquals("demo.idl:2:3: unknown type 'Foo'", e.getMessage());
    }

    @Test
    void collectsSeveralErrorsAndRecovers() {
        IdlParseException e = assertThrows(IdlParseException.class, () -> new IdlParser().parse("m.idl", """
                struct A { long x };
                struct B { Nope y; long z; };
                const long C = 1 / 0;
                struct D { long ok; };
                struct D { long again; };
                """));
        List<String> positions = e.problems().stream().map(p -> p.line() + ":" + p.column()).toList();
        assertEquals(List.of("1:19", "2:12", "3:18", "5:8"), positions, e.getMessage());
    }

    @Test
    void includeFromIncludePathAndCycle() throws Exception {
        Path dir = Files.createTempDirectory("idl-include");
        Files.writeString(dir.resolve("base.idl"), "#ifndef BASE\n#define BASE\nmodule m { struct P { long x; }; };\n#endif\n");
        Files.writeString(dir.resolve("loop.idl"), "#include \"loop.idl\"\n");
        var lib = new IdlParser(List.of(dir)).parse("main.idl",
                "#include <base.idl>\n#include \"base.idl\"\nstruct Q { m::P p; };\n").library();
        assertEquals(2, lib.types().size());
        IdlParseException e = assertThrows(IdlParseException.class, () -> new IdlParser().parse(dir.resolve("loop.idl")));
        assertTrue(e.getMessage().contains("loop.idl:1:1: #include cycle"), e.getMessage());
    }
}
