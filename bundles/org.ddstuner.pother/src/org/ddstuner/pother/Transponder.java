package org.ddstuner.pother;

import java.time.Duration;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.SampleView;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;

/**
 * The echo half of a Pother latency pair: every sample read on {@code Pother_NAME_Ping} goes back on
 * {@code Pother_NAME_Echo} from the listener, written straight from the reader's sample slot (no copy), after
 * stamping two members in it: the sample's source timestamp and the arrival time here.
 */
public final class Transponder implements AutoCloseable {

    private final TransponderDefinition definition;
    private final Topic pingTopic;
    private final Topic echoTopic;
    private final Reader reader;
    private final Writer writer;
    private final SampleView.Visitor echo = this::echo;
    private final Object lock = new Object();
    private volatile long echoed;

    public Transponder(Participant participant, TransponderDefinition definition) {
        this.definition = definition;
        StructType type = PotherType.create();
        pingTopic = participant.createTopic(PotherType.topicName(definition.name(), "Ping"), type, null);
        echoTopic = participant.createTopic(PotherType.topicName(definition.name(), "Echo"), type, null);
        writer = participant.createWriter(echoTopic, definition.qos());
        reader = participant.createReader(pingTopic, definition.qos());
        reader.setListener(this::onDataAvailable);
    }

    public TransponderDefinition definition() {
        return definition;
    }

    /** Waits until a transceiver writes to us and reads our echoes. */
    public boolean awaitTransceiver(Duration timeout) {
        return Matching.await(() -> writer.publicationMatched().currentCount() > 0
                && reader.subscriptionMatched().currentCount() > 0, timeout);
    }

    /** Samples echoed so far. */
    public long echoed() {
        return echoed;
    }

    private void onDataAvailable() {
        synchronized (lock) {
            // small takes (see Transceiver.TAKE_MAX), repeated while full
            int got = 0;
            int n;
            do {
                n = reader.take(Transceiver.TAKE_MAX, echo);
                got += n;
            } while (n == Transceiver.TAKE_MAX);
            if (got > 0 && Writer.writeBatching()) {
                writer.flush(); // an echo must leave now, not when the batch is full
            }
        }
    }

    private void echo(SampleView v) {
        if (!v.validData()) {
            return;
        }
        long arrival = DdsTime.now();
        v.setInt64(PotherType.SOURCE_TIME, v.sourceTimestampNanos());
        v.setInt64(PotherType.ARRIVAL_TIME, arrival);
        writer.write(v);
        echoed++;
    }

    @Override
    public void close() {
        reader.close();
        writer.close();
        pingTopic.close();
        echoTopic.close();
    }
}
