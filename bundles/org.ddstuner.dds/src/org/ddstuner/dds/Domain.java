package org.ddstuner.dds;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.Retcode;

/**
 * A Cyclone domain with an explicit configuration (dds_create_domain). Cyclone allows one
 * configuration per domain id per process: {@link #create} fails with a clear
 * {@link PreconditionNotMetException} when that id is already open here, {@link #open} returns the
 * open domain instead if its configuration is the same. The domain owns the participants created on
 * it; {@link #close()} deletes them all.
 */
public final class Domain implements AutoCloseable {

    private static final Map<Integer, Domain> OPEN = new ConcurrentHashMap<>();

    private final int domainId;
    private final String config;
    private final int handle;
    private final Instant createdAt;
    private final Set<Participant> participants = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private Domain(int domainId, String config, int handle, Instant createdAt) {
        this.domainId = domainId;
        this.config = config;
        this.handle = handle;
        this.createdAt = createdAt;
    }

    /**
     * Creates domain {@code domainId} (0–229) with {@code configXml} (validated first).
     *
     * @throws InvalidConfigException       if the XML is malformed
     * @throws ConfigRejectedException      if Cyclone rejects the well-formed XML (an unknown element, a bad
     *                                      value): the message has Cyclone's words
     * @throws PreconditionNotMetException  if the domain already exists in this process
     */
    public static Domain create(int domainId, String configXml) {
        if (domainId < 0 || domainId > 232) {
            throw new IllegalArgumentException("DDS domain id must be between 0 and 232, not " + domainId);
        }
        CycloneConfig.validate(configXml);
        DdsLibrary.get();
        DdsLog.install(); // keeps what Cyclone logs while the domain starts (e.g. rejected discovery data)
        synchronized (OPEN) {
            Domain existing = OPEN.get(domainId);
            if (existing != null) {
                throw new PreconditionNotMetException(NativeConstants.DDS_RETCODE_PRECONDITION_NOT_MET,
                        "Precondition Not Met", "Domain.create(" + domainId + "): domain " + domainId
                                + " is already open in this process (Cyclone allows one configuration per domain id)");
            }
            Instant started = Instant.now();
            List<LogMessage> logged = new ArrayList<>();
            int h;
            try (Arena a = Arena.ofConfined()) {
                MemorySegment xml = a.allocateFrom(configXml);
                h = DdsLog.capturing(() -> DdsC.dds_create_domain(domainId, xml), logged);
            }
            if (h < 0) {
                List<String> rejected = configErrors(logged);
                if (!rejected.isEmpty()) {
                    throw new ConfigRejectedException(rejected, Retcode.exception(h, "dds_create_domain(" + domainId + ")"));
                }
            }
            Retcode.check(h, "dds_create_domain(" + domainId + "): the domain may already exist in this process "
                    + "(created implicitly by a participant, or by another Domain), or the configuration was rejected "
                    + "(see Cyclone's log)");
            Domain d = new Domain(domainId, configXml, h, started);
            OPEN.put(domainId, d);
            return d;
        }
    }

    /**
     * The errors Cyclone logged about the configuration while creating a domain ("config: //CycloneDDS/Domain/Foo:
     * unknown element"); empty when it logged none (then the failure has another cause).
     */
    static List<String> configErrors(List<LogMessage> logged) {
        return logged.stream().filter(LogMessage::isError).map(m -> m.message().strip())
                .filter(t -> t.startsWith("config:")).distinct().toList();
    }

    /** The open domain with this id if its configuration equals {@code configXml}, otherwise a new one. */
    public static Domain open(int domainId, String configXml) {
        synchronized (OPEN) {
            Domain existing = OPEN.get(domainId);
            if (existing != null) {
                if (!existing.config.equals(configXml)) {
                    throw new PreconditionNotMetException(NativeConstants.DDS_RETCODE_PRECONDITION_NOT_MET,
                            "Precondition Not Met", "Domain.open(" + domainId + "): domain " + domainId
                                    + " is already open in this process with a different configuration");
                }
                return existing;
            }
            return create(domainId, configXml);
        }
    }

    /** The open domain with this id, or a new one with the {@link CycloneConfig#loopbackOnly() loopback-only} config. */
    public static Domain openOrLoopback(int domainId) {
        synchronized (OPEN) {
            Domain existing = OPEN.get(domainId);
            return existing != null ? existing : create(domainId, CycloneConfig.loopbackOnly());
        }
    }

    public int domainId() {
        return domainId;
    }

    /** When creating this domain started; {@link DdsLog} messages about it are not older. */
    public Instant createdAt() {
        return createdAt;
    }

    public String config() {
        return config;
    }

    /** The domain entity handle. */
    public int handle() {
        ensureOpen();
        return handle;
    }

    /** Creates a participant in this domain. */
    public Participant createParticipant(Qos qos) {
        ensureOpen();
        Participant p = Participant.createIn(this, qos);
        participants.add(p);
        return p;
    }

    public Participant createParticipant() {
        return createParticipant(null);
    }

    public List<Participant> participants() {
        return List.copyOf(participants);
    }

    void forget(Participant p) {
        participants.remove(p);
    }

    public boolean isClosed() {
        return closed;
    }

    /** Deletes the domain and every participant in it. */
    @Override
    public void close() {
        synchronized (OPEN) {
            if (closed) {
                return;
            }
            closed = true;
            OPEN.remove(domainId, this);
        }
        List<Participant> ps = new ArrayList<>(participants);
        for (Participant p : ps) {
            p.close();
        }
        participants.clear();
        int rc = DdsC.dds_delete(handle);
        if (rc < 0 && rc != NativeConstants.DDS_RETCODE_ALREADY_DELETED) {
            throw Retcode.exception(rc, "dds_delete(domain " + domainId + ")");
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new AlreadyDeletedException(NativeConstants.DDS_RETCODE_ALREADY_DELETED, "Already Deleted",
                    "Domain " + domainId + " used after close()");
        }
    }

    @Override
    public String toString() {
        return "Domain[" + domainId + (closed ? ", closed" : "") + "]";
    }
}
