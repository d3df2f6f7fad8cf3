package org.ddstuner.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of {@code pother} and {@code pother-run} on top of the shared {@link CliOptions}: they are
 * taken out first, the rest goes to {@link CliOptions#parse}.
 */
final class PotherOptions {

    final Map<String, String> values = new LinkedHashMap<>();
    final List<String> flags = new ArrayList<>();
    CliOptions common;

    static PotherOptions parse(List<String> args, List<String> valued, List<String> flagNames) {
        PotherOptions o = new PotherOptions();
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (valued.contains(a)) {
                if (i + 1 >= args.size()) {
                    throw new CliException(Main.EXIT_USAGE, a + " needs a value.");
                }
                o.values.put(a, args.get(++i));
            } else if (flagNames.contains(a)) {
                o.flags.add(a);
            } else {
                rest.add(a);
            }
        }
        o.common = CliOptions.parse(rest);
        return o;
    }

    boolean has(String option) {
        return values.containsKey(option) || flags.contains(option);
    }

    String string(String option, String dflt) {
        return values.getOrDefault(option, dflt);
    }

    int integer(String option, int dflt, int min, int max) {
        String v = values.get(option);
        if (v == null) {
            return dflt;
        }
        return OptionValues.wholeNumber(option, v.trim(), min, max);
    }

    double number(String option, double dflt) {
        return number(option, dflt, Double.MAX_VALUE);
    }

    /** A number from 0 to {@code max}: seconds beyond a year would overflow the nanosecond deadlines. */
    double number(String option, double dflt, double max) {
        String v = values.get(option);
        if (v == null) {
            return dflt;
        }
        return OptionValues.nonNegative(option, v, "a number", max);
    }
}
