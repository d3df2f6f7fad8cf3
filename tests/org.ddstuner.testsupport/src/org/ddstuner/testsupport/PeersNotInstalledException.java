package org.ddstuner.testsupport;

/** The Python venv holding the foreign peers' DDS stacks is missing: say how to install it. */
public final class PeersNotInstalledException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    PeersNotInstalledException(String message) {
        super(message);
    }
}
