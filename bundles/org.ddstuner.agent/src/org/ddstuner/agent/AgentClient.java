package org.ddstuner.agent;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Writer;

/**
 * Talks to the agents ({@code libddstuner_agent.so}) embedded in running applications: discovers them, lists a
 * process's entities and their QoS, and sends signed set-QoS requests, waiting for each reply. Its endpoints live on
 * the caller's participant (which should carry the tool's marker, so views flag them as the tool's).
 */
public final class AgentClient implements AutoCloseable {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Publisher publisher;
    private final Subscriber subscriber;
    private final Writer requests;
    private final Reader replies;
    private final Reader announcements;
    private final Reader statistics;
    private final String clientId;
    private final AtomicLong nextRequest = new AtomicLong(1);
    private final Map<String, AgentInfo> agents = new LinkedHashMap<>();
    private final List<AgentReply> pending = new ArrayList<>();

    public AgentClient(Participant participant) {
        Qos part = Qos.EMPTY.withPartitions(AgentProtocol.PARTITION);
        publisher = participant.createPublisher(part);
        subscriber = participant.createSubscriber(part);
        Qos rr = Qos.EMPTY.withReliable().withKeepLast(64);
        requests = publisher.createWriter(participant.createTopic(AgentProtocol.REQUEST_TOPIC, AgentProtocol.requestType(), Qos.EMPTY), rr);
        replies = subscriber.createReader(participant.createTopic(AgentProtocol.REPLY_TOPIC, AgentProtocol.replyType(), Qos.EMPTY), rr);
        announcements = subscriber.createReader(
                participant.createTopic(AgentProtocol.ANNOUNCEMENT_TOPIC, AgentProtocol.announcementType(), Qos.EMPTY),
                Qos.EMPTY.withReliable().withKeepLast(1).withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL));
        statistics = subscriber.createReader(
                participant.createTopic(AgentProtocol.STATISTICS_TOPIC, AgentProtocol.statisticsType(), Qos.EMPTY),
                Qos.EMPTY.withBestEffort().withKeepLast(256));
        byte[] id = new byte[6];
        RANDOM.nextBytes(id);
        clientId = "ddstuner-" + ProcessHandle.current().pid() + "-" + HexFormat.of().formatHex(id);
    }

    /** The agents announced so far (latest announcement of each; "stopped" ones included). */
    public synchronized List<AgentInfo> agents() {
        for (Sample<Map<String, Object>> s : announcements.take(256)) {
            if (s.info().validData()) {
                Map<String, Object> m = s.data();
                AgentInfo a = new AgentInfo(str(m, "agent"), (Integer) m.get("version"), (Long) m.get("pid"),
                        str(m, "host"), str(m, "process"), str(m, "library"), str(m, "library_version"),
                        Boolean.TRUE.equals(m.get("writable")), str(m, "state"));
                agents.put(a.agent(), a);
            }
        }
        return List.copyOf(agents.values());
    }

    /** The statistics samples received since the last call (every agent's, oldest first). */
    public List<AgentStatistics> statistics() {
        return AgentStatisticsFeed.take(statistics);
    }

    /** Waits until the agent of process pid has announced itself as running. */
    public AgentInfo awaitAgent(long pid, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        do {
            for (AgentInfo a : agents()) {
                // and our request writer matched (some agent's reader): saves the first request a resend
                if (a.pid() == pid && "running".equals(a.state()) && requests.publicationMatched().currentCount() > 0) {
                    return a;
                }
            }
            announcements.waitForData(Duration.ofMillis(100));
        } while (System.nanoTime() < end);
        throw new IllegalStateException("no agent of pid " + pid + " announced itself within " + timeout);
    }

    /** The entities of the agent's process. */
    public List<AgentEntity> list(String agent, Duration timeout) throws InterruptedException {
        AgentReply r = send(agent, AgentProtocol.OP_LIST, "", "", null, timeout);
        if (!r.ok()) {
            throw new IllegalStateException("LIST refused by " + agent + ": " + r.result() + " " + r.message());
        }
        List<AgentEntity> out = new ArrayList<>();
        for (String line : r.body().split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            Map<String, String> all = QosText.parse(line);
            String id = all.remove("id");
            String kind = all.remove("kind");
            String parent = all.remove("parent");
            String topic = all.containsKey("topic") ? QosText.decodeString(all.remove("topic")) : "";
            String type = all.containsKey("type") ? QosText.decodeString(all.remove("type")) : "";
            all.remove("domain");
            out.add(new AgentEntity(id, kind, parent, topic, type, Map.copyOf(all)));
        }
        return out;
    }

    /** The QoS in force on one entity. */
    public AgentReply getQos(String agent, String target, Duration timeout) throws InterruptedException {
        return send(agent, AgentProtocol.OP_GET_QOS, target, "", null, timeout);
    }

    /**
     * Asks the agent to set policies ("name=value;...", see README) on entity target; signs the request with secret
     * (null = unsigned, which the agent refuses). Returns the agent's reply, with the QoS now in force.
     */
    public AgentReply setQos(String agent, String target, String qos, byte[] secret, Duration timeout)
            throws InterruptedException {
        return send(agent, AgentProtocol.OP_SET_QOS, target, qos, secret, timeout);
    }

    /**
     * Sends one request (any version, for tests of refusals) and waits for its reply. Requests are volatile: one written
     * before both sides have discovered each other's endpoints is lost, so it is sent again (same request id, fresh
     * nonce and signature) every {@link #RESEND} until a reply comes. Setting QoS is idempotent, so a repeat that
     * reaches the agent too does no harm (it logs both).
     */
    public AgentReply send(int version, String agent, int op, String target, String qos, byte[] secret, Duration timeout)
            throws InterruptedException {
        long id = nextRequest.getAndIncrement();
        long end = System.nanoTime() + timeout.toNanos();
        for (;;) {
            write(version, agent, op, target, qos, secret, id);
            long left = end - System.nanoTime();
            AgentReply r = await(agent, id, Duration.ofNanos(Math.min(left, RESEND.toNanos())));
            if (r != null) {
                return r;
            }
            if (System.nanoTime() >= end) {
                throw new IllegalStateException("no reply from agent " + agent + " to request " + id + " within " + timeout);
            }
        }
    }

    /** How long a request waits for its reply before it is sent again. */
    static final Duration RESEND = Duration.ofMillis(1000);

    private void write(int version, String agent, int op, String target, String qos, byte[] secret, long id) {
        long ts = System.currentTimeMillis() * 1_000_000L;
        byte[] n = new byte[12];
        RANDOM.nextBytes(n);
        String nonce = HexFormat.of().formatHex(n);
        String hmac = secret == null ? ""
                : RequestSigner.hmac(secret, RequestSigner.canonical(version, agent, clientId, id, op, target, qos, ts, nonce));
        Map<String, Object> m = new HashMap<>();
        m.put("version", version);
        m.put("client", clientId);
        m.put("request_id", id);
        m.put("agent", agent);
        m.put("op", op);
        m.put("target", target);
        m.put("qos", qos);
        m.put("timestamp_ns", ts);
        m.put("nonce", nonce);
        m.put("hmac", hmac);
        requests.write(m);
    }

    private AgentReply send(String agent, int op, String target, String qos, byte[] secret, Duration timeout)
            throws InterruptedException {
        return send(AgentProtocol.VERSION, agent, op, target, qos, secret, timeout);
    }

    private AgentReply await(String agent, long id, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        do {
            synchronized (this) {
                for (Sample<Map<String, Object>> s : replies.take(256)) {
                    Map<String, Object> m = s.data();
                    if (s.info().validData() && clientId.equals(m.get("client"))) {
                        pending.add(new AgentReply(str(m, "agent"), (Long) m.get("request_id"),
                                AgentResult.of((Integer) m.get("result")), str(m, "message"), str(m, "target"),
                                Map.copyOf(QosText.parse(str(m, "qos"))), str(m, "body")));
                    }
                }
                for (AgentReply r : pending) {
                    if (r.requestId() == id && r.agent().equals(agent)) {
                        // this request's reply and any to its repeats that came with it
                        pending.removeIf(x -> x.requestId() == id);
                        return r;
                    }
                }
            }
            replies.waitForData(Duration.ofMillis(50));
        } while (System.nanoTime() < end);
        return null;
    }

    private static String str(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v == null ? "" : v.toString();
    }

    @Override
    public void close() {
        publisher.close();
        subscriber.close();
    }
}
