package org.ddstuner.cli;

/** A failure with an exit code and a message for the person at the terminal (no stack trace). */
final class CliException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
