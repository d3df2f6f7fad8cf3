package org.ddstuner.samples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.AccessScope;
import org.ddstuner.dds.Qos.DestinationOrderKind;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.Qos.OwnershipKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.match.DurationText;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.system.match.PartitionMatcher;
import org.ddstuner.system.match.QosRules;
import org.ddstuner.system.match.SpecDefaults;

/**
 * Derives the QoS and partitions of a reader (or writer) the tool creates so that it matches every
 * discovered writer (or reader) of a topic: otherwise DDS silently never connects them. Per policy the
 * reader requests the least any writer offers (the writer offers the most any reader requests); partitions
 * are the union of the peers'. Where no single value fits every peer (ownership kinds differ, partition
 * patterns, representations), the choice and the peers left out are written in the notes.
 */
public final class QosDeriver {

    /**
     * Reader history by default: KEEP_LAST of this depth per instance. A monitoring tool must never slow the
     * system it watches: a reliable KEEP_ALL reader that falls behind makes reliable writers wait, a
     * KEEP_LAST one drops its oldest samples instead (counted, and said in the notes). The depth absorbs
     * bursts while the drain thread catches up; KEEP_ALL remains one edit away for whoever wants every sample.
     */
    public static final int READER_DEPTH = 5_000;
    /** Resource limit of a KEEP_ALL reader history (when the person chooses it): bounds libddsc's cache. */
    public static final int READER_MAX_SAMPLES = 20_000;
    /** KEEP_LAST depth of a reader in READ mode, whose cache keeps what it read. */
    public static final int READ_DEPTH = 100;
    /** Writer history depth (what late-joining transient-local readers get per instance). */
    static final int WRITER_DEPTH = 10;
    private static final Duration MAX_BLOCKING = Duration.ofMillis(100);

    private QosDeriver() {
    }

    /** A reader QoS matching every alive writer of {@code topic} of an application (not of a DDS Tuner). */
    public static DerivedQos forReader(SystemSnapshot snapshot, String topic) {
        List<Endpoint> writers = peers(snapshot, topic, false);
        List<String> notes = new ArrayList<>();
        if (writers.isEmpty()) {
            notes.add("No writer of '" + topic + "' is discovered: a best-effort, volatile reader matches any writer "
                    + "that appears; partitions are taken from the topic's readers.");
            Qos q = deepKeepLast(Qos.EMPTY.withBestEffort().withDurability(DurabilityKind.VOLATILE));
            return new DerivedQos(q, partitions(peers(snapshot, topic, true), notes), notes, List.of(), false);
        }
        Qos q = Qos.EMPTY;
        boolean allReliable = writers.stream().allMatch(w -> SpecDefaults.reliability(w.qos(), true) == ReliabilityKind.RELIABLE);
        q = allReliable ? q.with(new Qos.Reliability(ReliabilityKind.RELIABLE, MAX_BLOCKING)) : q.withBestEffort();
        if (!allReliable && writers.stream().anyMatch(w -> SpecDefaults.reliability(w.qos(), true) == ReliabilityKind.RELIABLE)) {
            notes.add("Best-effort: " + names(writers, w -> SpecDefaults.reliability(w.qos(), true) == ReliabilityKind.BEST_EFFORT)
                    + " offer only best-effort, so samples of the reliable writers may be lost too.");
        }
        DurabilityKind dur = writers.stream().map(w -> SpecDefaults.durability(w.qos())).min(Comparator.naturalOrder())
                .orElseThrow();
        if (dur.compareTo(DurabilityKind.TRANSIENT_LOCAL) > 0) {
            notes.add("Writers offer " + dur + " durability; the reader asks for TRANSIENT_LOCAL (Cyclone serves "
                    + "history from the writers themselves).");
            dur = DurabilityKind.TRANSIENT_LOCAL;
        }
        q = q.withDurability(dur);
        if (dur == DurabilityKind.TRANSIENT_LOCAL) {
            notes.add("Transient-local: the reader receives the writers' history on joining.");
        }
        q = deepKeepLast(q);
        notes.add("History: keep last " + READER_DEPTH + " per instance, so the tool never slows the writers; should it "
                + "fall that far behind, it drops its oldest samples (choose keep-all to get every sample, at the "
                + "cost of making reliable writers wait for the tool).");
        Duration deadline = max(writers, w -> SpecDefaults.deadline(w.qos()));
        if (!Qos.isInfinite(deadline)) {
            q = q.with(new Qos.Deadline(deadline));
            notes.add("Deadline " + DurationText.format(deadline) + ": the longest period any writer promises.");
        }
        Duration budget = max(writers, w -> SpecDefaults.latencyBudget(w.qos()));
        if (!budget.isZero()) {
            q = q.with(new Qos.LatencyBudget(budget));
        }
        Duration lease = max(writers, w -> SpecDefaults.leaseDuration(w.qos()));
        if (!Qos.isInfinite(lease)) {
            q = q.with(new Qos.Liveliness(LivelinessKind.AUTOMATIC, lease));
        }
        OwnershipKind own = ownership(writers, notes);
        if (own == OwnershipKind.EXCLUSIVE) {
            q = q.with(new Qos.Ownership(own));
            notes.add("Exclusive ownership: per instance only the strongest writer's samples are delivered.");
        }
        DestinationOrderKind order = writers.stream().map(w -> SpecDefaults.destinationOrder(w.qos()))
                .min(Comparator.naturalOrder()).orElseThrow();
        if (order != DestinationOrderKind.BY_RECEPTION_TIMESTAMP) {
            q = q.with(new Qos.DestinationOrder(order));
        }
        Qos.Presentation pres = presentation(writers, false);
        if (pres != null) {
            q = q.with(pres);
        }
        Set<Short> reps = new TreeSet<>();
        writers.forEach(w -> reps.add(w.dataRepresentations().get(0)));
        if (reps.contains(Qos.XML)) {
            notes.add("A writer uses the XML data representation, which Cyclone cannot read: " + names(writers,
                    w -> w.dataRepresentations().get(0) == Qos.XML) + ".");
            reps.remove(Qos.XML);
        }
        if (!reps.isEmpty()) {
            q = q.with(new Qos.DataRepresentation(List.copyOf(reps)));
        }
        List<String> parts = partitions(writers, notes);
        return finish(q, parts, notes, writers, false);
    }

    /** KEEP_LAST {@link #READER_DEPTH}: never holds up the monitored writers. */
    static Qos deepKeepLast(Qos q) {
        return q.withKeepLast(READER_DEPTH);
    }

    /** KEEP_ALL bounded by {@link #READER_MAX_SAMPLES}. */
    static Qos keepAll(Qos q) {
        return q.withKeepAll().with(new Qos.ResourceLimits(READER_MAX_SAMPLES, -1, -1));
    }

    /**
     * A reader QoS for READ mode: what is read stays in libddsc's cache, so a KEEP_ALL history would fill up
     * and hold up reliable writers; KEEP_LAST {@link #READ_DEPTH} per instance instead (other policies kept).
     */
    public static Qos forReadMode(Qos q) {
        if (q.history() == null || q.history().kind() != Qos.HistoryKind.KEEP_ALL) {
            return q;
        }
        return q.withKeepLast(READ_DEPTH).with((Qos.ResourceLimits) null);
    }

    /**
     * A writer QoS matching every alive reader of {@code topic} of an application (not of a DDS Tuner).
     *
     * @param type the topic's type if known (decides whether XCDR1 is possible); may be {@code null}
     */
    public static DerivedQos forWriter(SystemSnapshot snapshot, String topic, ResolvedType type) {
        List<Endpoint> readers = peers(snapshot, topic, true);
        List<String> notes = new ArrayList<>();
        // XCDR1 for non-final types only through the XCDR1 view (XcdrSupport), i.e. @appendable without
        // @mutable or @optional anywhere
        boolean xcdr2Only = type != null && type.needsXcdr2() && !XcdrSupport.xcdr1Possible(type);
        boolean prefer2 = type != null && type.needsXcdr2();
        Qos q = Qos.EMPTY.withKeepLast(WRITER_DEPTH);
        if (readers.isEmpty()) {
            notes.add("No reader of '" + topic + "' is discovered: a reliable, volatile writer in the default "
                    + "partition.");
            q = q.with(new Qos.Reliability(ReliabilityKind.RELIABLE, MAX_BLOCKING)).withDurability(DurabilityKind.VOLATILE)
                    .with(new Qos.DataRepresentation(List.of(prefer2 ? Qos.XCDR2 : Qos.XCDR1)));
            return new DerivedQos(q, partitions(peers(snapshot, topic, false), notes), notes, List.of(), false);
        }
        ReliabilityKind rel = readers.stream().map(r -> SpecDefaults.reliability(r.qos(), false))
                .max(Comparator.naturalOrder()).orElseThrow();
        q = rel == ReliabilityKind.RELIABLE ? q.with(new Qos.Reliability(rel, MAX_BLOCKING)) : q.withBestEffort();
        DurabilityKind dur = readers.stream().map(r -> SpecDefaults.durability(r.qos())).max(Comparator.naturalOrder())
                .orElseThrow();
        if (dur.compareTo(DurabilityKind.TRANSIENT_LOCAL) > 0) {
            notes.add(names(readers, r -> SpecDefaults.durability(r.qos()).compareTo(DurabilityKind.TRANSIENT_LOCAL) > 0)
                    + " request " + dur + " durability, which needs a durability service: not offered.");
            dur = DurabilityKind.TRANSIENT_LOCAL;
        }
        q = q.withDurability(dur);
        Duration deadline = min(readers, r -> SpecDefaults.deadline(r.qos()));
        if (!Qos.isInfinite(deadline)) {
            q = q.with(new Qos.Deadline(deadline));
            notes.add("Deadline " + DurationText.format(deadline) + ": readers expect a sample per instance at least "
                    + "that often, or they report missed deadlines.");
        }
        Duration budget = min(readers, r -> SpecDefaults.latencyBudget(r.qos()));
        if (!budget.isZero()) {
            q = q.with(new Qos.LatencyBudget(budget));
        }
        LivelinessKind lk = readers.stream().map(r -> SpecDefaults.livelinessKind(r.qos())).max(Comparator.naturalOrder())
                .orElseThrow();
        Duration lease = min(readers, r -> SpecDefaults.leaseDuration(r.qos()));
        if (lk != LivelinessKind.AUTOMATIC || !Qos.isInfinite(lease)) {
            q = q.with(new Qos.Liveliness(lk, lease));
        }
        OwnershipKind own = ownership(readers, notes);
        if (own == OwnershipKind.EXCLUSIVE) {
            q = q.with(new Qos.Ownership(own));
            notes.add("Exclusive ownership: readers deliver our samples only if we are the strongest writer "
                    + "(strength 0 unless edited).");
        }
        DestinationOrderKind order = readers.stream().map(r -> SpecDefaults.destinationOrder(r.qos()))
                .max(Comparator.naturalOrder()).orElseThrow();
        if (order != DestinationOrderKind.BY_RECEPTION_TIMESTAMP) {
            q = q.with(new Qos.DestinationOrder(order));
        }
        Qos.Presentation pres = presentation(readers, true);
        if (pres != null) {
            q = q.with(pres);
        }
        q = q.with(new Qos.DataRepresentation(List.of(representation(readers, xcdr2Only, prefer2, notes))));
        if (xcdr2Only && !readers.stream().allMatch(r -> r.dataRepresentations().contains(Qos.XCDR2))) {
            notes.add(XcdrSupport.whyNoXcdr1Writer(type));
        }
        return finish(q, partitions(readers, notes), notes, readers, true);
    }

    /**
     * The XCDR version to write: XCDR1 for a final type and XCDR2 for others (as Cyclone), unless a reader does
     * not accept it and the other one is possible.
     */
    private static short representation(List<Endpoint> readers, boolean xcdr2Only, boolean prefer2,
            List<String> notes) {
        List<Short> candidates = xcdr2Only ? List.of(Qos.XCDR2)
                : prefer2 ? List.of(Qos.XCDR2, Qos.XCDR1) : List.of(Qos.XCDR1, Qos.XCDR2);
        for (short c : candidates) {
            if (readers.stream().allMatch(r -> r.dataRepresentations().contains(c))) {
                return c;
            }
        }
        short best = candidates.stream().max(Comparator.comparingLong(
                c -> readers.stream().filter(r -> r.dataRepresentations().contains(c)).count())).orElseThrow();
        notes.add("No data representation is accepted by every reader: writing "
                + SpecDefaults.dataRepresentationName(best) + "; " + names(readers,
                        r -> !r.dataRepresentations().contains(best)) + " will not match.");
        return best;
    }

    /** Verifies the result against every peer and notes the ones it still cannot match. */
    private static DerivedQos finish(Qos q, List<String> partitions, List<String> notes, List<Endpoint> peers,
            boolean writer) {
        boolean conflicts = false;
        for (Endpoint p : peers) {
            List<String> why = new ArrayList<>((writer ? QosRules.check(p.qos(), q) : QosRules.check(q, p.qos()))
                    .stream().map(MismatchReason::explanation).toList());
            if (!PartitionMatcher.share(partitions, p.partitions())) {
                why.add("no common partition with " + p.partitions());
            }
            if (!why.isEmpty()) {
                conflicts = true;
                notes.add("Will not match " + describe(p) + ": " + String.join("; ", why) + ".");
            }
        }
        return new DerivedQos(q, partitions, notes, peers.stream().map(Endpoint::guid).toList(), conflicts);
    }

    /** The union of the peers' partition names; patterns cannot be joined (two patterns never match). */
    private static List<String> partitions(List<Endpoint> peers, List<String> notes) {
        Set<String> names = new LinkedHashSet<>();
        Set<String> plain = new LinkedHashSet<>();
        peers.forEach(p -> p.partitions().stream().filter(n -> !PartitionMatcher.isPattern(n)).forEach(plain::add));
        for (Endpoint p : peers) {
            for (String n : p.partitions()) {
                if (!PartitionMatcher.isPattern(n)) {
                    names.add(n);
                    continue;
                }
                List<String> concrete = plain.stream().filter(c -> PartitionMatcher.namesMatch(n, c)).toList();
                if (concrete.isEmpty()) {
                    notes.add(describe(p) + " uses the partition pattern '" + n + "'; a pattern never matches "
                            + "another pattern, so give a concrete partition name that it matches.");
                } else {
                    names.addAll(concrete);
                }
            }
        }
        if (names.isEmpty()) {
            names.add("");
        }
        if (names.size() > 1) {
            notes.add("Partitions " + names.stream().map(n -> n.isEmpty() ? "(default)" : "'" + n + "'").toList()
                    + ": the union of the peers' partitions.");
        }
        return List.copyOf(names);
    }

    /** Ownership must be equal on both sides: the kind most peers use (SHARED on a tie). */
    private static OwnershipKind ownership(List<Endpoint> peers, List<String> notes) {
        long exclusive = peers.stream().filter(p -> SpecDefaults.ownership(p.qos()) == OwnershipKind.EXCLUSIVE).count();
        OwnershipKind kind = exclusive * 2 > peers.size() ? OwnershipKind.EXCLUSIVE : OwnershipKind.SHARED;
        if (exclusive > 0 && exclusive < peers.size()) {
            notes.add("Peers disagree on ownership; using " + kind + ", so " + names(peers,
                    p -> SpecDefaults.ownership(p.qos()) != kind) + " will not match.");
        }
        return kind;
    }

    /** Reader: the least scope/flags every writer offers; writer: the most any reader requests. */
    private static Qos.Presentation presentation(List<Endpoint> peers, boolean writer) {
        List<Qos.Presentation> ps = peers.stream().map(p -> SpecDefaults.presentation(p.qos())).toList();
        AccessScope scope = writer ? ps.stream().map(Qos.Presentation::accessScope).max(Comparator.naturalOrder()).orElseThrow()
                : ps.stream().map(Qos.Presentation::accessScope).min(Comparator.naturalOrder()).orElseThrow();
        boolean coherent = writer ? ps.stream().anyMatch(Qos.Presentation::coherentAccess)
                : ps.stream().allMatch(Qos.Presentation::coherentAccess);
        boolean ordered = writer ? ps.stream().anyMatch(Qos.Presentation::orderedAccess)
                : ps.stream().allMatch(Qos.Presentation::orderedAccess);
        if (scope == AccessScope.INSTANCE && !coherent && !ordered) {
            return null;
        }
        return new Qos.Presentation(scope, coherent, ordered);
    }

    /**
     * The applications' endpoints on the topic: neither ours nor another DDS Tuner's ({@link Endpoint#hidden()}).
     * Another instance's probe reader or test writer must not dictate the QoS (e.g. its TRANSIENT_LOCAL reader
     * would make our writer keep history nobody in the application asked for).
     */
    private static List<Endpoint> peers(SystemSnapshot snapshot, String topic, boolean readers) {
        return snapshot.endpoints().stream()
                .filter(e -> e.topicName().equals(topic) && e.alive() && !e.hidden() && e.isReader() == readers).toList();
    }

    private static Duration max(List<Endpoint> eps, Function<Endpoint, Duration> f) {
        return eps.stream().map(f).max(Comparator.naturalOrder()).orElseThrow();
    }

    private static Duration min(List<Endpoint> eps, Function<Endpoint, Duration> f) {
        return eps.stream().map(f).min(Comparator.naturalOrder()).orElseThrow();
    }

    private static String names(List<Endpoint> eps, java.util.function.Predicate<Endpoint> which) {
        List<String> n = eps.stream().filter(which).map(QosDeriver::describe).toList();
        return n.size() == 1 ? n.get(0) : n.toString();
    }

    static String describe(Endpoint e) {
        return e.kind().text() + " " + (e.name() != null ? "'" + e.name() + "' " : "") + e.guid();
    }
}
