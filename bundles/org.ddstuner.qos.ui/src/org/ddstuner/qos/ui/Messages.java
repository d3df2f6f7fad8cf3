package org.ddstuner.qos.ui;

/** Every text of the QoS tuning UI shown to people, in one place. */
final class Messages {

    static final String COL_POLICY = "Policy";
    static final String COL_VALUE = "Value";
    static final String COL_HOW = "Changes";
    static final String COL_REASON = "Why";
    static final String LOCKED = "[locked] "; // no lock glyph in every font (a box under Xvfb)
    static final String RECREATE_MARK = " (new GUID)";
    static final String NO_CAPABILITY = "not a policy of this kind of entity";

    static final String PREVIEW = "Preview";
    static final String APPLY = "Apply";
    static final String RESET = "Reset";
    static final String PREVIEW_EFFECT = "Match";
    static final String PREVIEW_PEER = "Peer endpoint";
    static final String PREVIEW_REASONS = "Reasons";
    static final String PREVIEW_GAINED = "gained";
    static final String PREVIEW_LOST = "LOST";
    static final String PREVIEW_KEPT = "kept";
    static final String PREVIEW_STILL_UNMATCHED = "still unmatched";
    static final String PREVIEW_NO_PEERS = "no discovered peer endpoint on this topic";
    static final String PREVIEW_NO_LONGER = "no longer: ";
    static final String PREVIEW_HEADING = "Preview — matches gained and lost against every discovered peer:";
    static final String CONFIRM_HEADING = "Confirmation from discovery (old → new), and changes this session:";

    static final String NOTHING_EDITED = "Edit a value first (double-click a Value cell).";
    static final String PREVIEW_FIRST = "Preview shows what the change does to the matches; then Apply.";
    static final String APPLYING = "Applying… waiting for discovery to confirm (up to %d s)";
    static final String CONFIRMED = "Applied and confirmed from discovery.";
    static final String NOT_CONFIRMED = "Not all of it applied or confirmed: see below.";
    static final String RECREATE_WARNING = "Changing %s re-creates the %s: peers will see a new GUID.";
    static final String NEXT_START_NOTE = "%s of this running %s cannot change live: Apply leaves it; write an override "
            + "file to have it when the application creates the %2$s next (its next start).";
    static final String CHANGED_THIS_SESSION = "Changed this session: ";
    static final String NO_ENDPOINT = "Choose an own reader or writer (Edit QoS… in a Reader/Writer view, or Create Reader/Writer… on a topic).";

    static final String OWN_HEADING = "Own readers and writers";
    static final String DELETE = "Delete";
    static final String DELETE_TIP = "Deletes an entity made with Create Reader/Writer… (a view's own one goes with its view)";
    static final String CREATE_TITLE = "Create Reader/Writer — %s";
    static final String CREATE_TEXT = "Create an own reader or writer on %s (%s) with the QoS derived from the "
            + "discovered endpoints, and no view; tune its QoS in the QoS Tuning view.";
    static final String CREATE_READER = "Create Reader";
    static final String CREATE_WRITER = "Create Writer";
    static final String STATISTICS = "Statistics";

    static final String ON_AGENT = "on agent %s";
    static final String CREATE_ON_AGENT_TEXT = "Create an own reader or writer on %s on the remote agent %s, with the "
            + "QoS the agent derives from the endpoints it discovered, and no view; tune its QoS in the QoS Tuning view. "
            + "The agent deletes it when this desktop disconnects.";
    static final String AGENT_TABLE = " (the agent's libddsc)";
    static final String NOT_ANNOUNCED_ON_AGENT = "The agent's discovery has not shown %s in the model of %s yet: "
            + "preview again in a moment.";
    static final String AGENT_REFUSED = "The agent %s refused: %s (%s)";
    static final String STATISTICS_ON_AGENT = "No statistics here: the entity lives in the agent %s's process.";
    static final String AGENT_UNREACHABLE = "The agent %s could not be asked: %s";

    private Messages() {
    }
}
