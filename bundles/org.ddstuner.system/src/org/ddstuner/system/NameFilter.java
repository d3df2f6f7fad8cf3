package org.ddstuner.system;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A filter on names shared by the UI and the CLI: a case-insensitive substring, or a
 * case-insensitive regular expression found anywhere in the name. An empty text matches everything.
 */
public final class NameFilter implements Predicate<String> {

    public static final NameFilter ALL = new NameFilter("", null);

    private final String text;
    private final Pattern pattern;

    private NameFilter(String text, Pattern pattern) {
        this.text = text;
        this.pattern = pattern;
    }

    public static NameFilter substring(String text) {
        Objects.requireNonNull(text, "text");
        return text.isEmpty() ? ALL : new NameFilter(text.toLowerCase(Locale.ROOT), null);
    }

    /**
     * @throws IllegalArgumentException with a message fit to show ("invalid regular expression "[a":
     *                                  Unclosed character class at position 1")
     */
    public static NameFilter regex(String regex) {
        Objects.requireNonNull(regex, "regex");
        try {
            return new NameFilter(regex, Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
        } catch (PatternSyntaxException e) {
            String where = e.getIndex() >= 0 ? " at position " + (e.getIndex() + 1) : "";
            throw new IllegalArgumentException("invalid regular expression \"" + regex + "\": " + e.getDescription()
                    + where, e);
        }
    }

    public static NameFilter of(String text, boolean isRegex) {
        return isRegex ? regex(text) : substring(text);
    }

    @Override
    public boolean test(String name) {
        if (name == null) {
            return this == ALL;
        }
        return pattern != null ? pattern.matcher(name).find() : name.toLowerCase(Locale.ROOT).contains(text);
    }

    /** Name, GUID, vendor, host or process. */
    public boolean matches(Participant p) {
        return any(p.displayName(), p.guid().toString(), p.vendor().name(), p.process().host(),
                p.process().processName());
    }

    /** Topic, type, entity name or GUID. */
    public boolean matches(Endpoint e) {
        return any(e.topicName(), e.typeName(), e.name(), e.guid().toString());
    }

    /** Topic name or any of its type names. */
    public boolean matches(Topic t) {
        return test(t.name()) || t.typeNames().stream().anyMatch(this);
    }

    public boolean matches(PartitionInfo p) {
        return test(p.name()) || test(p.displayName());
    }

    public boolean isAll() {
        return this == ALL;
    }

    private boolean any(String... names) {
        if (this == ALL) {
            return true;
        }
        for (String n : names) {
            if (n != null && test(n)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return pattern != null ? "regex " + pattern.pattern() : "substring \"" + text + "\"";
    }
}
