package org.ddstuner.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import org.ddstuner.connection.Connection;
import org.ddstuner.health.internal.WatchListeners;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;

/**
 * Watches the topics a {@link RuleSet} names on one connection and turns what it sees into {@link HealthEvent}s.
 * A topic is watched once an application writer of it appears whose topic and participant match a rule (so
 * {@code "participant": "robot_*"} watches everything such participants write), or when asked ({@link #watch}).
 * One thread ("ddstuner-health") ticks every {@link #TICK}: opens readers for new topics, reads their statuses and
 * checks the rules; listeners are called on that thread and must not block.
 */
public final class HealthWatcher implements HealthWatch {

    public static final Duration TICK = Duration.ofMillis(100);
    /** A topic whose reader could not be opened is tried again after this long. */
    private static final long RETRY_NANOS = Duration.ofSeconds(5).toNanos();

    private final Connection connection;
    private final TypeResolver resolver;
    private final Clock clock;
    private final Duration wireTimeout;
    private volatile RuleSet rules;
    private final Set<String> requested = ConcurrentHashMap.newKeySet();
    private final Map<String, TopicWatch> watches = new LinkedHashMap<>();
    private final Set<String> everHadWriters = new HashSet<>();
    /** Watched topics that had an application's reader (for no-readers). */
    private final Set<String> everHadReaders = new HashSet<>();
    private final Map<String, Long> failedAt = new HashMap<>();
    private final Set<String> reported = new HashSet<>();
    private final Map<String, HealthEvent> active = new ConcurrentHashMap<>();
    private final WatchListeners listeners = new WatchListeners();
    private final Thread thread;
    private volatile boolean closed;
    private volatile List<String> watched = List.of();
    private AgentStatsWatch agentStats;

    public HealthWatcher(Connection connection, RuleSet rules) {
        this(connection, rules, new TypeResolver(connection, new ImportedTypes()), Duration.ofSeconds(3), Clock.systemUTC());
    }

    public HealthWatcher(Connection connection, RuleSet rules, TypeResolver resolver, Duration wireTimeout, Clock clock) {
        this.connection = connection;
        this.rules = rules;
        this.resolver = resolver;
        this.wireTimeout = wireTimeout;
        this.clock = clock;
        this.thread = Thread.ofPlatform().daemon().name("ddstuner-health").unstarted(this::run);
    }

    /** Calls {@code l} with every event from now on (on the watcher's thread). */
    @Override
    public void addListener(Consumer<HealthEvent> l) {
        listeners.add(l);
    }

    @Override
    public void removeListener(Consumer<HealthEvent> l) {
        listeners.remove(l);
    }

    /** Calls {@code l} with what the watcher has to say that is not a problem (a topic watched, a type not found). */
    @Override
    public void addNoteListener(Consumer<String> l) {
        listeners.addNotes(l);
    }

    @Override
    public HealthWatcher start() {
        thread.start();
        return this;
    }

    /** Replaces the rules; problems of rules that are gone clear at the next tick. */
    @Override
    public void setRules(RuleSet r) {
        this.rules = r;
    }

    @Override
    public RuleSet rules() {
        return rules;
    }

    /**
     * Watches {@code topic} even when no rule's topic pattern names it: the rules whose pattern is {@code *} apply
     * to it, or {@link DefaultRules} when there are none.
     */
    @Override
    public void watch(String topic) {
        requested.add(topic);
    }

    /**
     * Stops watching a topic asked for with {@link #watch}: its reader closes at the next tick unless a rule still
     * names the topic, and its problems clear.
     */
    @Override
    public void unwatch(String topic) {
        requested.remove(topic);
    }

    /** The topics asked for with {@link #watch}. */
    public Set<String> requestedTopics() {
        return Set.copyOf(requested);
    }

    /** The problems firing now (fired events not cleared yet). */
    @Override
    public List<HealthEvent> active() {
        return List.copyOf(active.values());
    }

    /** Topics with a reader now (without waiting for a tick that is opening a reader). */
    @Override
    public List<String> watchedTopics() {
        return watched;
    }

    private void run() {
        while (!closed) {
            long t0 = System.nanoTime();
            try {
                tick(t0);
            } catch (RuntimeException e) {
                if (closed) {
                    return;
                }
                note("health watcher: " + e);
            }
            long sleep = TICK.toNanos() - (System.nanoTime() - t0);
            if (sleep > 0) {
                try {
                    Thread.sleep(Duration.ofNanos(sleep));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private synchronized void tick(long now) {
        if (closed || !connection.isOpen()) {
            return;
        }
        SystemSnapshot s = connection.model().snapshot(true);
        RuleSet rs = rules;
        openNewWatches(s, rs, now);
        closeUnwanted(rs);
        watched = List.copyOf(watches.keySet());
        Set<String> still = new HashSet<>();
        for (TopicWatch w : watches.values()) {
            w.tick(now);
            if (w.sequenceProblem() != null && reported.add(w.topic())) {
                note("'" + w.topic() + "': " + w.sequenceProblem());
            }
            TopicFacts facts = TopicFacts.of(s, w.topic());
            int readers = (int) s.endpoints().stream().filter(e -> e.isReader() && !e.hidden() && e.alive()
                    && e.topicName().equals(w.topic())).count();
            if (readers > 0) {
                everHadReaders.add(w.topic());
            }
            for (Rule r : rulesFor(rs, w.topic())) {
                String key = r.name() + "\u0000" + w.topic(); // as HealthEvent.key()
                List<TopicFacts.Writer> mine = facts.writersOf(r.participant());
                if (!mine.isEmpty()) {
                    everHadWriters.add(key);
                } else if (!r.participant().matchesAll() && !everHadWriters.contains(key)) {
                    continue; // none of this rule's participants ever wrote the topic
                }
                TopicFacts scoped = new TopicFacts(w.topic(), r.participant().matchesAll() ? facts.writers() : mine);
                String detail = RuleCheck.check(r, w, scoped, everHadWriters.contains(key), readers,
                        everHadReaders.contains(w.topic()), now);
                if (detail != null) {
                    still.add(key);
                    if (!active.containsKey(key)) {
                        fire(r, w.topic(), scoped, detail);
                    }
                }
            }
        }
        checkAgentRules(s, rs, now, still);
        for (HealthEvent e : List.copyOf(active.values())) {
            if (!still.contains(e.key())) {
                clear(e);
            }
        }
    }

    private void openNewWatches(SystemSnapshot s, RuleSet rs, long now) {
        Set<String> wanted = new LinkedHashSet<>(requested);
        for (Endpoint e : s.endpoints()) {
            if (e.isReader() || e.hidden() || !e.alive() || watches.containsKey(e.topicName())) {
                continue;
            }
            TopicFacts f = TopicFacts.of(s, e.topicName());
            for (Rule r : rs.rules()) {
                if (!r.condition().fromAgent() && r.topic().matches(e.topicName()) && !f.writersOf(r.participant()).isEmpty()) {
                    wanted.add(e.topicName());
                }
            }
        }
        for (String t : wanted) {
            if (watches.containsKey(t) || closed) {
                continue;
            }
            Long failed = failedAt.get(t);
            if (failed != null && now - failed < RETRY_NANOS) {
                continue;
            }
            if (TopicFacts.of(s, t).writers().isEmpty() && s.endpoints().stream().noneMatch(x -> x.topicName().equals(t))) {
                continue; // nothing to learn the type from yet
            }
            try {
                String seqField = rulesFor(rs, t).stream().map(Rule::sequenceField).filter(f -> f != null).findFirst()
                        .orElse(null);
                TopicWatch w = TopicWatch.open(connection, resolver, t, wireTimeout, seqField);
                watches.put(t, w);
                failedAt.remove(t);
                note("watching '" + t + "' (" + w.typeName() + "): " + describe(w.qos().qos()));
            } catch (RuntimeException ex) {
                failedAt.put(t, now);
                note("cannot watch '" + t + "': " + ex.getMessage());
            }
        }
    }

    /** Closes the readers of topics no longer asked for and named by no rule that needs a reader. */
    private void closeUnwanted(RuleSet rs) {
        for (var it = watches.entrySet().iterator(); it.hasNext();) {
            var en = it.next();
            String t = en.getKey();
            boolean wanted = requested.contains(t)
                    || rs.rules().stream().anyMatch(r -> !r.condition().fromAgent() && r.topic().matches(t));
            String seq = rulesFor(rs, t).stream().map(Rule::sequenceField).filter(f -> f != null).findFirst()
                    .orElse(null);
            if (wanted && java.util.Objects.equals(seq, en.getValue().sequenceField())) {
                continue;
            }
            // a watch given another sequence field reopens at once with it (its reader's ring differs too)
            it.remove();
            try {
                en.getValue().close();
            } catch (RuntimeException e) {
                // the connection may be closing
            }
            note(wanted ? "reopening '" + t + "' for sequence field " + seq : "stopped watching '" + t + "'");
        }
    }

    /**
     * Rules on the statistics of applications' embedded agents: the agents' statistics topic is read only while such
     * a rule exists (it adds a reader to the tool's participant).
     */
    private void checkAgentRules(SystemSnapshot s, RuleSet rs, long now, Set<String> still) {
        List<Rule> agentRules = rs.rules().stream().filter(r -> r.condition().fromAgent()).toList();
        if (agentRules.isEmpty()) {
            if (agentStats != null) {
                agentStats.close();
                agentStats = null;
            }
            return;
        }
        if (agentStats == null) {
            agentStats = new AgentStatsWatch(connection.ownParticipant());
            note("reading the statistics of applications' DDS Tuner agents for " + agentRules.size() + " rule(s)");
        }
        Duration keep = agentRules.stream().map(Rule::window).max(Duration::compareTo).orElse(Rule.DEFAULT_WINDOW);
        agentStats.tick(now, keep);
        for (Rule r : agentRules) {
            for (AgentRuleCheck.Finding f : AgentRuleCheck.check(r, agentStats, s, now)) {
                String key = r.name() + "\u0000" + f.topic();
                still.add(key);
                if (!active.containsKey(key)) {
                    fire(r, f.topic(), f.participantGuids(), f.participantNames(), f.detail());
                }
            }
        }
    }

    /** The policies a watch's reader requests that decide what it reports. */
    private static String describe(org.ddstuner.dds.Qos q) {
        var r = q.reliability();
        var d = q.deadline();
        var l = q.liveliness();
        return (r == null ? "default reliability" : r.kind().name().toLowerCase().replace('_', '-'))
                + ", deadline " + (d == null || org.ddstuner.dds.Qos.isInfinite(d.period()) ? "none"
                        : RuleCheck.seconds(d.period().toNanos()) + " s")
                + ", liveliness " + (l == null ? "default" : l.kind().name().toLowerCase()
                        + (org.ddstuner.dds.Qos.isInfinite(l.leaseDuration()) ? "" : " lease "
                                + RuleCheck.seconds(l.leaseDuration().toNanos()) + " s"));
    }

    private List<Rule> rulesFor(RuleSet rs, String topic) {
        List<Rule> out = new ArrayList<>();
        for (Rule r : rs.rules()) {
            if (!r.condition().fromAgent() && r.topic().matches(topic)) {
                out.add(r);
            }
        }
        if (out.isEmpty() && requested.contains(topic)) {
            return DefaultRules.forTopic(topic).rules();
        }
        return out;
    }

    private void fire(Rule r, String topic, TopicFacts facts, String detail) {
        List<TopicFacts.Writer> ws = facts.writers();
        Set<String> names = new LinkedHashSet<>();
        ws.forEach(w -> names.add(w.participantName() != null ? w.participantName() : w.participantGuid()));
        Set<String> guids = new LinkedHashSet<>();
        ws.forEach(w -> guids.add(w.participantGuid()));
        fire(r, topic, guids, names, detail);
    }

    private void fire(Rule r, String topic, Set<String> guids, Set<String> names, String detail) {
        Instant t = clock.instant();
        HealthEvent e = new HealthEvent(HealthEvent.Kind.FIRED, r.name(), r.condition(), r.severity(), topic,
                guids.size() == 1 ? guids.iterator().next() : null, names.isEmpty() ? null : String.join(", ", names), t,
                t, detail);
        active.put(e.key(), e);
        emit(e);
    }

    private void clear(HealthEvent fired) {
        active.remove(fired.key());
        emit(new HealthEvent(HealthEvent.Kind.CLEARED, fired.rule(), fired.condition(), fired.severity(),
                fired.topic(), fired.participantGuid(), fired.participant(), clock.instant(), fired.firedAt(),
                fired.detail()));
    }

    private void emit(HealthEvent e) {
        listeners.emit(e);
    }

    private void note(String text) {
        listeners.note(text);
    }

    /** Stops the thread and closes the readers; active problems stay as they were (no cleared events). */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            if (thread.isAlive() && Thread.currentThread() != thread) {
                thread.join(2000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            watches.values().forEach(w -> {
                try {
                    w.close();
                } catch (RuntimeException e) {
                    // the connection may be closed already
                }
            });
            watches.clear();
            if (agentStats != null) {
                try {
                    agentStats.close();
                } catch (RuntimeException e) {
                    // the connection may be closed already
                }
                agentStats = null;
            }
        }
    }
}
