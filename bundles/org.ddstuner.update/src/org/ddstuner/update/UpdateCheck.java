package org.ddstuner.update;

import java.net.URI;

import org.eclipse.equinox.p2.operations.UpdateOperation;

/**
 * The outcome of looking for a newer build: what is installed, what the site offers, and the resolved
 * operation that installs it ({@link Updater#install}).
 *
 * @param kind      what was found
 * @param installed the installed product's version with its build qualifier (null when not installed with p2)
 * @param available the newer product version on the site (null unless {@link Kind#UPDATE_AVAILABLE})
 * @param site      the repository looked at
 * @param message   a sentence for people (why it failed, or what was found)
 * @param operation the resolved update (null unless {@link Kind#UPDATE_AVAILABLE})
 */
public record UpdateCheck(Kind kind, String installed, String available, URI site, String message,
        UpdateOperation operation) {

    public enum Kind {
        UPDATE_AVAILABLE, UP_TO_DATE, NOT_INSTALLED, FAILED
    }
}
