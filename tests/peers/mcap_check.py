#!/usr/bin/env python3
"""Reads an MCAP file with the `mcap` package from PyPI (a reader DDS Tuner did not write) and prints one JSON
object: the summary's statistics, schemas, channels, and per message (channel, log_time, publish_time, first 12
bytes as hex). The record tests compare it with what they recorded. CRCs are validated (a mismatch raises)."""
import json
import sys

from mcap.reader import make_reader
from mcap.stream_reader import StreamReader


def main(path):
    with open(path, "rb") as f:
        records = sum(1 for _ in StreamReader(f, validate_crcs=True).records)  # every record, CRCs checked
    with open(path, "rb") as f:
        r = make_reader(f, validate_crcs=True)
        s = r.get_summary()
        out = {
            "records": records,
            "header_library": r.get_header().library,
            "message_count": s.statistics.message_count if s and s.statistics else None,
            "chunk_count": s.statistics.chunk_count if s and s.statistics else None,
            "schemas": [{"id": x.id, "name": x.name, "encoding": x.encoding, "data": x.data.decode("utf-8")}
                        for x in s.schemas.values()],
            "channels": [{"id": c.id, "topic": c.topic, "schema_id": c.schema_id, "encoding": c.message_encoding,
                          "metadata": c.metadata} for c in s.channels.values()],
            "metadata": [{"name": m.name, "metadata": m.metadata} for m in r.iter_metadata()],
            "messages": [[ch.id, m.log_time, m.publish_time, m.data[:12].hex()]
                         for (_, ch, m) in r.iter_messages(log_time_order=False)],
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
