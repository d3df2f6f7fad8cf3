package org.ddstuner.types;

/** A scoped name that a {@link TypeLibrary} does not hold. */
public class UnknownTypeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String typeName;

    public UnknownTypeException(String typeName) {
        super("unknown type '" + typeName + "'");
        this.typeName = typeName;
    }

    public UnknownTypeException(String typeName, String message) {
        super(message);
        this.typeName = typeName;
    }

    public String typeName() {
        return typeName;
    }
}
