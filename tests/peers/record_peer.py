#!/usr/bin/env python3
"""A Cyclone DDS 11.0.1 peer for the recording and replay tests (org.ddstuner.record.tests).

--mode write: waits (up to --match-timeout s) for a reader of the topic, writes --count samples of
  tuner::Recorded (keyed by id; seq counts 0, 1, 2...) every --period-ms, prints "WROTE n", and stays
  (its writer remains discoverable) until stopped.
--mode echo: reads the topic and prints "ECHO seq id value text" per sample received.
Both in partition --partition with reliable, volatile, KEEP_LAST 1000 QoS. It prints READY once its
entities exist. libddsc 11.x sends a multicast probe: run it only inside releng/scripts/netns-run.sh.
"""
import argparse
import os
import sys
import time
from dataclasses import dataclass

from cyclonedds.core import Qos, Policy
from cyclonedds.domain import Domain, DomainParticipant
from cyclonedds.idl import IdlStruct
from cyclonedds.idl.annotations import key
from cyclonedds.idl.types import int32, uint32, float64, sequence, float32
from cyclonedds.pub import Publisher, DataWriter
from cyclonedds.sub import Subscriber, DataReader
from cyclonedds.topic import Topic
from cyclonedds.util import duration

from peer_stop import stop_on_signals, watch_stdin

DEFAULT_CONFIG = "file://" + os.path.join(os.path.dirname(os.path.abspath(__file__)), "cyclonedds-peer.xml")


@dataclass
class Recorded(IdlStruct, typename="tuner::Recorded"):
    id: int32
    key("id")
    seq: uint32
    value: float64
    text: str
    data: sequence[float32]


def main(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--domain", type=int, default=0)
    p.add_argument("--mode", choices=["write", "echo"], required=True)
    p.add_argument("--topic", default="Recorded")
    p.add_argument("--partition", default="rec")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--period-ms", type=float, default=10)
    p.add_argument("--match-timeout", type=float, default=20)
    args = p.parse_args(argv)
    stop = stop_on_signals()
    domain = Domain(args.domain, os.environ.get("CYCLONEDDS_URI") or DEFAULT_CONFIG)  # kept: its config is used
    assert domain
    dp = DomainParticipant(args.domain, qos=Qos(Policy.EntityName("record_peer_" + args.mode)))
    qos = Qos(Policy.Reliability.Reliable(duration(milliseconds=100)), Policy.Durability.Volatile,
              Policy.History.KeepLast(1000))
    topic = Topic(dp, args.topic, Recorded, qos=qos)
    if args.mode == "write":
        w = DataWriter(Publisher(dp, qos=Qos(Policy.Partition([args.partition]))), topic, qos=qos)
        print(f"INFO guid={w.guid}")
        print("READY", flush=True)
        watch_stdin(stop)
        end = time.time() + args.match_timeout
        while w.get_publication_matched_status().current_count == 0 and time.time() < end and not stop.is_set():
            time.sleep(0.02)
        time.sleep(0.3)  # let the reader's other half (its QoS, its partitions) settle
        for i in range(args.count):
            w.write(Recorded(id=i % 3, seq=i, value=i * 0.5, text="s%d" % i, data=[float(i), -1.0]))
            if args.period_ms > 0:
                time.sleep(args.period_ms / 1000.0)
        print(f"WROTE {args.count}", flush=True)
        stop.wait()
    else:
        r = DataReader(Subscriber(dp, qos=Qos(Policy.Partition([args.partition]))), topic, qos=qos)
        print(f"INFO guid={r.guid}")
        print("READY", flush=True)
        watch_stdin(stop)
        while not stop.is_set():
            for s in r.take(N=500):
                if isinstance(s, Recorded):
                    print(f"ECHO {s.seq} {s.id} {s.value} {s.text}", flush=True)
            time.sleep(0.005)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
