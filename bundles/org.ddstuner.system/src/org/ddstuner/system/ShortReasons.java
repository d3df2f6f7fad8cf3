package org.ddstuner.system;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The match reasons of {@link MatchExplainer} and its QoS rules said in a few words for a table column, the
 * policy first: "reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE" becomes
 * "durability: reader TRANSIENT_LOCAL &gt; writer VOLATILE". A reason of another form is kept as it is (the
 * full sentences stay in {@link Problem#message()}).
 */
final class ShortReasons {

    /** "reader requests RELIABLE reliability, writer offers BEST_EFFORT" (also destination order, scope). */
    private static final Pattern KIND = Pattern.compile(
            "reader requests (\\S+) (reliability|durability|liveliness|ownership|destination order|presentation scope),"
                    + " writer offers (\\S+)");
    /** "reader requests a deadline of 1 s, writer offers only 2 s" (also latency budget, liveliness lease). */
    private static final Pattern PERIOD = Pattern.compile(
            "reader requests an? (deadline|latency budget|liveliness lease) of (.+), writer offers (?:only )?(.+)");
    private static final Pattern ACCESS = Pattern.compile("reader requests (coherent|ordered) access, writer does not "
            + "offer it");
    private static final Pattern REPRESENTATION = Pattern.compile(
            "reader accepts data representation (.+), writer uses (\\S+)");

    private ShortReasons() {
    }

    /** Each reason (and each part of a reason joined with "; ") shortened, joined with "; ". */
    static String of(List<String> reasons) {
        List<String> out = new ArrayList<>();
        for (String r : reasons) {
            int aside = r.indexOf(" (they may still be assignable"); // type name differs: keep the names only
            for (String part : (aside > 0 ? r.substring(0, aside) : r).split("; ")) {
                out.add(shorten(part));
            }
        }
        return String.join("; ", out);
    }

    static String shorten(String reason) {
        Matcher m = KIND.matcher(reason);
        if (m.matches()) {
            String rel = m.group(2).equals("ownership") ? " ≠ " : " > ";
            return m.group(2) + ": reader " + m.group(1) + rel + "writer " + m.group(3);
        }
        m = PERIOD.matcher(reason);
        if (m.matches()) {
            return m.group(1) + ": reader " + m.group(2) + " < writer " + m.group(3);
        }
        m = ACCESS.matcher(reason);
        if (m.matches()) {
            return m.group(1) + " access: writer does not offer it";
        }
        m = REPRESENTATION.matcher(reason);
        if (m.matches()) {
            return "data representation: reader " + m.group(1) + ", writer " + m.group(2);
        }
        return reason;
    }
}
