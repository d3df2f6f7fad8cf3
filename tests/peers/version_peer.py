#!/usr/bin/env python3
"""A Cyclone DDS 11.0.1 writer of one version of an evolving type, for DDS Tuner's type comparison tests.

Several of these on one topic, each with another --version, are what a system looks like while its
applications are upgraded one by one: writers of one topic whose types differ. The tool learns each
writer's type over the wire (XTypes TypeLookup) and compares them.

  version 1   @appendable struct tuner::Reading { @key int32 id; float64 value; };
  version 2   version 1 plus `string unit;` at the end (assignable both ways)
  version 3   version 1 with `value` as float32 (not assignable: no primitive widening)

Prints "INFO key=value" lines and READY, writes every --period-ms until SIGTERM/SIGINT or its stdin
(when a pipe) closes. Run only inside releng/scripts/netns-run.sh (libddsc 11 sends a multicast probe).
"""
import argparse
import os
import sys
from dataclasses import dataclass

from cyclonedds.core import Qos, Policy
from cyclonedds.domain import Domain, DomainParticipant
from cyclonedds.idl import IdlStruct
from cyclonedds.idl.annotations import key, appendable
from cyclonedds.idl.types import int32, float32, float64
from cyclonedds.pub import DataWriter
from cyclonedds.topic import Topic

from peer_stop import stop_on_signals, watch_stdin


@dataclass
@appendable
class ReadingV1(IdlStruct, typename="tuner::Reading"):
    id: int32
    key("id")
    value: float64


@dataclass
@appendable
class ReadingV2(IdlStruct, typename="tuner::Reading"):
    id: int32
    key("id")
    value: float64
    unit: str


@dataclass
@appendable
class ReadingV3(IdlStruct, typename="tuner::Reading"):
    id: int32
    key("id")
    value: float32


VERSIONS = {1: ReadingV1, 2: ReadingV2, 3: ReadingV3}
DEFAULT_CONFIG = "file://" + os.path.join(os.path.dirname(os.path.abspath(__file__)), "cyclonedds-peer.xml")


def sample(version, count):
    if version == 2:
        return ReadingV2(id=1, value=float(count), unit="m")
    return VERSIONS[version](id=1, value=float(count))


def main(argv):
    p = argparse.ArgumentParser(description="writer of one version of tuner::Reading")
    p.add_argument("--domain", type=int, default=0)
    p.add_argument("--topic", default="Readings")
    p.add_argument("--version", type=int, choices=sorted(VERSIONS), default=1)
    p.add_argument("--name", default=None, help="participant entity name (default version_peer_vN)")
    p.add_argument("--period-ms", type=int, default=200)
    args = p.parse_args(argv)
    name = args.name or "version_peer_v%d" % args.version

    stop = stop_on_signals()
    domain = Domain(args.domain, os.environ.get("CYCLONEDDS_URI") or DEFAULT_CONFIG)
    dp = DomainParticipant(args.domain, qos=Qos(Policy.EntityName(name)))
    topic = Topic(dp, args.topic, VERSIONS[args.version])
    writer = DataWriter(dp, topic, qos=Qos(Policy.Reliability.Reliable(0), Policy.EntityName("writer_v%d" % args.version)))
    print(f"INFO guid={dp.guid}")
    print(f"INFO topic={args.topic} tuner::Reading version={args.version}")
    print("READY", flush=True)

    watch_stdin(stop)
    count = 0
    while not stop.is_set():
        writer.write(sample(args.version, count))
        count += 1
        stop.wait(args.period_ms / 1000.0)
    del domain
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
