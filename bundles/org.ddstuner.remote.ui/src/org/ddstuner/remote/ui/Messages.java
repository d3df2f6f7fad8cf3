package org.ddstuner.remote.ui;

/** Texts of the remote agent UI, in one place. */
final class Messages {

    static final String TAB = "Remote agent";
    static final String PROFILES = "Agent profiles:";
    static final String SAVE = "Save profile";
    static final String DELETE = "Delete";
    static final String NAME = "Name:";
    static final String ADDRESS = "Agent address:";
    static final String ADDRESS_HINT = "HOST:PORT, as ddstuner serve printed it (e.g. 10.0.0.5:7700)";
    static final String TOKEN = "Token:";
    static final String TOKEN_HINT = "the agent's token (its --token-file)";
    static final String TOKEN_FROM_FILE = "From File…";
    static final String TOKEN_NOTE = "Kept encrypted in Eclipse secure storage when you save or connect, never in "
            + "the profile file.";
    static final String TOKEN_STORED = "This token is kept encrypted in Eclipse secure storage for this profile, never"
            + " in the profile file.";
    static final String CERTIFICATE = "Certificate:";
    static final String CLIENT_CERT = "Client certificate:";
    static final String CLIENT_CERT_HINT = "optional: a PKCS#12 file (password in FILE.pass) to log in with instead "
            + "of the token";
    static final String ERR_CLIENT_CERT = "Cannot read the client certificate %s.";
    static final String CA_FILE = "Trust CA:";
    static final String CA_FILE_HINT = "optional: a CA file (PEM) that signed the agent's certificate, instead of pinning";
    static final String CA_FILE_BROWSE = "Browse…";
    static final String CERT_CA = "trusted when a CA in %s signed it (nothing is pinned)";
    static final String ERR_CA_FILE = "Cannot read the CA file %s.";
    static final String CERT_PINNED = "pinned %s (%s)";
    static final String CERT_FIRST = "not pinned yet: its fingerprint is shown to you at the first connect";
    static final String ABOUT = "The agent (ddstuner serve) runs next to the system and serves its model over TLS 1.3;"
            + " this desktop does not join the remote domain. The System, Topics, Partitions, Details, Problems and"
            + " Type views work, Read Samples… streams what the agent reads and Write Samples… has the agent write"
            + " (when it allows write); QoS tuning and benchmarks need a local connection.";
    static final String ERR_TOKEN = "Give the agent's token (or load it from its token file), or a client "
            + "certificate.";
    static final String ERR_TOKEN_FILE = "Cannot read the token file: %s";
    static final String ERR_STORAGE = "Secure storage: %s";

    static final String CONNECTING = "Connecting to agent %s";
    static final String FAILED_TITLE = "Remote agent";
    static final String FAILED = "Could not connect to the agent %s (%s): %s";
    static final String FIRST_TITLE = "Trust this agent?";
    static final String FIRST = "This is the first connection to the agent at %s.\n\nIts certificate's fingerprint is\n"
            + "    %s\n\nCompare it with the one ddstuner serve printed on the agent's host (or ask whoever runs it). "
            + "If they are the same, trust it: it is pinned in %s and every later connection checks it.";
    static final String TRUST = "Trust and Connect";
    static final String CHANGED = "The agent at %s presents a different certificate than the one pinned for it, so "
            + "the connection was refused (nothing, not even the token, was sent).\n\nPinned:    %s\nPresented: %s"
            + "\n\nThe agent's key may have been made anew, or someone is in between. If you know the new one is the "
            + "agent's, delete its line from %s and connect again.";

    private Messages() {
    }
}
