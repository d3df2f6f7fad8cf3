package org.ddstuner.health;

import java.util.regex.Pattern;

/**
 * A shell-style pattern for topic and participant names: {@code *} any run of characters, {@code ?} one
 * character, everything else literal (so {@code rt/chatter} and {@code tuner::Sensor*} need no escaping).
 */
public record Glob(String text, Pattern pattern) {

    public static final Glob ANY = of("*");

    public static Glob of(String text) {
        StringBuilder re = new StringBuilder();
        for (char ch : text.toCharArray()) {
            switch (ch) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return new Glob(text, Pattern.compile(re.toString(), Pattern.DOTALL));
    }

    public boolean matches(String s) {
        return s != null && pattern.matcher(s).matches();
    }

    public boolean matchesAll() {
        return text.equals("*");
    }

    /** Equal when the pattern text is (a {@link Pattern} has no equality of its own). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Glob g && g.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
