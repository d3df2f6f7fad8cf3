#!/usr/bin/env python3
"""A Cyclone DDS 11.0.1 writer and reader of one type per XTypes extensibility, in the data
representation asked for: what RTI Connext and Fast DDS applications look like to DDS Tuner (their
IDL/XML types default to @appendable; their writers offer XCDR1 unless told otherwise).

The types, declared again in IDL in TYPES_IDL below (tests import that text; keep both in step):

  module xt {
    @final      struct Fin  { @key long long id; double value; string label; };
    @appendable struct App  { @key long long id; double value; string label; };
    @appendable struct Point { double x; double y; };
    @appendable struct Nest { @key long long id; Point pos; sequence<Point> path; string label; };
    @appendable struct Opt  { @key long long id; @optional double value; @optional string label; Point pos; };
    @mutable    struct Mut  { @key long long id; double value; string label; @optional long count; Point pos; };
  };

Topics (P = --topic-prefix): writers on P+Fin, P+App, P+Nest, P+Opt, P+Mut write sample(kind, round) every
--period-ms; readers on P+FinIn, P+AppIn, ... print every sample another participant writes as
    SAMPLE <topic> <json>
(json: the fields, absent optionals as null). --repr 1|2 is the writers' DataRepresentation (XCDR1 or
XCDR2); --reader-repr 1|2|12 the readers' (12: both, which accepts either writer). Reliable, volatile,
keep-last 10, default partition.

Prints "INFO key=value" lines and READY, then runs until SIGTERM/SIGINT or its stdin (when a pipe)
closes. Run only inside releng/scripts/netns-run.sh (libddsc 11 sends a multicast probe).
"""
import argparse
import json
import os
import sys
from dataclasses import dataclass, asdict
from typing import Optional

from cyclonedds.core import Qos, Policy
from cyclonedds.domain import Domain, DomainParticipant
from cyclonedds.idl import IdlStruct
from cyclonedds.idl.annotations import key, appendable, mutable, final
from cyclonedds.idl.types import int32, int64, float64, sequence
from cyclonedds.pub import DataWriter
from cyclonedds.sub import DataReader
from cyclonedds.topic import Topic
from cyclonedds.util import duration

from peer_stop import stop_on_signals, watch_stdin

TYPES_IDL = """module xt {
  @final      struct Fin  { @key long long id; double value; string label; };
  @appendable struct App  { @key long long id; double value; string label; };
  @appendable struct Point { double x; double y; };
  @appendable struct Nest { @key long long id; Point pos; sequence<Point> path; string label; };
  @appendable struct Opt  { @key long long id; @optional double value; @optional string label; Point pos; };
  @mutable    struct Mut  { @key long long id; double value; string label; @optional long count; Point pos; };
};
"""


@final
@dataclass
class Fin(IdlStruct, typename="xt::Fin"):
    id: int64
    key("id")
    value: float64
    label: str


@appendable
@dataclass
class App(IdlStruct, typename="xt::App"):
    id: int64
    key("id")
    value: float64
    label: str


@appendable
@dataclass
class Point(IdlStruct, typename="xt::Point"):
    x: float64
    y: float64


@appendable
@dataclass
class Nest(IdlStruct, typename="xt::Nest"):
    id: int64
    key("id")
    pos: Point
    path: sequence[Point]
    label: str


@appendable
@dataclass
class Opt(IdlStruct, typename="xt::Opt"):
    id: int64
    key("id")
    value: Optional[float64]
    label: Optional[str]
    pos: Point


@mutable
@dataclass
class Mut(IdlStruct, typename="xt::Mut"):
    id: int64
    key("id")
    value: float64
    label: str
    count: Optional[int32]
    pos: Point


TYPES = {"Fin": Fin, "App": App, "Nest": Nest, "Opt": Opt, "Mut": Mut}


def sample(kind, n):
    """What the writer of `kind` writes in round n (tests assert on these values): ids 1 and 2 alternate."""
    i = 1 + n % 2
    if kind == "Fin":
        return Fin(id=i, value=n + 0.5, label="f%d" % n)
    if kind == "App":
        return App(id=i, value=n + 0.5, label="a%d" % n)
    if kind == "Nest":
        return Nest(id=i, pos=Point(x=float(n), y=-1.5), path=[Point(x=float(k), y=0.25) for k in range(n % 3)],
                    label="n%d" % n)
    if kind == "Opt":
        return Opt(id=i, value=(n + 0.5) if n % 2 == 0 else None, label=None if n % 2 == 0 else "o%d" % n,
                   pos=Point(x=2.0, y=float(n)))
    return Mut(id=i, value=n + 0.5, label="m%d" % n, count=n if n % 2 == 0 else None, pos=Point(x=-3.0, y=float(n)))


def representation(which):
    return Policy.DataRepresentation(use_cdrv0_representation="1" in which, use_xcdrv2_representation="2" in which)


def main(argv):
    p = argparse.ArgumentParser(description="writer and reader of one type per XTypes extensibility")
    p.add_argument("--domain", type=int, default=0)
    p.add_argument("--repr", choices=["1", "2"], default="2", help="writers' data representation: XCDR1 or XCDR2")
    p.add_argument("--reader-repr", choices=["1", "2", "12"], default="12", help="readers' data representations")
    p.add_argument("--topic-prefix", default="Xt")
    p.add_argument("--kinds", default=",".join(TYPES), help="comma-separated subset of " + ",".join(TYPES))
    p.add_argument("--period-ms", type=int, default=100)
    args = p.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]

    stop = stop_on_signals()
    config = os.environ.get("CYCLONEDDS_URI") or "file://" + os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "cyclonedds-peer.xml")
    domain = Domain(args.domain, config)
    dp = DomainParticipant(args.domain, qos=Qos(Policy.EntityName("xtypes_peer")))
    base = Qos(Policy.Reliability.Reliable(duration(milliseconds=100)), Policy.Durability.Volatile,
               Policy.History.KeepLast(10))
    writers = {}
    readers = {}
    for k in kinds:
        # the topic QoS must allow what the endpoints ask for (Cyclone checks writers and readers against it)
        out = Topic(dp, args.topic_prefix + k, TYPES[k], qos=Qos(representation("12")))
        inp = Topic(dp, args.topic_prefix + k + "In", TYPES[k], qos=Qos(representation("12")))
        writers[k] = DataWriter(dp, out, qos=base + Qos(representation(args.repr), Policy.EntityName("w_" + k)))
        readers[k] = DataReader(dp, inp, qos=base + Qos(representation(args.reader_repr),
                                                        Policy.IgnoreLocal.Participant, Policy.EntityName("r_" + k)))
    print(f"INFO guid={dp.guid}")
    print(f"INFO pid={os.getpid()}")
    print(f"INFO repr=XCDR{args.repr} reader-repr={args.reader_repr}")
    for k in kinds:
        print(f"INFO topic={args.topic_prefix + k} xt::{k}")
    print("READY", flush=True)

    watch_stdin(stop)
    n = 0
    while not stop.is_set():
        for k in list(writers):
            try:
                writers[k].write(sample(k, n))
            except Exception as e:  # a refusal is a finding: say it once, stop writing that kind
                print(f"ERR {args.topic_prefix + k} XCDR{args.repr} {type(e).__name__}: {e}", flush=True)
                del writers[k]
        for k in kinds:
            for s in readers[k].take(N=100):
                if isinstance(s, IdlStruct):
                    print(f"SAMPLE {args.topic_prefix + k}In {json.dumps(asdict(s), sort_keys=True)}", flush=True)
        n += 1
        stop.wait(args.period_ms / 1000.0)
    del domain
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
