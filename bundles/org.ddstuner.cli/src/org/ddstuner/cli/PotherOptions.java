package org.ddstuner.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The own options of {@code pother}, {@code pother-run} and {@code pother-runs} as given on the command line (by
 * long name, as text; flags by name), next to the shared {@link CliOptions}: {@link PotherRunSettings} checks
 * and converts them, with defaults that depend on other options (e.g. {@code --size} on {@code --throughput}).
 */
final class PotherOptions {

    final Map<String, String> values = new LinkedHashMap<>();
    final List<String> flags = new ArrayList<>();
    final CliOptions common;

    private PotherOptions(CliOptions common) {
        this.common = common;
    }

    /** The options the parser matched for one command (its shared ones are in {@code common} too). */
    static PotherOptions of(ParseResult parsed, CliOptions common) {
        PotherOptions o = new PotherOptions(common);
        for (OptionSpec option : parsed.matchedOptions()) {
            Object v = option.getValue();
            if (v instanceof Boolean b) {
                if (b) {
                    o.flags.add(option.longestName());
                }
            } else if (v instanceof String s) {
                o.values.put(option.longestName(), s);
            }
        }
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
