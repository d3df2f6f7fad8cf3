package org.ddstuner.ui;

/** Every string the application shell shows to people. */
final class Messages {

    private Messages() {
    }

    static final String APP_NAME = "DDS Tuner";
    static final String MENU_FILE = "&File";
    static final String MENU_HELP = "&Help";
    static final String NEW_CONNECTION = "&New connection…";
    static final String NEW_CONNECTION_TIP = "Connect to a DDS domain";
    static final String CLOSE_CONNECTION = "&Close connection";
    static final String CLOSE_CONNECTION_TIP = "Close the selected connection";
    static final String CLOSE_WHICH_TITLE = "Close connection";
    static final String CLOSE_WHICH = "Which connection should be closed?";
    static final String NO_CONNECTION_OPEN = "No connection is open.";
    static final String ABOUT = "&About DDS Tuner";

    // connection job
    static final String CONNECTING = "Connecting to %s";
    static final String CONNECT_FAILED_TITLE = "Connection failed";
    static final String CONNECT_FAILED = "Could not connect with profile \"%s\": %s";

    // connection dialog
    static final String DIALOG_TITLE = "New connection";
    static final String TAB_DOMAIN = "DDS domain";
    static final String TAB_AGENT = "Remote agent";
    static final String DIALOG_MESSAGE_AGENT = "Connect through a ddstuner serve agent on the remote host "
            + "(TLS 1.3, its token, its certificate pinned on first use or signed by a CA you trust).";
    static final String DIALOG_MESSAGE = "Choose a saved profile or describe the DDS domain to join.";
    static final String PROFILES = "Saved profiles";
    static final String NAME = "Name:";
    static final String DOMAIN = "Domain id:";
    static final String CONFIG = "Configuration:";
    static final String CONFIG_LOOPBACK = "Loopback only (this machine)";
    static final String CONFIG_DEFAULT = "Cyclone DDS default (all interfaces, multicast)";
    static final String CONFIG_CUSTOM = "Custom XML";
    static final String CONFIG_PEERS = "Unicast peers";
    static final String CONFIG_FILE = "Cyclone XML file (read at every connect)";
    static final String CONFIG_FILE_HINT = "Path of a Cyclone DDS configuration, e.g. /etc/cyclonedds.xml";
    static final String BROWSE = "Browse…";
    static final String BROWSE_TITLE = "Cyclone DDS configuration file";
    static final String PEERS_HINT = "One peer address per line, e.g. 127.0.0.1 or host:7410";
    static final String START_DEMO = "Start the built-in demo system in this domain";
    static final String SAVE_PROFILE = "Save profile";
    static final String DELETE_PROFILE = "Delete profile";
    static final String CONNECT = "Connect";
    static final String ERR_NAME = "Give the connection a name.";
    static final String ERR_DOMAIN = "The domain id must be a whole number from 0 to 232.";
    static final String ERR_PEERS = "List at least one peer address.";
    static final String ERR_STORE = "Could not save the profiles: %s";
    static final String ERR_LOAD = "Could not read the saved profiles: %s";

    // about
    static final String ABOUT_TITLE = "About DDS Tuner";
    static final String ABOUT_TEXT = "DDS Tuner — discover, inspect, tune and benchmark live DDS systems on Eclipse Cyclone DDS.";
    static final String ABOUT_VERSION = "DDS Tuner version";
    static final String ABOUT_JAVA = "Java";
    static final String ABOUT_ECLIPSE = "Eclipse platform (workbench)";
    static final String ABOUT_SWT = "SWT";
    static final String ABOUT_DDS_VERSION = "Cyclone DDS (libddsc) version";
    static final String ABOUT_DDS_PATH = "Cyclone DDS (libddsc) loaded from";
    static final String ABOUT_DDS_MISSING = "Cyclone DDS (libddsc)";
    static final String COPY = "Copy";
}
