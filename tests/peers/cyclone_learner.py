#!/usr/bin/env python3
"""A foreign tool that knows no types in advance: Cyclone DDS 11.0.1 Python learns a topic's type over
the wire (XTypes TypeLookup, cyclonedds.dynamic) from the first writer it discovers on that topic,
subscribes with it and prints each sample it receives.

    run-peer.sh cyclone_learner --domain N --topic Tracks [--partition sensors] [--timeout-s 20]

Stdout: "INFO type=<scoped name>" once the type is learned, then READY, then one line per valid sample:
"SAMPLE <repr of the Python value>". Exits 3 if no writer or type shows up in time. Run it only inside a
private network namespace (releng/scripts/netns-run.sh), normally through tests/peers/run-peer.sh.
"""
import argparse
import os
import sys
import time

from cyclonedds.builtin import BuiltinDataReader, BuiltinTopicDcpsPublication
from cyclonedds.core import Qos, Policy
from cyclonedds.domain import Domain, DomainParticipant
from cyclonedds.dynamic import get_types_for_typeid
from cyclonedds.sub import Subscriber, DataReader
from cyclonedds.topic import Topic
from cyclonedds.util import duration

from peer_stop import stop_on_signals, watch_stdin


DEFAULT_CONFIG = "file://" + os.path.join(os.path.dirname(os.path.abspath(__file__)), "cyclonedds-peer.xml")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--domain", type=int, required=True)
    p.add_argument("--topic", required=True)
    p.add_argument("--partition", default=None, help="subscriber partition (default partition if absent)")
    p.add_argument("--timeout-s", type=float, default=20.0, help="how long to wait for a writer and its type")
    p.add_argument("--config", default=None,
                   help="Cyclone XML config (text or file:// URI); default: CYCLONEDDS_URI if set, "
                        "else cyclonedds-peer.xml next to this script (as cyclone_peer)")
    return p.parse_args(argv)


def find_writer(dp, topic, deadline):
    reader = BuiltinDataReader(dp, BuiltinTopicDcpsPublication)
    while time.monotonic() < deadline:
        for s in reader.take(N=100):
            if getattr(s, "topic_name", None) == topic and getattr(s, "type_id", None) is not None:
                return s
        time.sleep(0.05)
    return None


def main(argv):
    args = parse_args(argv)
    deadline = time.monotonic() + args.timeout_s
    config = args.config or os.environ.get("CYCLONEDDS_URI") or DEFAULT_CONFIG
    domain = Domain(args.domain, config)  # noqa: F841 (kept alive: the participant joins this domain)
    dp = DomainParticipant(args.domain)
    pub = find_writer(dp, args.topic, deadline)
    if pub is None:
        print(f"no writer with type information on topic {args.topic} within {args.timeout_s} s", file=sys.stderr)
        return 3
    remaining = max(1.0, deadline - time.monotonic())
    datatype, _ = get_types_for_typeid(dp, pub.type_id, duration(seconds=remaining))
    print(f"INFO type={pub.type_name}")
    topic = Topic(dp, args.topic, datatype)
    sub = Subscriber(dp, qos=Qos(Policy.Partition([args.partition]))) if args.partition else Subscriber(dp)
    reader = DataReader(sub, topic, qos=Qos(Policy.Reliability.Reliable(duration(seconds=1)),
                                            Policy.History.KeepLast(16)))
    print("READY", flush=True)

    stop = stop_on_signals()
    watch_stdin(stop)
    end = time.monotonic() + 120
    while not stop.is_set() and time.monotonic() < end:
        for s in reader.take(N=64):
            print("SAMPLE " + repr(s), flush=True)
        stop.wait(0.05)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
