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

    private Messages() {
    }
}
