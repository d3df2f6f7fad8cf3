package org.ddstuner.dds;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A well-formed Cyclone configuration that Cyclone refused while creating the domain (an unknown element, a
 * value it cannot parse). The message is "Cyclone rejected the configuration: " and Cyclone's own words, e.g.
 * "config: //CycloneDDS/Domain: Foo: unknown element (line 1)"; {@link #errors()} has them one by one, and
 * {@link #line()} is the line of the first one when Cyclone named it.
 */
public class ConfigRejectedException extends InvalidConfigException {

    private static final long serialVersionUID = 1L;
    /** Cyclone names an XML string given to dds_create_domain "CYCLONEDDS_URI+0": the user never wrote that. */
    private static final Pattern WHERE = Pattern.compile("\\s*\\(CYCLONEDDS_URI\\+\\d+ line (\\d+)\\)\\s*$");

    private final List<String> errors;

    public ConfigRejectedException(List<String> cycloneErrors, Throwable cause) {
        this(cycloneErrors.stream().map(ConfigRejectedException::readable).toList(), lineOf(cycloneErrors), cause);
    }

    private ConfigRejectedException(List<String> errors, int line, Throwable cause) {
        super("Cyclone rejected the configuration: " + String.join("; ", errors), line, -1, cause);
        this.errors = List.copyOf(errors);
    }

    /** Cyclone's messages, e.g. "config: //CycloneDDS/Domain/General/MaxMessageSize/#text: abc: invalid value (line 1)". */
    public List<String> errors() {
        return errors;
    }

    static String readable(String cycloneError) {
        Matcher m = WHERE.matcher(cycloneError);
        return m.find() ? cycloneError.substring(0, m.start()) + " (line " + m.group(1) + ")" : cycloneError;
    }

    private static int lineOf(List<String> cycloneErrors) {
        for (String e : cycloneErrors) {
            Matcher m = WHERE.matcher(e);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return -1;
    }
}
