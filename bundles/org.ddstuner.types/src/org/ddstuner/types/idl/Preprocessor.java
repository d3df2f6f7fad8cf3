package org.ddstuner.types.idl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.idl.Token.Kind;

/**
 * The minimal IDL preprocessor: {@code #include "x"} / {@code <x>} (against the including file's folder
 * and the include paths, cycles detected), object-like {@code #define}/{@code #undef},
 * {@code #ifdef}/{@code #ifndef}/{@code #else}/{@code #endif}, {@code #pragma keylist}. Any other
 * directive is a clear error. Produces the whole token list of the translation unit.
 */
final class Preprocessor {
    private static final int MAX_INCLUDE_DEPTH = 64;
    private static final int MAX_EXPANSION_DEPTH = 32;
    private static final String SUPPORTED = "only #include, #define, #undef, #ifdef, #ifndef, #else, #endif and"
            + " #pragma are supported";

    private final List<Path> includePaths;
    private final Problems problems;
    private final Map<String, String> macros = new HashMap<>();
    private final Deque<Path> includeStack = new ArrayDeque<>();
    private final Set<Path> included = new HashSet<>();
    private final List<Token> out = new ArrayList<>();

    private record Cond(Token where, boolean parentActive, boolean active, boolean elseSeen) {
    }

    Preprocessor(List<Path> includePaths, Problems problems) {
        this.includePaths = List.copyOf(includePaths);
        this.problems = problems;
    }

    /** Tokens of the whole translation unit rooted at this text, ending with one EOF token. */
    List<Token> run(String fileName, String text, Path path) {
        if (path != null) {
            includeStack.push(canonical(path));
            included.add(canonical(path));
        }
        Token eof = file(fileName, text, path);
        out.add(eof);
        return out;
    }

    private Token file(String fileName, String text, Path path) {
        Lexer lexer = new Lexer(fileName, text, problems);
        Deque<Cond> conds = new ArrayDeque<>();
        while (true) {
            Token t = lexer.next();
            boolean active = conds.isEmpty() || conds.peek().active();
            switch (t.kind()) {
                case EOF -> {
                    for (Cond c : conds) {
                        problems.error(c.where(), "unterminated conditional directive (missing #endif)");
                    }
                    return t;
                }
                case DIRECTIVE -> directive(t, conds, active, path);
                default -> {
                    if (active) {
                        emit(t, new HashSet<>(), 0);
                    }
                }
            }
            if (problems.tooMany()) {
                return new Token(Kind.EOF, "", null, t.file(), t.line(), t.column());
            }
        }
    }

    private void emit(Token t, Set<String> expanding, int depth) {
        if (t.kind() != Kind.IDENT || !macros.containsKey(t.text()) || expanding.contains(t.text())) {
            out.add(t);
            return;
        }
        if (depth > MAX_EXPANSION_DEPTH) {
            problems.error(t, "macro expansion of '" + t.text() + "' nests too deeply");
            return;
        }
        Lexer body = new Lexer(t.file(), macros.get(t.text()), problems, t.line(), t.column());
        Set<String> inner = new HashSet<>(expanding);
        inner.add(t.text());
        for (Token b = body.next(); b.kind() != Kind.EOF; b = body.next()) {
            if (b.kind() == Kind.DIRECTIVE) {
                problems.error(t, "macro '" + t.text() + "' expands to a directive");
                return;
            }
            emit(b.at(t), inner, depth + 1);
        }
    }

    private void directive(Token t, Deque<Cond> conds, boolean active, Path path) {
        String body = t.text().substring(1).strip();
        int sp = 0;
        while (sp < body.length() && (Character.isLetterOrDigit(body.charAt(sp)) || body.charAt(sp) == '_')) {
            sp++;
        }
        String name = body.substring(0, sp);
        String rest = body.substring(sp).strip();
        switch (name) {
            case "ifdef", "ifndef" -> {
                String macro = macroName(t, name, rest, active);
                boolean cond = macro != null && macros.containsKey(macro) == name.equals("ifdef");
                conds.push(new Cond(t, active, active && cond, false));
            }
            case "if", "elif" -> {
                if (active) {
                    problems.error(t, "'#" + name + "' is not supported: " + SUPPORTED);
                }
                if (name.equals("if")) {
                    conds.push(new Cond(t, active, active, false));
                }
            }
            case "else" -> {
                Cond c = conds.poll();
                if (c == null || c.elseSeen()) {
                    problems.error(t, c == null ? "#else without #ifdef/#ifndef" : "second #else for the same #if");
                    if (c != null) {
                        conds.push(c);
                    }
                } else {
                    conds.push(new Cond(c.where(), c.parentActive(), c.parentActive() && !c.active(), true));
                }
            }
            case "endif" -> {
                if (conds.poll() == null) {
                    problems.error(t, "#endif without #ifdef/#ifndef");
                }
            }
            default -> {
                if (active) {
                    activeDirective(t, name, rest, path);
                }
            }
        }
    }

    private String macroName(Token t, String directive, String rest, boolean report) {
        int end = 0;
        while (end < rest.length() && (Character.isLetterOrDigit(rest.charAt(end)) || rest.charAt(end) == '_')) {
            end++;
        }
        String macro = rest.substring(0, end);
        if (!macro.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            if (report) {
                problems.error(t, "expected a macro name after #" + directive);
            }
            return null;
        }
        return macro;
    }

    private void activeDirective(Token t, String name, String rest, Path path) {
        switch (name) {
            case "" -> {
                if (!rest.isEmpty()) {
                    problems.error(t, "invalid preprocessor directive '" + t.text().strip() + "'");
                }
            }
            case "define" -> {
                String macro = macroName(t, name, rest, true);
                if (macro != null) {
                    String body = rest.substring(macro.length());
                    if (body.startsWith("(")) {
                        problems.error(t, "function-like macros are not supported (#define " + macro + "(...))");
                    } else {
                        macros.put(macro, body.strip());
                    }
                }
            }
            case "undef" -> {
                String macro = macroName(t, name, rest, true);
                if (macro != null) {
                    macros.remove(macro);
                }
            }
            case "include" -> include(t, rest, path);
            case "pragma" -> pragma(t, rest);
            case "error" -> problems.error(t, "#error " + rest);
            default -> problems.error(t, "unsupported preprocessor directive '#" + name + "': " + SUPPORTED);
        }
    }

    private void pragma(Token t, String rest) {
        String[] words = rest.isEmpty() ? new String[0] : rest.split("[\\s,]+");
        if (words.length > 0 && words[0].equals("keylist")) {
            if (words.length < 2) {
                problems.error(t, "#pragma keylist needs a type name");
                return;
            }
            out.add(new Token(Kind.PRAGMA, "keylist", List.of(words).subList(1, words.length), t.file(), t.line(),
                    t.column()));
        } else {
            problems.warning(t, "ignored #pragma " + (words.length > 0 ? words[0] : ""));
        }
    }

    private void include(Token t, String rest, Path path) {
        boolean quoted = rest.startsWith("\"") && rest.indexOf('"', 1) > 0;
        boolean angled = rest.startsWith("<") && rest.indexOf('>') > 0;
        if (!quoted && !angled) {
            problems.error(t, "expected \"file\" or <file> after #include");
            return;
        }
        String name = rest.substring(1, quoted ? rest.indexOf('"', 1) : rest.indexOf('>'));
        Path found = resolve(name, quoted && path != null ? path.toAbsolutePath().getParent() : null);
        if (found == null) {
            problems.error(t, "cannot find include file '" + name + "'"
                    + (includePaths.isEmpty() ? " (no include path given)" : " in " + includePaths));
            return;
        }
        String text;
        try {
            text = Files.readString(found, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            problems.error(t, "cannot read include file '" + found + "': " + e.getMessage());
            return;
        }
        Path canonical = canonical(found);
        if (includeStack.contains(canonical)) {
            if (guardedAndSeen(found.toString(), text)) {
                return;
            }
            problems.error(t, "#include cycle: '" + name + "' includes itself (directly or indirectly)");
            return;
        }
        if (!included.add(canonical)) {
            // rosidl's generated IDL has no include guards but includes shared files from several places:
            // reading a file once per translation unit (like #pragma once) turns those redefinitions into no-ops
            return;
        }
        if (includeStack.size() >= MAX_INCLUDE_DEPTH) {
            problems.error(t, "#include nested more than " + MAX_INCLUDE_DEPTH + " levels deep");
            return;
        }
        includeStack.push(canonical);
        try {
            file(found.toString(), text, found);
        } finally {
            includeStack.pop();
        }
    }

    /** A file opening with {@code #ifndef X / #define X} while X is defined would expand to nothing. */
    private boolean guardedAndSeen(String fileName, String text) {
        Problems ignored = new Problems();
        Lexer lexer = new Lexer(fileName, text, ignored);
        Token first = lexer.next();
        Token second = lexer.next();
        if (first.kind() != Kind.DIRECTIVE || second.kind() != Kind.DIRECTIVE) {
            return false;
        }
        String[] a = first.text().substring(1).strip().split("\\s+");
        String[] b = second.text().substring(1).strip().split("\\s+");
        return a.length >= 2 && b.length >= 2 && a[0].equals("ifndef") && b[0].equals("define") && a[1].equals(b[1])
                && macros.containsKey(a[1]);
    }

    private Path resolve(String name, Path dir) {
        List<Path> dirs = new ArrayList<>();
        if (dir != null) {
            dirs.add(dir);
        }
        dirs.addAll(includePaths);
        for (Path d : dirs) {
            try {
                Path p = d.resolve(name);
                if (Files.isRegularFile(p)) {
                    return p;
                }
            } catch (RuntimeException e) {
                // an invalid path name cannot be found
            }
        }
        return null;
    }

    private static Path canonical(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
