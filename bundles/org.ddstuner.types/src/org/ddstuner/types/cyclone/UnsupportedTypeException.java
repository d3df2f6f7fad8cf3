package org.ddstuner.types.cyclone;

/**
 * A type (or one member of it) that libddsc 0.10.2 cannot represent as a topic descriptor, e.g.
 * {@code long double}, {@code wchar}/{@code wstring}, a {@code @mutable} union, a recursive type, or a
 * key of a kind idlc refuses (a sequence, a union, an array of strings or structs).
 */
public final class UnsupportedTypeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String memberPath;

    /**
     * @param memberPath where: {@code "Type.member.sub"} (the type's scoped name, then member names)
     * @param reason     why, in words a person can act on
     */
    public UnsupportedTypeException(String memberPath, String reason) {
        super(memberPath + ": " + reason);
        this.memberPath = memberPath;
    }

    /** The type and member path the problem was found at, e.g. {@code "M::T.pose.cov"}. */
    public String memberPath() {
        return memberPath;
    }
}
