package org.ddstuner.types.compare;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnknownTypeException;

/**
 * Compares two versions of a type, e.g. the types two writers of one topic were built with:
 *
 * <pre>{@code
 * ComparisonResult r = TypeComparison.compare(libA, "tuner::SensorReading", libB, "tuner::SensorReading");
 * r.differences();        // member added/removed/renamed, type, key, optional, bounds, enum literals…
 * r.bIntoA().assignable(); // can a reader of A take data from a writer of B (XTypes 1.3 §7.2.4)
 * }</pre>
 *
 * The assignability verdicts follow the rules Cyclone DDS applies when matching a reader and a writer
 * whose types differ (final, appendable and mutable structs, unions, enums, bitmasks, collections),
 * with the default TypeConsistencyEnforcement QoS. Headless, no I/O; never throws for unknown
 * referenced types (they become a difference and a "not assignable" reason).
 */
public final class TypeComparison {

    private TypeComparison() {
    }

    /** {@link #compare(TypeLibrary, String, TypeLibrary, String, String, String)} with the labels "A" and "B". */
    public static ComparisonResult compare(TypeLibrary a, String typeA, TypeLibrary b, String typeB) {
        return compare(a, typeA, b, typeB, "A", "B");
    }

    /**
     * @param labelA how the sentences name the first type ("A", "the writer's type", "type 1"…)
     * @param labelB how they name the second
     * @throws UnknownTypeException if {@code typeA} is not in {@code a} or {@code typeB} not in {@code b}
     */
    public static ComparisonResult compare(TypeLibrary a, String typeA, TypeLibrary b, String typeB, String labelA,
            String labelB) {
        DdsType ta = a.get(typeA);
        DdsType tb = b.get(typeB);
        var differences = new DifferenceFinder(a, labelA, b, labelB).find(ta, tb);
        Assignability bIntoA = verdict(new AssignabilityChecker(a, b).check(new TypeRef(typeA), new TypeRef(typeB)));
        Assignability aIntoB = verdict(new AssignabilityChecker(b, a).check(new TypeRef(typeB), new TypeRef(typeA)));
        return new ComparisonResult(a.get(typeA).name(), b.get(typeB).name(),
                differences, bIntoA, aIntoB);
    }

    private static Assignability verdict(String reason) {
        return reason == null ? Assignability.YES : Assignability.no(TypeText.capitalized(reason));
    }
}
