package org.ddstuner.system;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.TreeSet;

import org.ddstuner.dds.Guid;

/**
 * One topic at one version as snapshots see it: immutable, shared by every snapshot taken while the
 * topic did not change. Alive endpoints are grouped by {@link MatchSignature}; a verdict is held per
 * pair of groups, and {@link Match}es are made on demand from it, so memory and build time grow with
 * endpoints + groups², not with reader × writer pairs.
 */
final class TopicView {

    private static final Comparator<Endpoint> BY_GUID = Comparator.comparing(Endpoint::guid);

    /** The alive visible endpoints of one side, in arrival order, grouped by signature. */
    private static final class Side {
        final Endpoint[] alive;
        final int[] groupOf;
        final MatchSignature[] groupSignature;
        final int[] groupSize;
        final int[] groupFirst;
        /** Per group: how many endpoints of the other side it matches, and the nearest other group (-1: none). */
        final int[] matched;
        final int[] nearest;

        Side(List<TopicIndex.Member> members) {
            alive = new Endpoint[members.size()];
            groupOf = new int[members.size()];
            Map<MatchSignature, Integer> groups = new LinkedHashMap<>();
            List<Integer> first = new ArrayList<>();
            for (int i = 0; i < alive.length; i++) {
                TopicIndex.Member m = members.get(i);
                alive[i] = m.endpoint();
                Integer g = groups.get(m.signature());
                if (g == null) {
                    g = groups.size();
                    groups.put(m.signature(), g);
                    first.add(i);
                }
                groupOf[i] = g;
            }
            groupSignature = groups.keySet().toArray(MatchSignature[]::new);
            groupSize = new int[groupSignature.length];
            for (int g : groupOf) {
                groupSize[g]++;
            }
            groupFirst = first.stream().mapToInt(Integer::intValue).toArray();
            matched = new int[groupSignature.length];
            nearest = new int[groupSignature.length];
            Arrays.fill(nearest, -1);
        }

        Endpoint representative(int group) {
            return alive[groupFirst[group]];
        }
    }

    final String name;
    private final Topic topic;
    private final List<Endpoint> endpoints;
    private final Side readers;
    private final Side writers;
    /** Index of each alive visible endpoint in its side's {@code alive}. */
    private final Map<Guid, Integer> position;
    /** [reader group][writer group]. */
    private final Verdict[][] verdicts;

    private TopicView(String name, Topic topic, List<Endpoint> endpoints, Side readers, Side writers,
            Map<Guid, Integer> position, Verdict[][] verdicts) {
        this.name = name;
        this.topic = topic;
        this.endpoints = endpoints;
        this.readers = readers;
        this.writers = writers;
        this.position = position;
        this.verdicts = verdicts;
    }

    /** Builds the view of a captured topic; runs outside the model's lock. */
    static TopicView build(TopicIndex.Capture c, boolean includeOwn, Verdict.Cache cache) {
        List<Endpoint> visibleReaders = new ArrayList<>(c.readers().length);
        List<Endpoint> visibleWriters = new ArrayList<>(c.writers().length);
        List<TopicIndex.Member> aliveReaders = new ArrayList<>(c.readers().length);
        List<TopicIndex.Member> aliveWriters = new ArrayList<>(c.writers().length);
        filter(c.readers(), includeOwn, visibleReaders, aliveReaders);
        filter(c.writers(), includeOwn, visibleWriters, aliveWriters);
        visibleReaders.sort(BY_GUID);
        visibleWriters.sort(BY_GUID);
        String name = c.index().name;

        TreeSet<String> types = new TreeSet<>();
        List<Endpoint> endpoints = new ArrayList<>(visibleReaders.size() + visibleWriters.size());
        endpoints.addAll(visibleReaders); // readers first: the snapshot's endpoint order is topic, kind, GUID
        endpoints.addAll(visibleWriters);
        endpoints.forEach(e -> types.add(e.typeName()));
        List<TopicDefinition> definitions = new ArrayList<>(List.of(c.definitions()));
        definitions.sort(Comparator.comparing(TopicDefinition::typeName).thenComparing(TopicDefinition::key));
        definitions.forEach(d -> types.add(d.typeName()));
        // Known from DCPSTopic alone: shown, unless all its endpoints are hidden ones (the tools' own topics:
        // DCPSTopic does not say who defined a topic, so a topic only the tools use would show up empty)
        boolean shown = !endpoints.isEmpty() || !definitions.isEmpty() && (includeOwn || !c.hasOwn());
        Topic topic = !shown ? null : new Topic(name, List.copyOf(types),
                visibleWriters.stream().map(Endpoint::guid).toList(), visibleReaders.stream().map(Endpoint::guid).toList(),
                definitions);

        Side readers = new Side(aliveReaders);
        Side writers = new Side(aliveWriters);
        Map<Guid, Integer> position = new HashMap<>((readers.alive.length + writers.alive.length) * 4 / 3 + 1);
        for (int i = 0; i < readers.alive.length; i++) {
            position.put(readers.alive[i].guid(), i);
        }
        for (int i = 0; i < writers.alive.length; i++) {
            position.put(writers.alive[i].guid(), i);
        }
        Verdict[][] verdicts = new Verdict[readers.groupSignature.length][writers.groupSignature.length];
        for (int r = 0; r < verdicts.length; r++) {
            for (int w = 0; w < verdicts[r].length; w++) {
                verdicts[r][w] = cache.of(readers.groupSignature[r], readers.representative(r),
                        writers.groupSignature[w], writers.representative(w));
            }
        }
        for (int r = 0; r < verdicts.length; r++) {
            for (int w = 0; w < verdicts[r].length; w++) {
                tally(readers, r, writers, w, verdicts[r][w], readers.nearest[r] < 0 ? null : verdicts[r][readers.nearest[r]]);
                tally(writers, w, readers, r, verdicts[r][w], writers.nearest[w] < 0 ? null : verdicts[writers.nearest[w]][w]);
            }
        }
        return new TopicView(name, topic, List.copyOf(endpoints), readers, writers, position, verdicts);
    }

    private static void filter(TopicIndex.Member[] members, boolean includeOwn, List<Endpoint> visible,
            List<TopicIndex.Member> alive) {
        for (TopicIndex.Member m : members) {
            Endpoint e = m.endpoint();
            if (includeOwn || !e.hidden()) {
                visible.add(e);
                if (e.alive()) {
                    alive.add(m);
                }
            }
        }
    }

    /** Counts group {@code g}'s matched peers and keeps its nearest (fewest reasons, first seen) mismatch. */
    private static void tally(Side side, int g, Side other, int og, Verdict v, Verdict nearestSoFar) {
        if (v.matched()) {
            side.matched[g] += other.groupSize[og];
        } else if (nearestSoFar == null || v.reasons().size() < nearestSoFar.reasons().size()) {
            side.nearest[g] = og;
        }
    }

    /** The topic as the snapshot lists it; null when the snapshot sees none of its endpoints and no definition. */
    Topic topic() {
        return topic;
    }

    /** Visible endpoints, alive and gone: readers by GUID, then writers by GUID. */
    List<Endpoint> endpoints() {
        return endpoints;
    }

    /** Alive visible reader/writer pairs. */
    long pairCount() {
        return (long) readers.alive.length * writers.alive.length;
    }

    /** Pair {@code k} of {@link #pairCount()}, reader-major. */
    Match pairAt(long k) {
        int r = (int) (k / writers.alive.length);
        int w = (int) (k % writers.alive.length);
        return verdicts[readers.groupOf[r]][writers.groupOf[w]].toMatch(readers.alive[r].guid(),
                writers.alive[w].guid(), name);
    }

    /** The position of an alive visible endpoint in its side, or -1. */
    private int positionOf(Endpoint e) {
        Integer p = position.get(e.guid());
        Side side = e.isReader() ? readers : writers;
        return p != null && p < side.alive.length && side.alive[p].guid().equals(e.guid()) ? p : -1;
    }

    /**
     * Every verdict of {@code e} against the alive visible endpoints of the other side, in arrival
     * order: a read-only list whose {@link Match}es are made when read, so "is any matched?" over an
     * endpoint with hundreds of peers stops at the first and allocates next to nothing.
     */
    List<Match> matchesOf(Endpoint e) {
        int p = positionOf(e);
        if (p < 0) {
            return List.of();
        }
        return new PeerMatches(e, e.isReader() ? readers.groupOf[p] : writers.groupOf[p]);
    }

    private final class PeerMatches extends AbstractList<Match> implements RandomAccess {

        private final Endpoint endpoint;
        private final int group;

        PeerMatches(Endpoint endpoint, int group) {
            this.endpoint = endpoint;
            this.group = group;
        }

        @Override
        public int size() {
            return endpoint.isReader() ? writers.alive.length : readers.alive.length;
        }

        @Override
        public Match get(int i) {
            Objects.checkIndex(i, size());
            if (endpoint.isReader()) {
                return verdicts[group][writers.groupOf[i]].toMatch(endpoint.guid(), writers.alive[i].guid(), name);
            }
            return verdicts[readers.groupOf[i]][group].toMatch(readers.alive[i].guid(), endpoint.guid(), name);
        }
    }

    MatchSummary summaryOf(Endpoint e) {
        int p = positionOf(e);
        if (p < 0) {
            return MatchSummary.NONE;
        }
        Side side = e.isReader() ? readers : writers;
        Side other = e.isReader() ? writers : readers;
        int g = side.groupOf[p];
        int matched = side.matched[g];
        int ng = side.nearest[g];
        Match nearest = null;
        if (matched == 0 && ng >= 0) {
            Endpoint peer = other.representative(ng);
            nearest = e.isReader() ? verdicts[g][ng].toMatch(e.guid(), peer.guid(), name)
                    : verdicts[ng][g].toMatch(peer.guid(), e.guid(), name);
        }
        return new MatchSummary(other.alive.length, matched, nearest);
    }

    /** An alive visible endpoint of this topic by GUID, or null. */
    Endpoint aliveEndpoint(Guid guid) {
        Integer p = position.get(guid);
        if (p == null) {
            return null;
        }
        Endpoint r = p < readers.alive.length ? readers.alive[p] : null;
        if (r != null && r.guid().equals(guid)) {
            return r;
        }
        Endpoint w = p < writers.alive.length ? writers.alive[p] : null;
        return w != null && w.guid().equals(guid) ? w : null;
    }
}
