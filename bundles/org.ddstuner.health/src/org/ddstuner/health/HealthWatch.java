package org.ddstuner.health;

import java.util.List;
import java.util.function.Consumer;

/**
 * The topic watches of one connection as the desktop and the CLI use them: a {@link HealthWatcher} whose readers are
 * in the domain the tool joined, or a {@link org.ddstuner.health.remote.RemoteHealthWatch} whose watcher a remote
 * agent ({@code ddstuner serve}) runs in its domain for this client. Listeners are called on the watch's own thread
 * and must not block.
 */
public interface HealthWatch extends AutoCloseable {

    /** Calls {@code l} with every event from now on. */
    void addListener(Consumer<HealthEvent> l);

    void removeListener(Consumer<HealthEvent> l);

    /** Calls {@code l} with what the watch has to say that is not a problem (a topic watched, a type not found). */
    void addNoteListener(Consumer<String> l);

    /** Starts watching; returns this. */
    HealthWatch start();

    /** Replaces the rules; problems of rules that are gone clear. */
    void setRules(RuleSet r);

    RuleSet rules();

    /** Watches {@code topic} even when no rule names it (the {@code *} rules or {@link DefaultRules} apply). */
    void watch(String topic);

    /** Stops watching a topic asked for with {@link #watch}. */
    void unwatch(String topic);

    /** The problems firing now. */
    List<HealthEvent> active();

    /** Topics with a reader now. */
    List<String> watchedTopics();

    @Override
    void close();
}
