package org.ddstuner.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.TopicDescriptor;

/**
 * Which descriptor and data representations the tool's reader or writer uses for a type, where libddsc
 * 0.10.x and the peers disagree. libddsc takes XCDR1 only for types whose ops need no XCDR2 (every struct
 * and union {@code @final}, no {@code @optional}: {@code dds_stream_minimum_xcdr_version}) and refuses a
 * reader or writer asking for XCDR1 otherwise ({@code dds_create_reader: Bad Parameter}). RTI Connext and
 * Fast DDS write their {@code @appendable} types in XCDR1 by default, so for an appendable type without
 * blockers ({@link ResolvedType#xcdr1Blocker()}) the tool uses its XCDR1 view
 * ({@link ResolvedType#xcdr1Descriptor()}: appendable made final in the ops, the real type information), which
 * reads and writes XCDR1 data byte for byte. What is left (XCDR1 of {@code @mutable} types or with
 * {@code @optional} members) libddsc 0.10.2 cannot do: {@link UnsupportedRepresentationException} says so.
 * docs/EXTENSIBILITY.md has the whole table.
 */
final class XcdrSupport {

    /** The descriptor and QoS a reader is created with, and what the choice leaves out. */
    record ReaderPlan(TopicDescriptor descriptor, Qos qos, List<String> notes) {
    }

    private XcdrSupport() {
    }

    /**
     * @throws UnsupportedRepresentationException when the reader would have to take XCDR1 (all writers offer
     *                                            only that) of a type libddsc cannot read in XCDR1
     */
    static ReaderPlan forReader(ResolvedType type, Qos q) {
        List<Short> ids = q.dataRepresentation() == null ? List.of() : q.dataRepresentation().ids();
        if (type.isRaw() || !type.needsXcdr2() || !ids.contains(Qos.XCDR1)) {
            return new ReaderPlan(type.descriptor(), q, List.of());
        }
        Optional<String> blocker = blocker(type, false);
        boolean with2 = ids.contains(Qos.XCDR2);
        List<String> notes = new ArrayList<>();
        if (blocker.isEmpty() && !with2) {
            return new ReaderPlan(type.xcdr1Descriptor(), q, List.of("XCDR1: " + type.typeName() + " is read with "
                    + "its XCDR1 view (@appendable laid out as @final, as XCDR1 does), as " + library()
                    + " refuses XCDR1 for @appendable types."));
        }
        if (!with2) {
            throw new UnsupportedRepresentationException(cannot("read", type, blocker.orElseThrow())
                    + " Its writers offer XCDR1 only; writers offering XCDR2 can be read.");
        }
        // writers in both representations: one reader takes one of them for a non-final type
        Qos q2 = q.with(new Qos.DataRepresentation(List.of(Qos.XCDR2)));
        notes.add("XCDR2 only: writers offering XCDR1 are not read. " + (blocker.isPresent()
                ? cannot("read", type, blocker.get())
                : "With " + library() + " a reader of the @appendable " + type.typeName() + " takes one "
                        + "representation: XCDR1 only through its XCDR1 view, which cannot parse XCDR2 data."));
        return new ReaderPlan(type.descriptor(), q2, notes);
    }

    /**
     * The descriptor a writer of {@code version} uses.
     *
     * @throws UnsupportedRepresentationException for XCDR1 of a type libddsc cannot write in XCDR1
     */
    static TopicDescriptor forWriter(ResolvedType type, boolean xcdr1) {
        if (!xcdr1 || !type.needsXcdr2()) {
            return type.descriptor();
        }
        Optional<String> blocker = blocker(type, true);
        if (blocker.isPresent()) {
            throw new UnsupportedRepresentationException(cannot("write", type, blocker.get())
                    + " Write XCDR2 (its readers must accept XCDR2).");
        }
        return type.xcdr1Descriptor();
    }

    /**
     * The topic QoS for a topic made with {@code descriptor}: {@code null} (libddsc's default) for the type's
     * own descriptor; for the XCDR1 view the data representation libddsc gives the real one by default (XCDR2),
     * because in one participant a second topic of the same name and type with another data representation
     * QoS fails with Inconsistent Policy (seen with 0.10.2: a Reader view in XCDR2 and a Writer view in XCDR1).
     * Readers and writers are checked against the descriptor's ops, not this QoS, so XCDR1 endpoints still work.
     */
    static Qos topicQos(ResolvedType type, TopicDescriptor descriptor) {
        return descriptor == type.descriptor() ? null
                : Qos.EMPTY.with(new Qos.DataRepresentation(List.of(Qos.XCDR2)));
    }

    /** Whether the type can be written in XCDR1 at all (appendable through its XCDR1 view). */
    static boolean xcdr1Possible(ResolvedType type) {
        return !type.isRaw() && (!type.needsXcdr2() || blocker(type, true).isEmpty());
    }

    /**
     * What stops XCDR1 with the loaded libddsc: {@link ResolvedType#xcdr1Blocker()} for 0.10.x. libddsc 11.x
     * reads XCDR1 of @mutable types and @optional members (its ops rules allow them; measured with xtypes_peer),
     * so there the XCDR1 view only removes the @appendable it refuses; writing them in XCDR1 stays refused
     * (measured with 11.0.1: dds_write gives Bad Parameter for @optional members, and RawWriter takes no PL_CDR).
     */
    private static Optional<String> blocker(ResolvedType type, boolean writer) {
        return writer || legacy() ? type.xcdr1Blocker() : Optional.empty();
    }

    private static boolean legacy() {
        return DdsLibrary.get().majorVersion() == 0;
    }

    /** Why a writer of a type without an XCDR1 view cannot serve XCDR1-only readers. */
    static String whyNoXcdr1Writer(ResolvedType type) {
        return cannot("write", type, blocker(type, true).orElse("not @final")) + " Readers accepting only XCDR1 "
                + "will not match.";
    }

    private static String cannot(String what, ResolvedType type, String blocker) {
        if (!legacy()) {
            return "DDS Tuner does not " + what + " " + type.typeName() + " in XCDR1 with " + library() + " (" + blocker
                    + "): its writer refuses XCDR1 samples with @optional members (dds_write: Bad Parameter) and the "
                    + "tool's raw writer takes no PL_CDR (XCDR1 @mutable).";
        }
        return library() + " cannot " + what + " " + type.typeName() + " in XCDR1 (" + blocker + "): it takes XCDR1 "
                + "only for @final and @appendable types without @optional members (@mutable XCDR1, PL_CDR, only for "
                + "its discovery data).";
    }

    private static String library() {
        return "libddsc " + DdsLibrary.get().version();
    }
}
