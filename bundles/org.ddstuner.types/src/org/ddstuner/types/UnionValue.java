package org.ddstuner.types;

/**
 * The value of a union sample: the discriminator (as a number, like {@link UnionCase#labels()}) and the
 * selected branch's member name and value; {@code member} and {@code value} are null when no branch is
 * selected (a discriminator value without case and no default branch).
 */
public record UnionValue(long discriminator, String member, Object value) {
}
