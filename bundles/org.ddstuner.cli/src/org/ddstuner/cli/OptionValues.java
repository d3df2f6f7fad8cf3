package org.ddstuner.cli;

/** Numbers given to command-line options, checked the same way (and with the same usage errors) everywhere. */
final class OptionValues {

    private OptionValues() {
    }

    /** {@code v} as a whole number from {@code min} to {@code max}; else a usage error naming {@code option}. */
    static int wholeNumber(String option, String v, int min, int max) {
        try {
            int n = Integer.parseInt(v);
            if (n < min || n > max) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new CliException(Main.EXIT_USAGE, option + " takes a whole number from " + min + " to " + max
                    + ", not \"" + v + "\".");
        }
    }

    /**
     * {@code v} as a finite number ≥ 0 (white space around it is allowed); else a usage error saying the option
     * takes {@code what}, e.g. "a number of seconds".
     */
    static double nonNegative(String option, String v, String what) {
        return nonNegative(option, v, what, Double.MAX_VALUE);
    }

    /** As {@link #nonNegative(String, String, String)}, and at most {@code max} (the message names it). */
    static double nonNegative(String option, String v, String what, double max) {
        try {
            double d = Double.parseDouble(v);
            if (d < 0 || d > max || Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new CliException(Main.EXIT_USAGE, option + " takes " + what + " ≥ 0"
                    + (max < Double.MAX_VALUE ? " and ≤ " + (long) max : "") + ", not \"" + v + "\".");
        }
    }
}
