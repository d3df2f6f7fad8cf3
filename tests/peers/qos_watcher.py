#!/usr/bin/env python3
"""A second participant in another process (Cyclone DDS 11.0.1 Python) that prints what its discovery says
about the writers and readers of one topic, to confirm a QoS change from outside the tool's process.

    run-peer.sh qos_watcher --domain N --topic T [--blob-reader]

Stdout: READY, then for every DCPSPublication/DCPSSubscription sample on T (each change re-announced):
"PUB|SUB <key> strength=<n> user_data=<hex> lifespan_ns=<n> reliability=<name>". Stops on SIGTERM/SIGINT
or when stdin closes (peer_stop.py). Only inside a private network namespace (run-peer.sh checks).
--blob-reader also creates a reliable keep-all reader of T as type ddstuner::Blob {@key int32 id;
sequence<octet> data;} (for the statistics test: a reader in another process that must acknowledge).
"""
import argparse
import os
import sys

from cyclonedds.builtin import BuiltinDataReader, BuiltinTopicDcpsPublication, BuiltinTopicDcpsSubscription
from cyclonedds.core import Policy
from cyclonedds.domain import Domain, DomainParticipant
from cyclonedds.idl import IdlStruct
from cyclonedds.idl.annotations import key
from cyclonedds.idl.types import int32, sequence, uint8
from cyclonedds.core import Qos
from cyclonedds.sub import DataReader
from cyclonedds.topic import Topic
from dataclasses import dataclass

from peer_stop import stop_on_signals, watch_stdin

DEFAULT_CONFIG = "file://" + os.path.join(os.path.dirname(os.path.abspath(__file__)), "cyclonedds-peer.xml")


@dataclass
class Blob(IdlStruct, typename="ddstuner::Blob"):
    id: int32
    key("id")
    data: sequence[uint8]


def policy(qos, p):
    try:
        return qos[p]
    except (KeyError, TypeError):
        return None


def line(kind, s):
    q = s.qos
    strength = policy(q, Policy.OwnershipStrength)
    user = policy(q, Policy.Userdata)
    life = policy(q, Policy.Lifespan)
    rel = policy(q, Policy.Reliability)
    return (f"{kind} {s.key} strength={strength.strength if strength else '-'} "
            f"user_data={user.data.hex() if user else '-'} lifespan_ns={life.lifespan if life else '-'} "
            f"reliability={type(rel).__name__ if rel else '-'}")


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--domain", type=int, required=True)
    p.add_argument("--topic", required=True)
    p.add_argument("--config", default=None)
    p.add_argument("--blob-reader", action="store_true")
    args = p.parse_args(argv)
    config = args.config or os.environ.get("CYCLONEDDS_URI") or DEFAULT_CONFIG
    domain = Domain(args.domain, config)  # noqa: F841 (kept alive)
    dp = DomainParticipant(args.domain)
    pubs = BuiltinDataReader(dp, BuiltinTopicDcpsPublication)
    subs = BuiltinDataReader(dp, BuiltinTopicDcpsSubscription)
    blobs = None
    if args.blob_reader:
        blobs = DataReader(dp, Topic(dp, args.topic, Blob),
                           qos=Qos(Policy.Reliability.Reliable(10**9), Policy.History.KeepAll))
    print("READY", flush=True)
    stop = stop_on_signals()
    watch_stdin(stop)
    while not stop.is_set():
        for kind, reader in (("PUB", pubs), ("SUB", subs)):
            for s in reader.take(N=64):
                if getattr(s, "topic_name", None) == args.topic:
                    print(line(kind, s), flush=True)
        if blobs is not None:
            blobs.take(N=1000)
        stop.wait(0.02)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
