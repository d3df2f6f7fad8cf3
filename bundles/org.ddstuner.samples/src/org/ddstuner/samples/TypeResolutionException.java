package org.ddstuner.samples;

import java.util.List;
import java.util.stream.Collectors;

/** No source gave a type for the topic; {@link #attempts()} says why for each. */
public final class TypeResolutionException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final transient List<ResolutionAttempt> attempts;

    public TypeResolutionException(String topic, List<ResolutionAttempt> attempts) {
        super("No type for topic '" + topic + "': " + (attempts.isEmpty() ? "no source was tried"
                : attempts.stream().map(ResolutionAttempt::toString).collect(Collectors.joining("; "))));
        this.attempts = List.copyOf(attempts);
    }

    public List<ResolutionAttempt> attempts() {
        return attempts;
    }
}
