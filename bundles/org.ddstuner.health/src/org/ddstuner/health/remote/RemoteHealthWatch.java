package org.ddstuner.health.remote;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.ddstuner.health.internal.WatchListeners;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.HealthWatch;
import org.ddstuner.health.RuleSet;
import org.ddstuner.remote.RemoteClient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A health watch a remote agent runs for this client ({@link WatchOperations}): the rules and topics are sent with
 * {@code watch-start}, then one thread ("ddstuner-remote-health") polls {@code watch-events} every {@link #POLL} and
 * hands the agent's events and notes to the listeners, as a {@link org.ddstuner.health.HealthWatcher} would. The
 * agent frees a watch when the client's session ends, so after a link cut or an agent restart the watch is created
 * again, with a note saying so: what fired while it was gone may be missed (the new watch reports the problems still
 * present). Does not close the {@link RemoteClient}: its owner does.
 */
public final class RemoteHealthWatch implements HealthWatch {

    public static final Duration POLL = Duration.ofMillis(500);
    private static final Duration CALL = Duration.ofSeconds(15);
    /** After a refused watch-start (bad rules), how long before asking again. */
    private static final long RETRY_NANOS = Duration.ofSeconds(5).toNanos();

    private final RemoteClient client;
    private final WatchListeners listeners = new WatchListeners();
    private final Thread thread;
    private volatile boolean closed;
    private volatile RuleSet rules;
    private final Set<String> requested = new LinkedHashSet<>();
    private boolean changed;
    private volatile List<HealthEvent> active = List.of();
    private volatile List<String> watched = List.of();
    private volatile String failure;
    private volatile int recreated;
    // poller thread only
    private String key;
    private long after;
    private long reconnectsAtStart;
    private boolean lost;
    private long refusedAt;

    public RemoteHealthWatch(RemoteClient client, RuleSet rules) {
        this.client = client;
        this.rules = rules;
        this.thread = Thread.ofPlatform().daemon().name("ddstuner-remote-health").unstarted(this::run);
    }

    @Override
    public void addListener(Consumer<HealthEvent> l) {
        listeners.add(l);
    }

    @Override
    public void removeListener(Consumer<HealthEvent> l) {
        listeners.remove(l);
    }

    @Override
    public void addNoteListener(Consumer<String> l) {
        listeners.addNotes(l);
    }

    @Override
    public RemoteHealthWatch start() {
        thread.start();
        return this;
    }

    @Override
    public synchronized void setRules(RuleSet r) {
        rules = r;
        changed = true;
    }

    @Override
    public RuleSet rules() {
        return rules;
    }

    @Override
    public synchronized void watch(String topic) {
        changed |= requested.add(topic);
    }

    @Override
    public synchronized void unwatch(String topic) {
        changed |= requested.remove(topic);
    }

    /** The problems firing on the agent at its last answer (kept while the link is down). */
    @Override
    public List<HealthEvent> active() {
        return active;
    }

    /** The topics the agent's watcher had a reader on at its last answer. */
    @Override
    public List<String> watchedTopics() {
        return watched;
    }

    /** Why the agent refused the watch or its last new rules (e.g. a rule it does not know), or {@code null}. */
    public String failure() {
        return failure;
    }

    /** How often the watch was created again after the agent lost it. */
    public int recreated() {
        return recreated;
    }

    private void run() {
        while (!closed) {
            boolean more = false;
            try {
                more = poll();
            } catch (IOException e) {
                // the link is down or the reply did not come: the client reconnects; ask again then
            } catch (RuntimeException e) {
                note("remote health watch: " + e);
            }
            if (!more) {
                try {
                    Thread.sleep(POLL);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** One round; true when the agent has more events waiting. */
    private boolean poll() throws IOException {
        if (client.status().state() != RemoteClient.State.CONNECTED) {
            if (key != null) {
                lost = true; // the session and its watch are gone with the link
            }
            return false;
        }
        if (key != null && client.stats().reconnects() != reconnectsAtStart) {
            lost = true;
        }
        if (key == null || lost) {
            if (System.nanoTime() - refusedAt < RETRY_NANOS) {
                return false;
            }
            if (!startWatch()) {
                return false;
            }
        } else {
            sendChanges();
        }
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("watch", key);
        args.put("after", after);
        RemoteClient.Reply r = client.request(WatchOperations.EVENTS, args, CALL);
        if (!r.ok()) {
            if (WatchOperations.UNKNOWN_WATCH.equals(r.code())) {
                lost = true;
                return true;
            }
            note("the agent refused " + WatchOperations.EVENTS + " (" + r.code() + "): " + r.reason());
            return false;
        }
        JsonNode res = r.result();
        long skipped = res.path("skipped").asLong();
        if (skipped > 0) {
            note(skipped + " event(s) of the agent's watch were not kept for this client (it fell behind)");
        }
        // the state first: a listener that looks at active() on an event sees the problem it is told about
        List<HealthEvent> now = new ArrayList<>();
        res.path("active").forEach(e -> now.add(HealthEvent.fromJson(e)));
        active = List.copyOf(now);
        List<String> topics = new ArrayList<>();
        res.path("watched").forEach(t -> topics.add(t.asText()));
        watched = List.copyOf(topics);
        int n = 0;
        for (JsonNode e : res.path("events")) {
            n++;
            if (e.has("event")) {
                emit(HealthEvent.fromJson(e.get("event")));
            } else {
                note(e.path("note").asText());
            }
        }
        after = res.path("next").asLong(after);
        return n >= ServedWatch.PAGE;
    }

    private boolean startWatch() throws IOException {
        long reconnects = client.stats().reconnects();
        ObjectNode args;
        synchronized (this) {
            if (rules.rules().isEmpty() && requested.isEmpty()) {
                return false; // nothing to watch yet
            }
            args = changes();
            changed = false;
        }
        RemoteClient.Reply r = client.request(WatchOperations.START, args, CALL);
        if (!r.ok()) {
            refusedAt = System.nanoTime();
            String why = "the agent at " + client.options().agent() + " refused the watch (" + r.code() + "): "
                    + r.reason();
            if (!why.equals(failure)) {
                failure = why;
                note(why);
            }
            return false;
        }
        failure = null;
        boolean again = key != null;
        key = r.result().path("watch").asText();
        after = 0;
        reconnectsAtStart = reconnects;
        if (again) {
            recreated++;
            note("the agent at " + client.options().agent() + " lost this watch (link cut or agent restarted): "
                    + "created it again; alerts while it was gone may have been missed");
        } else {
            note("the agent at " + client.options().agent() + " runs this watch in its domain (" + key + ")");
        }
        lost = false;
        return true;
    }

    private void sendChanges() throws IOException {
        ObjectNode args;
        synchronized (this) {
            if (!changed) {
                return;
            }
            args = changes();
            changed = false;
        }
        args.put("watch", key);
        RemoteClient.Reply r = client.request(WatchOperations.SET, args, CALL);
        if (r.ok()) {
            failure = null;
        } else if (WatchOperations.UNKNOWN_WATCH.equals(r.code())) {
            lost = true;
        } else {
            // the watch goes on with the rules it had
            failure = "the agent at " + client.options().agent() + " refused the new rules (" + r.code() + "): "
                    + r.reason();
            note(failure);
        }
    }

    /** The rules and topics as watch-start and watch-set take them (caller holds the lock). */
    private ObjectNode changes() {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("rules", rules.toJson());
        var t = args.putArray("topics");
        requested.forEach(t::add);
        return args;
    }

    private void emit(HealthEvent e) {
        listeners.emit(e);
    }

    private void note(String text) {
        listeners.note(text);
    }

    /** Stops polling and asks the agent to stop the watch (it does anyway when the client goes). */
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
        String k = key;
        if (k != null && !lost && client.status().state() == RemoteClient.State.CONNECTED) {
            ObjectNode args = JsonNodeFactory.instance.objectNode();
            args.put("watch", k);
            try {
                client.request(WatchOperations.STOP, args, Duration.ofSeconds(2));
            } catch (IOException e) {
                // the agent frees it with the session
            }
        }
    }
}
