package org.ddstuner.health.ui;

/** The texts the health views show. */
final class Messages {
    static final String VIEW_ID = "org.ddstuner.health.ui.views.alerts";
    static final String COL_TIME = "Time";
    static final String COL_EVENT = "Event";
    static final String COL_RULE = "Rule";
    static final String COL_TOPIC = "Topic";
    static final String COL_PARTICIPANT = "Participant";
    static final String COL_CONNECTION = "Connection";
    static final String COL_DETAIL = "Detail";
    static final String LOAD_RULES = "Load Rules…";
    static final String LOAD_RULES_TIP = "Load a rules file (JSON) and watch the topics its rules name";
    static final String CLEAR = "Clear History";
    static final String RULES_ERROR = "Rules file not loaded";
    static final String NO_RULES = "No rules file: topics watched with \"Watch Topic\" get the default rules";
    static final String RULES = "Rules: %s (%d rules)";
    static final String STATUS = "%s · %d problem(s) firing · watching %s";
    static final String POPUP_TITLE = "DDS Tuner: %s";
    static final String POPUP_MORE = "and %d more error(s): see the Alerts view";

    static final String WATCH_TOPIC_TITLE = "Watch Topic";
    static final String WATCH_PARTICIPANT_TITLE = "Watch Participant";
    static final String WATCH_MESSAGE = "The watch reads with a reader that mirrors the writers' QoS and reports in the Alerts and Problems views; on";
    static final String WATCH_RATE = "Rate below";
    static final String WATCH_RATE_UNIT = "samples/s (over 2 s)";
    static final String WATCH_SILENCE = "Silence longer than";
    static final String WATCH_SILENCE_UNIT = "s";
    static final String WATCH_SEVERITY = "Severity";
    static final String WATCH_SEQUENCE = "Sequence field (sample loss)";
    static final String WATCH_SEQUENCE_HINT = "none (an integer field the writer counts up)";
    static final String WATCH_SEQUENCE_TIP = "An integer field each writer counts up by one per sample: its gaps"
            + " are lost samples (libddsc does not count those of a best-effort writer)";
    static final String WATCH_SEVERITY_USUAL = "usual per condition (deadline, liveliness, type: error)";
    static final String WATCH_ALWAYS = "Always watched: deadline missed, liveliness lost, samples lost or rejected, "
            + "incompatible QoS, type mismatch, no writers or readers any more. Stop it in the Alerts view.";
    static final String WATCH_WRITES_LIVE = "Topics the participant starts writing later are watched too.";
    static final String WATCH_OK = "Watch";
    static final String WATCHES = "Watches";
    static final String COL_WATCH = "Watch";
    static final String COL_RULES = "Rules";
    static final String STOP_WATCH = "Stop Watch";
    static final String STOP_WATCH_TIP = "Stop the selected watches: their readers close and their problems clear";
    static final String NO_WATCH = "No watch asked for: Watch Topic… on a topic, Watch Every Topic It Writes… or Reads… on a participant";
    static final String NO_TOPICS_READ = "%s reads no topic now";
    static final String UNWATCHABLE = "Health watches are not available on %s: a watch needs readers in the domain, "
            + "either the tool's own (a local connection) or a remote agent's (a Remote agent connection).";

    private Messages() {
    }
}
