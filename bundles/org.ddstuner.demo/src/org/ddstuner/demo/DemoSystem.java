package org.ddstuner.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.types.TypeLibrary;

/**
 * The built-in "Local demo": a small living DDS system of Java participants, so a new user sees
 * something at once. It runs on whatever {@link Domain} it is given (the product uses a loopback-only
 * configuration). What it creates, and what a user should see:
 * <ul>
 * <li><b>SensorHub</b> writes {@value #SENSORS} (keyed by sensor_id, 4 instances, 10 Hz) in partition
 * "sensors", reliable, keep-last 8.</li>
 * <li><b>Dashboard</b> reads {@value #SENSORS} in "sensors", {@value #ALARMS} (transient-local) and
 * {@value #HEARTBEAT} (best-effort, default partition).</li>
 * <li><b>Controller</b> writes {@value #COMMANDS} in "control" (reliable, deadline 1 s) and reads
 * {@value #SENSORS} through the wildcard partition "sens*".</li>
 * <li><b>Actuator</b> reads {@value #COMMANDS} in "control" and writes {@value #ALARMS} (transient-local).</li>
 * <li><b>Logger</b> reads {@value #SENSORS} in "sensors" but requests transient-local durability from a
 * volatile writer: a reader that does not match, to show the explanation.</li>
 * <li><b>Radar</b> writes {@value #TRACKS} (3 tracks, 5 Hz, reliable, keep-last 4) in the default partition,
 * a richer type (enum, nested struct, bounded sequence of structs, bounded string, optional member) written
 * from its IDL alone; the Dashboard reads it.</li>
 * <li><b>Blinker</b> comes and goes: it exists for {@link #BLINK_ON} out of every {@link #BLINK_PERIOD},
 * writing {@value #HEARTBEAT} in the default partition.</li>
 * </ul>
 * Every topic carries XTypes type information generated from the demo's IDL ({@link #types()}), so tools
 * in other processes can learn the types over the wire.
 */
public final class DemoSystem implements AutoCloseable {

    public static final String SENSORS = "SensorReadings";
    public static final String COMMANDS = "Commands";
    public static final String ALARMS = "Alarms";
    public static final String HEARTBEAT = "Heartbeat";
    public static final String TRACKS = "Tracks";
    public static final List<String> TOPICS = List.of(SENSORS, COMMANDS, ALARMS, HEARTBEAT, TRACKS);
    /** The IDL type of each topic (declared in {@link DemoTypes#IDL_RESOURCE}, see {@link #types()}). */
    public static final Map<String, String> TOPIC_TYPES = Map.of(SENSORS, DemoTypes.SENSOR_READING, COMMANDS,
            DemoTypes.COMMAND, ALARMS, DemoTypes.ALARM, HEARTBEAT, DemoTypes.HEARTBEAT, TRACKS, DemoTypes.TRACK);
    public static final List<String> PARTICIPANTS = List.of("SensorHub", "Dashboard", "Controller", "Actuator", "Logger",
            "Radar", "Blinker");
    public static final List<String> PARTITIONS = List.of("sensors", "control", "sens*");
    public static final Duration BLINK_PERIOD = Duration.ofSeconds(12);
    public static final Duration BLINK_ON = Duration.ofSeconds(7);

    private final Domain domain;
    private final List<Participant> participants = new ArrayList<>();
    private final ScheduledExecutorService timer;
    private final Consumer<Throwable> errors;
    private final StructType sensorType = DemoTypes.sensorReading();
    private final StructType commandType = DemoTypes.command();
    private final StructType alarmType = DemoTypes.alarm();
    private final StructType heartbeatType = DemoTypes.heartbeat();
    private Writer sensorWriter;
    private Writer commandWriter;
    private Writer alarmWriter;
    private TrackFeed tracks;
    private volatile Participant blinker;
    private volatile Writer heartbeatWriter;
    private long seq;
    private long heartbeats;
    private volatile boolean closed;

    private DemoSystem(Domain domain, Consumer<Throwable> errors) {
        this.domain = domain;
        this.errors = errors;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ddstuner-demo");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts the demo on {@code domain}; errors while running go to {@code errors} (never thrown into DDS threads). */
    public static DemoSystem start(Domain domain, Consumer<Throwable> errors) {
        DemoSystem demo = new DemoSystem(domain, errors);
        try {
            demo.build();
        } catch (RuntimeException e) {
            demo.close();
            throw e;
        }
        demo.timer.scheduleAtFixedRate(demo.guard(demo::tick), 100, 100, TimeUnit.MILLISECONDS);
        demo.timer.scheduleAtFixedRate(demo.guard(demo::blink), 0, BLINK_PERIOD.toMillis(), TimeUnit.MILLISECONDS);
        return demo;
    }

    public static DemoSystem start(Domain domain) {
        return start(domain, Throwable::printStackTrace);
    }

    private Participant participant(String name) {
        Participant p = domain.createParticipant(Qos.EMPTY.withEntityName(name));
        participants.add(p);
        return p;
    }

    private void build() {
        Qos reliable = Qos.EMPTY.withReliable().withKeepLast(8);
        Qos transientLocal = reliable.withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL);
        Qos deadline = reliable.with(new Qos.Deadline(Duration.ofSeconds(1)));

        Participant hub = participant("SensorHub");
        Topic sensors = hub.createTopic(SENSORS, sensorType, reliable);
        Publisher hubPub = hub.createPublisher(Qos.EMPTY.withPartitions("sensors"));
        sensorWriter = hubPub.createWriter(sensors, reliable);

        Participant dashboard = participant("Dashboard");
        Subscriber dashSub = dashboard.createSubscriber(Qos.EMPTY.withPartitions("sensors"));
        dashSub.createReader(dashboard.createTopic(SENSORS, sensorType, reliable), reliable);
        dashSub.createReader(dashboard.createTopic(ALARMS, alarmType, transientLocal), transientLocal);
        dashboard.createReader(dashboard.createTopic(HEARTBEAT, heartbeatType, null), Qos.EMPTY.withBestEffort());

        Participant controller = participant("Controller");
        Publisher ctrlPub = controller.createPublisher(Qos.EMPTY.withPartitions("control"));
        commandWriter = ctrlPub.createWriter(controller.createTopic(COMMANDS, commandType, deadline), deadline);
        Subscriber ctrlSub = controller.createSubscriber(Qos.EMPTY.withPartitions("sens*"));
        ctrlSub.createReader(controller.createTopic(SENSORS, sensorType, reliable), reliable);

        Participant actuator = participant("Actuator");
        Subscriber actSub = actuator.createSubscriber(Qos.EMPTY.withPartitions("control"));
        actSub.createReader(actuator.createTopic(COMMANDS, commandType, deadline), deadline);
        Publisher actPub = actuator.createPublisher(Qos.EMPTY.withPartitions("control"));
        alarmWriter = actPub.createWriter(actuator.createTopic(ALARMS, alarmType, transientLocal), transientLocal);
        // the dashboard reads alarms in "sensors": give the actuator a second writer there too
        Publisher actAlarmPub = actuator.createPublisher(Qos.EMPTY.withPartitions("sensors"));
        actAlarmPub.createWriter(actuator.createTopic(ALARMS, alarmType, transientLocal), transientLocal);

        Participant logger = participant("Logger");
        Subscriber logSub = logger.createSubscriber(Qos.EMPTY.withPartitions("sensors"));
        logSub.createReader(logger.createTopic(SENSORS, sensorType, reliable), transientLocal);

        Qos trackQos = Qos.EMPTY.withReliable().withKeepLast(4);
        tracks = new TrackFeed();
        tracks.startWriting(participant("Radar"), trackQos);
        RawReader.create(dashboard, tracks.topic(dashboard), trackQos);
    }

    private Runnable guard(Runnable r) {
        return () -> {
            if (closed) {
                return;
            }
            try {
                r.run();
            } catch (RuntimeException e) {
                if (!closed) {
                    errors.accept(e);
                }
            }
        };
    }

    private void tick() {
        seq++;
        for (int sensor = 1; sensor <= 4; sensor++) {
            double value = 20.0 + sensor + 2.0 * Math.sin((seq + sensor * 7) / 15.0);
            sensorWriter.write(Map.of("sensor_id", sensor, "value", value, "unit", "degC", "seq", seq));
        }
        if (seq % 10 == 0) {
            commandWriter.write(Map.of("target", "valve-" + (seq / 10 % 3), "code", (int) (seq / 10 % 5), "setpoint",
                    40.0 + seq % 7));
        }
        if (seq % 50 == 0) {
            int id = (int) (seq / 50 % 3);
            alarmWriter.write(Map.of("alarm_id", id, "severity", (short) (id + 1), "active", seq % 100 == 0, "text",
                    "pressure check " + id));
        }
        long ticksPerTrackWrite = 10 / TrackFeed.RATE_HZ;
        if (seq % ticksPerTrackWrite == 0) {
            tracks.write(seq / ticksPerTrackWrite);
        }
        Writer hb = heartbeatWriter;
        if (hb != null && seq % 5 == 0) {
            hb.write(Map.of("node", 7, "count", ++heartbeats));
        }
    }

    /** Brings the Blinker participant up, and schedules it to go away again. */
    private void blink() {
        Participant p = domain.createParticipant(Qos.EMPTY.withEntityName("Blinker"));
        Topic t = p.createTopic(HEARTBEAT, heartbeatType, null);
        heartbeatWriter = p.createWriter(t, Qos.EMPTY.withBestEffort());
        blinker = p;
        timer.schedule(guard(this::unblink), BLINK_ON.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void unblink() {
        Participant p = blinker;
        heartbeatWriter = null;
        blinker = null;
        if (p != null) {
            p.close();
        }
    }

    /**
     * The types of the demo's topics, parsed from its IDL. The demo's writers and readers also announce them
     * as XTypes type information, but libddsc does not put that into the built-in samples of endpoints in the
     * same process: a tool running the demo in-process takes the types from here instead.
     */
    public static TypeLibrary types() {
        return DemoTypes.library();
    }

    public Domain domain() {
        return domain;
    }

    /** The demo's own participants (the Blinker only while it is up). */
    public List<Participant> participants() {
        List<Participant> l = new ArrayList<>(participants);
        Participant b = blinker;
        if (b != null) {
            l.add(b);
        }
        return l;
    }

    @Override
    public void close() {
        closed = true;
        timer.shutdownNow();
        try {
            timer.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Participant b = blinker;
        if (b != null) {
            b.close();
        }
        for (Participant p : participants) {
            p.close();
        }
        participants.clear();
        if (tracks != null) {
            tracks.close(); // after the participants: their Tracks topics use its descriptor
        }
    }
}
