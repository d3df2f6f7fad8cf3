package org.ddstuner.health.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.ddstuner.health.AlertLog;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.HealthWatch;
import org.ddstuner.health.HealthWatcher;
import org.ddstuner.health.Rule;
import org.ddstuner.health.RuleSet;
import org.ddstuner.health.RulesFileException;
import org.ddstuner.health.Severity;
import org.ddstuner.health.WatchRequest;
import org.ddstuner.health.WatchStore;
import org.ddstuner.health.remote.RemoteHealthWatch;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.Problem;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.problems.ProblemContributions;
import org.ddstuner.system.ui.problems.ProblemRow;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.swt.widgets.Display;
import org.osgi.framework.FrameworkUtil;

/**
 * The desktop's topic watches: one {@link HealthWatcher} per open connection (made on the first "Watch Topic" or when
 * a rules file is loaded), their events kept in the {@link AlertLog} of the plug-in's state location (the Alerts
 * view, across restarts), firing and recently cleared problems handed to the Problems view through
 * {@link ProblemContributions}, and a popup for each new error. Watcher threads only queue; the UI thread drains
 * the popup queue on a timer, so no DDS thread ever touches SWT. The watches asked for are kept per connection
 * profile in a {@link WatchStore} beside the history and come back when a connection of that profile opens. A watch
 * needs readers in the domain: on a local connection the tool's own ({@link HealthWatcher}), on a remote agent's
 * connection the agent's, which runs the watch for the desktop ({@link RemoteHealthWatch}: the same rules and events
 * through its watch operations); {@link #unavailable} says why any other connection cannot be watched.
 */
public final class HealthUi {

    private static final String PREF_RULES = "rulesFile";
    private static final int HISTORY = 2000;
    private static final int CLEARED_SHOWN = 50;
    private static final int PUMP_MS = 250;
    private static final Duration WIRE_TIMEOUT = Duration.ofSeconds(3);
    private static HealthUi instance;

    private final Display display;
    private final AlertLog log;
    private final WatchStore store;
    private final Map<LiveConnection, HealthWatch> watchers = new ConcurrentHashMap<>();
    /** The watches asked for on each connection; their rules join the rules file's there. */
    private final Map<LiveConnection, List<WatchRequest>> requests = new ConcurrentHashMap<>();
    /** Cleared problems still shown in the Problems view (with their cleared time), newest last. */
    private final Map<String, ProblemRow> cleared = new LinkedHashMap<>();
    private final ConcurrentLinkedQueue<HealthEvent> toNotify = new ConcurrentLinkedQueue<>();
    private final Notifier notifier;
    private volatile RuleSet rules = new RuleSet(List.of());
    private volatile Path rulesFile;
    private volatile String rulesError;

    private HealthUi(Display display, Path state) {
        this.display = display;
        this.log = new AlertLog(state.resolve("alerts.jsonl"), HISTORY);
        this.store = new WatchStore(state.resolve("watches.json"));
        this.notifier = new Notifier(display);
        String saved = InstanceScope.INSTANCE.getNode(bundleName()).get(PREF_RULES, null);
        if (saved != null && Files.isRegularFile(Path.of(saved))) {
            try {
                apply(Path.of(saved), RuleSet.read(Path.of(saved)));
            } catch (RulesFileException e) {
                rulesError = e.getMessage();
            }
        }
        ProblemContributions.add(this::problemRows);
        LiveSystems.get().addListener(this::connectionsChanged);
        connectionsChanged(); // connections opened before the first use get their saved watches
        display.timerExec(PUMP_MS, this::pump);
    }

    /** The one instance; the first call must be on the UI thread (it starts the popup timer). */
    public static synchronized HealthUi get() {
        if (instance == null) {
            Path state = Platform.getStateLocation(FrameworkUtil.getBundle(HealthUi.class)).toFile().toPath();
            instance = new HealthUi(Display.getCurrent() != null ? Display.getCurrent() : Display.getDefault(), state);
        }
        return instance;
    }

    private static String bundleName() {
        return FrameworkUtil.getBundle(HealthUi.class).getSymbolicName();
    }

    /**
     * The problems firing now on {@code c}'s topic watches (the System Map colours its edges with them); empty while
     * nothing made this instance yet. Any thread.
     */
    public static List<HealthEvent> activeOf(LiveConnection c) {
        HealthUi h;
        synchronized (HealthUi.class) {
            h = instance;
        }
        HealthWatch w = h == null ? null : h.watchers.get(c);
        return w == null ? List.of() : w.active();
    }

    /** Watches {@code topic} on {@code c} with the default rules (and the rules file's for it). */
    public void watchTopic(LiveConnection c, String topic) {
        addWatch(c, WatchRequest.topic(topic, null, null, null));
    }

    /**
     * Starts a watch on {@code c} and keeps it for the connection's profile; one asked for the same topic or
     * participant before is replaced.
     *
     * @throws IllegalStateException on a connection that cannot be watched (see {@link #unavailable})
     */
    public synchronized void addWatch(LiveConnection c, WatchRequest r) {
        if (unavailable(c) != null) {
            throw new IllegalStateException(unavailable(c));
        }
        List<WatchRequest> list = requests.computeIfAbsent(c, k -> new ArrayList<>());
        list.removeIf(x -> x.sameTarget(r));
        list.add(r);
        store.put(c.system().name(), list);
        start(c, r);
    }

    private void start(LiveConnection c, WatchRequest r) {
        HealthWatch w = watcher(c);
        w.setRules(rulesOf(c));
        r.requestedTopics().forEach(w::watch);
    }

    /** Stops a watch: its rules go, its readers close and its problems clear at the watcher's next tick. */
    public synchronized void stopWatch(LiveConnection c, WatchRequest r) {
        List<WatchRequest> list = requests.get(c);
        if (list == null || !list.remove(r)) {
            return;
        }
        store.put(c.system().name(), list);
        HealthWatch w = watchers.get(c);
        if (w == null) {
            return;
        }
        w.setRules(rulesOf(c));
        for (String t : r.requestedTopics()) {
            if (list.stream().noneMatch(x -> x.requestedTopics().contains(t))) {
                w.unwatch(t);
            }
        }
    }

    /**
     * Why {@code c} cannot be watched, or {@code null} when it can: a local connection and a remote agent's can (the
     * agent runs the watch there); a connection that only shows a model cannot.
     */
    public static String unavailable(LiveConnection c) {
        return watchable(c) ? null : String.format(Messages.UNWATCHABLE, c.system().name());
    }

    private static boolean watchable(LiveConnection c) {
        return c.isLocal() || c.system() instanceof RemoteConnection;
    }

    /** The watches kept for connections of a profile (restored when one opens). */
    public WatchStore store() {
        return store;
    }

    /** A watch asked for on a connection. */
    public record Watch(LiveConnection connection, WatchRequest request) {
    }

    /** The watches asked for, over all connections. */
    public synchronized List<Watch> watches() {
        List<Watch> out = new ArrayList<>();
        requests.forEach((c, l) -> l.forEach(r -> out.add(new Watch(c, r))));
        return out;
    }

    /** The rules file's rules and those of the watches asked for on {@code c}. */
    private RuleSet rulesOf(LiveConnection c) {
        List<Rule> all = new ArrayList<>(rules.rules());
        requests.getOrDefault(c, List.of()).forEach(r -> all.addAll(r.rules().rules()));
        return new RuleSet(all);
    }

    /**
     * Reads and applies a rules file to every connection; on an error nothing changes (the message has the line and
     * column).
     */
    public void loadRules(Path f) throws RulesFileException {
        RuleSet r = RuleSet.read(f);
        apply(f, r);
        InstanceScope.INSTANCE.getNode(bundleName()).put(PREF_RULES, f.toString());
    }

    private void apply(Path f, RuleSet r) {
        rules = r;
        rulesFile = f;
        rulesError = null;
        watchers.forEach((c, w) -> w.setRules(rulesOf(c)));
        if (!r.rules().isEmpty()) {
            LiveSystems.get().connections().stream().filter(HealthUi::watchable).forEach(this::watcher);
        }
    }

    private HealthWatch watcher(LiveConnection c) {
        return watchers.computeIfAbsent(c, k -> {
            HealthWatch w;
            if (k.system() instanceof RemoteConnection rc) {
                // the agent resolves the types (over the wire, in its domain) and runs the readers
                w = new RemoteHealthWatch(rc.client(), rulesOf(k));
            } else {
                // the Reader view's resolver: the person's imported IDL and ROS 2 folders, then what the wire teaches
                w = new HealthWatcher(k.connection(), rulesOf(k), TypeResolution.resolver(k.connection()), WIRE_TIMEOUT,
                        Clock.systemUTC());
            }
            w.addListener(e -> onEvent(k, e));
            return w.start();
        });
    }

    private void connectionsChanged() {
        List<LiveConnection> open = LiveSystems.get().connections();
        for (LiveConnection c : List.copyOf(watchers.keySet())) {
            if (!open.contains(c)) {
                requests.remove(c);
                HealthWatch w = watchers.remove(c);
                if (w != null) {
                    w.close();
                }
            }
        }
        if (!rules.rules().isEmpty()) {
            open.stream().filter(HealthUi::watchable).forEach(this::watcher);
        }
        for (LiveConnection c : open) {
            restore(c);
        }
    }

    /** The saved watches of {@code c}'s profile, started once when it is first seen open. */
    private synchronized void restore(LiveConnection c) {
        if (!watchable(c) || requests.containsKey(c)) {
            return;
        }
        List<WatchRequest> saved = store.of(c.system().name());
        if (saved.isEmpty()) {
            return;
        }
        requests.put(c, new ArrayList<>(saved));
        saved.forEach(r -> start(c, r));
    }

    private void onEvent(LiveConnection c, HealthEvent e) {
        log.add(c.label(), e);
        synchronized (cleared) {
            cleared.remove(key(c, e));
            if (e.kind() == HealthEvent.Kind.CLEARED) {
                cleared.put(key(c, e), row(c, e, e.time()));
                while (cleared.size() > CLEARED_SHOWN) {
                    cleared.remove(cleared.keySet().iterator().next());
                }
            }
        }
        if (e.kind() == HealthEvent.Kind.FIRED && e.severity() == Severity.ERROR) {
            toNotify.add(e);
        }
        ProblemContributions.changed();
    }

    private static String key(LiveConnection c, HealthEvent e) {
        return System.identityHashCode(c) + "\u0000" + e.key();
    }

    private List<ProblemRow> problemRows() {
        List<ProblemRow> out = new ArrayList<>();
        watchers.forEach((c, w) -> w.active().forEach(e -> out.add(row(c, e, null))));
        synchronized (cleared) {
            out.addAll(cleared.values());
        }
        return out;
    }

    /** A Problems view row: the rule and topic first, then what was seen; about the writers' participant. */
    private static ProblemRow row(LiveConnection c, HealthEvent e, java.time.Instant clearedAt) {
        String summary = e.rule() + " on \"" + e.topic() + "\": " + e.detail();
        String message = summary + (e.participant() != null ? " (writer: " + e.participant() + ")" : "")
                + ". Condition " + e.condition().id() + ", fired " + e.firedAt()
                + (clearedAt != null ? ", cleared " + clearedAt : ", still firing") + ".";
        Problem.Severity s = switch (e.severity()) {
            case ERROR -> Problem.Severity.ERROR;
            case WARNING -> Problem.Severity.WARNING;
            case INFO -> Problem.Severity.INFO;
        };
        return new ProblemRow(c, new Problem(Problem.Kind.WATCH, s, e.participantGuid(), message, e.firedAt(), summary),
                clearedAt);
    }

    /** UI thread: shows the queued errors, then looks again in {@link #PUMP_MS}. */
    private void pump() {
        if (display.isDisposed()) {
            return;
        }
        List<HealthEvent> batch = new ArrayList<>();
        for (HealthEvent e = toNotify.poll(); e != null; e = toNotify.poll()) {
            batch.add(e);
        }
        if (!batch.isEmpty()) {
            notifier.show(batch);
        }
        display.timerExec(PUMP_MS, this::pump);
    }

    public AlertLog log() {
        return log;
    }

    public RuleSet rules() {
        return rules;
    }

    /** The loaded rules file, or {@code null}. */
    public Path rulesFile() {
        return rulesFile;
    }

    /** Why the saved rules file did not load at start, or {@code null}. */
    public String rulesError() {
        return rulesError;
    }

    /** Problems firing now over all connections. */
    public int activeCount() {
        return watchers.values().stream().mapToInt(w -> w.active().size()).sum();
    }

    /** Topics with a watch reader now, over all connections. */
    public List<String> watchedTopics() {
        List<String> out = new ArrayList<>();
        watchers.values().forEach(w -> out.addAll(w.watchedTopics()));
        return out;
    }

    /** Why remote agents refused to run a connection's watch (e.g. a rule their version does not know). */
    public List<String> refusals() {
        List<String> out = new ArrayList<>();
        watchers.forEach((c, w) -> {
            if (w instanceof RemoteHealthWatch r && r.failure() != null) {
                out.add(c.label() + ": " + r.failure());
            }
        });
        return out;
    }

    /** The popups shown so far (tests). */
    public Notifier notifier() {
        return notifier;
    }
}
