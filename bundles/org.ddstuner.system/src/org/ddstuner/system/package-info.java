/**
 * The headless system model of one DDS domain.
 *
 * <p>Data flow: {@link org.ddstuner.system.DiscoveryFeed} (the only class using the binding's discovery
 * API) turns built-in topic samples into {@link org.ddstuner.system.DiscoveryEvent}s →
 * {@link org.ddstuner.system.SystemModel#apply} updates participants, endpoints and the per-topic match
 * index ({@code TopicIndex}: O(endpoints on the topic) per event) → readers take immutable
 * {@link org.ddstuner.system.SystemSnapshot}s from any thread, and listeners receive coalesced
 * {@link org.ddstuner.system.ModelDelta}s from one notifier thread.
 *
 * <p>Why two endpoints do or do not match: {@link org.ddstuner.system.MatchExplainer} (topic, type name,
 * partitions) and the rule table {@link org.ddstuner.system.match.QosRules}, one
 * {@link org.ddstuner.system.match.MismatchReason} per failed check. Output helpers:
 * {@link org.ddstuner.system.NameFilter} and {@link org.ddstuner.system.SnapshotJson}.
 */
package org.ddstuner.system;
