package org.ddstuner.samples.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Sample;

/**
 * Publication handle (SampleInfo.publicationHandle) → writer GUID. Cyclone uses an endpoint's instance
 * handle both as the instance handle of its DCPSPublication sample and as the publication handle in the
 * sample infos of the readers it matches, so a private DCPSPublication reader gives the mapping.
 */
public final class WriterDirectory implements AutoCloseable {

    private final BuiltinReader<EndpointData> publications;
    private final Map<Long, Guid> byHandle = new ConcurrentHashMap<>();

    public WriterDirectory(Participant participant) {
        this.publications = BuiltinReader.publications(participant);
    }

    /** The writer's GUID, or {@code null} if discovery has not told us (yet). Call from one thread. */
    public Guid writerOf(long publicationHandle) {
        if (publicationHandle == 0) {
            return null;
        }
        Guid g = byHandle.get(publicationHandle);
        if (g == null) {
            refresh();
            g = byHandle.get(publicationHandle);
        }
        return g;
    }

    private void refresh() {
        if (publications.isClosed()) {
            return;
        }
        for (List<Sample<EndpointData>> b = publications.take(256); !b.isEmpty(); b = publications.take(256)) {
            for (Sample<EndpointData> s : b) {
                // gone writers are kept too: their last samples may still be in the ring
                if (s.data() != null && s.data().key() != null) {
                    byHandle.put(s.info().instanceHandle(), s.data().key());
                }
            }
        }
    }

    @Override
    public void close() {
        publications.close();
    }
}
