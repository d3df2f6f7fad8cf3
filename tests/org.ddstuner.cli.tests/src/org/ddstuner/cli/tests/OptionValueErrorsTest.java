package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ddstuner.cli.tests.CliTest.Result;
import org.junit.jupiter.api.Test;

/**
 * A bad number given to an option is a usage error (exit 2) that names the option, what it takes and the value
 * as given; every command checks its numbers the same way. The options are checked before any DDS entity exists.
 */
class OptionValueErrorsTest {

    @Test
    void badNumbersNameTheOptionWhatItTakesAndTheValue() {
        usageError("--domain takes a whole number from 0 to 232, not \"233\".", "ls", "--domain", "233");
        usageError("--domain takes a whole number from 0 to 232, not \" 7\".", "ls", "--domain", " 7");
        usageError("--wait takes a number of seconds ≥ 0, not \"-1\".", "ls", "--wait", "-1");
        usageError("--duration takes a number of seconds ≥ 0, not \"NaN\".", "demo", "--duration", "NaN");
        usageError("--timeout takes a number ≥ 0, not \"soon\".", "subscribe", "T", "--timeout", "soon");
        usageError("--rate takes a number ≥ 0, not \"1e400\".", "publish", "T", "--rate", "1e400");
        usageError("--count takes a whole number ≥ 0, not \"-3\".", "subscribe", "T", "--count", "-3");
        usageError("--app-id takes a whole number from 0 to 2147483647, not \"x\".", "pother", "--app-id", "x");
        usageError("--transceiver-app takes a whole number from 0 to 2147483647, not \"-1\".", "pother-run",
                "--transceiver-app", " -1 ");
    }

    private static void usageError(String message, String... args) {
        Result r = CliTest.run(args);
        assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err() + r.out());
        assertTrue(r.err().contains(message), String.join(" ", args) + ": " + r.err());
    }
}
