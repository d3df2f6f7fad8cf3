#!/usr/bin/env python3
"""Serialized bytes from Cyclone DDS Python 11.0.1 for the types of
tests/org.ddstuner.types.tests/resources/cdr/cyclone11.idl (CdrCyclone11Test compares them with ours).

Each sample is written by a DataWriter whose DataRepresentation QoS asks for XCDR1
(use_cdrv0_representation) or XCDR2, through libddsc 11.0.1 to a DataReader in the same participant, and
the raw serialized data the reader takes (encapsulation header included) is printed:
    VEC <type> <XCDR1|XCDR2> <LE> <hex>
Cyclone only ever puts native (little-endian on x86) data on the wire; the Python serializer can also make
big-endian data, printed from IdlStruct.serialize(endianness=Big) (no DDS involved) as
    VEC <type> <XCDR1|XCDR2> <BE> <hex>
Then the same for a few samples written by libddsc's C serializer (xcdr_libddsc.py), where a refusal is
a result, not an error:
    CVEC <type> <XCDR1|XCDR2> LE <hex>      or      CERR <type> <XCDR1|XCDR2> <message>
and for each CVEC the big-endian body (no encapsulation header) libddsc's dds_stream_write_sampleBE makes:
    CBODY <type> <XCDR1|XCDR2> BE <hex>
With --decode it instead reads lines "<type> <hex>" (bytes made by someone else) from stdin, deserializes
each with Cyclone's deserializer and prints Cyclone's own serialization of the result in the same version
and byte order (no DDS involved):
    RE <type> <hex>
A line "ERR <type> <message>" reports a value Cyclone refused to write or read.

libddsc 11.x sends a multicast probe whatever its configuration: run this only inside
releng/scripts/netns-run.sh, normally through tests/peers/run-peer.sh.
"""
import argparse
import sys
from dataclasses import dataclass
from typing import Optional

from cyclonedds.core import Qos, Policy
from cyclonedds.domain import DomainParticipant
from cyclonedds.idl import IdlStruct, IdlEnum, IdlUnion
from cyclonedds.idl._support import Endianness
from cyclonedds.idl.annotations import key, appendable, mutable, final, member_id
from cyclonedds.idl.types import int16, int32, int64, uint8, float64, sequence, case, default
from cyclonedds.pub import DataWriter
from cyclonedds.sub import DataReader
from cyclonedds.topic import Topic

from xcdr_libddsc import C_TYPES, big_endian_body, take_raw, write_with_libddsc


class Color(IdlEnum, typename="C::Color"):
    RED = 0
    GREEN = 1
    BLUE = 2


@final
@dataclass
class Inner(IdlStruct, typename="C::Inner"):
    s: int16
    d: float64


@final
class U(IdlUnion, discriminator=int32, typename="C::U"):
    a: case[1, int32]
    b: case[2, str]
    c: default[float64]


@final
class EU(IdlUnion, discriminator=Color, typename="C::EU"):
    r: case[Color.RED, uint8]
    g: case[Color.GREEN, Inner]
    b: case[Color.BLUE, sequence[str]]


@appendable
@dataclass
class App(IdlStruct, typename="C::App"):
    id: int32
    s: str
    ol: Optional[int32]
    os: Optional[str]
    inner: Inner
    si: sequence[Inner]
    col: Color


@appendable
@dataclass
class AppNoOpt(IdlStruct, typename="C::AppNoOpt"):
    id: int32
    s: str
    inner: Inner
    si: sequence[Inner]
    col: Color


@mutable
@dataclass
class MutNoOpt(IdlStruct, typename="C::MutNoOpt"):
    id: int32
    key("id")
    s: str
    inner: Inner
    sl: sequence[int32]
    u: U
    app: AppNoOpt
    ss: sequence[str]
    col: Color
    eu: EU


@mutable
@dataclass
class MutFlat(IdlStruct, typename="C::MutFlat"):
    id: int32
    key("id")
    s: str
    inner: Inner
    sl: sequence[int32]
    u: U
    ss: sequence[str]
    col: Color
    eu: EU


@mutable
@dataclass
class Mut(IdlStruct, typename="C::Mut"):
    id: int32
    key("id")
    s: str
    od: Optional[float64]
    absent: Optional[int32]
    inner: Inner
    sl: sequence[int32]
    u: U
    app: App
    ss: sequence[str]
    col: Color
    eu: EU


@mutable
@dataclass
class Ids(IdlStruct, typename="C::Ids"):
    a: int32
    member_id("a", 5)
    far: str
    member_id("far", 0x3f00)
    big: Optional[int64]
    member_id("big", 0x10000)
    gone: Optional[Inner]
    member_id("gone", 7)


@appendable
@dataclass
class Outer(IdlStruct, typename="C::Outer"):
    a: App
    m: Mut
    sa: sequence[App]
    ids: Optional[Ids]


@final
@dataclass
class FinalOpt(IdlStruct, typename="C::FinalOpt"):
    a: int32
    b: Optional[int32]
    c: Optional[str]
    d: Optional[float64]


def app(i):
    return App(id=i, s="app", ol=42, os=None, inner=Inner(s=-1, d=3.75), si=[Inner(s=5, d=5.5)], col=Color.BLUE)


def mut():
    return Mut(id=9, s="mutable", od=6.5, absent=None, inner=Inner(s=12, d=-0.125), sl=[100, 200],
               u=U(discriminator=5, value=1e100), app=app(8), ss=["x", "", "yz"], col=Color.GREEN,
               eu=EU(g=Inner(s=3, d=0.5)))


# The same values are spelled out in Java in CdrCyclone11Test.expected(): keep them in step.
SAMPLES = {
    "App": App(id=8, s="app", ol=42, os=None, inner=Inner(s=-1, d=3.75), si=[Inner(s=5, d=5.5)], col=Color.BLUE),
    "AppAllAbsent": App(id=1, s="", ol=None, os=None, inner=Inner(s=0, d=0.0), si=[], col=Color.RED),
    "Mut": mut(),
    "MutNoOptional": Mut(id=10, s="", od=None, absent=None, inner=Inner(s=1, d=1.0), sl=[], u=U(b="branch"),
                         app=App(id=2, s="x", ol=None, os="present", inner=Inner(s=2, d=2.0), si=[], col=Color.RED),
                         ss=[], col=Color.RED, eu=EU(r=200)),
    "Ids": Ids(a=-5, far="far id", big=1 << 40, gone=None),
    "Outer": Outer(a=app(3), m=mut(), sa=[app(4), app(5)], ids=Ids(a=1, far="", big=None, gone=Inner(s=7, d=7.0))),
    "FinalOpt": FinalOpt(a=1, b=None, c="c", d=2.5),
    "FinalOptNone": FinalOpt(a=2, b=None, c=None, d=None),
    "AppNoOpt": AppNoOpt(id=6, s="no optional", inner=Inner(s=-7, d=1.25), si=[Inner(s=1, d=1.5), Inner(s=2, d=2.5)],
                         col=Color.GREEN),
    "MutNoOpt": MutNoOpt(id=11, s="mutable", inner=Inner(s=12, d=-0.125), sl=[100, 200, 300],
                         u=U(discriminator=5, value=1e100),
                         app=AppNoOpt(id=7, s="inner app", inner=Inner(s=3, d=3.5), si=[], col=Color.BLUE),
                         ss=["x", "", "yz"], col=Color.GREEN, eu=EU(b=["p", "qq"])),
    "MutFlat": MutFlat(id=12, s="flat", inner=Inner(s=-3, d=0.75), sl=[-1], u=U(a=77), ss=["only"], col=Color.BLUE,
                       eu=EU(r=9)),
}


def write_and_take(dp, name, sample, xcdr1, entities):
    """The raw serialized data a reader receives from a writer with the given data representation. The topic,
    reader and writer go into entities (see vectors())."""
    rep = Policy.DataRepresentation(use_cdrv0_representation=xcdr1, use_xcdrv2_representation=not xcdr1)
    qos = Qos(Policy.Reliability.Reliable(max_blocking_time=1_000_000_000), Policy.History.KeepAll, rep)
    topic = Topic(dp, f"xcdr_{name}_{'v1' if xcdr1 else 'v2'}", type(sample), qos=qos)
    entities.append(topic)
    reader = DataReader(dp, topic, qos=qos)
    entities.append(reader)
    writer = DataWriter(dp, topic, qos=qos)
    entities.append(writer)
    writer.write(sample)
    return take_raw(reader)


def vectors(domain):
    # Every topic, reader and writer lives until the participants go, after the last topic was made: Cyclone DDS
    # Python 11.0.1 builds a new topic's serializer from the domain's type library (ddspy_topic_create ->
    # init_cdrstream_descriptor -> ddsi_topic_descriptor_from_type) while Cyclone's gc thread may still be taking
    # the types of just deleted entities out of it. A topic made right after others were dropped could read a
    # freed node of the type dependency tree: SIGSEGV (exit 139) in CdrCyclone11Test on a loaded machine, after
    # Outer, the type with the most dependencies.
    entities = []
    dp = DomainParticipant(domain)
    for name, sample in SAMPLES.items():
        for xcdr1 in (True, False):
            version = "XCDR1" if xcdr1 else "XCDR2"
            try:
                raw = write_and_take(dp, name, sample, xcdr1, entities)
                direct = sample.serialize(endianness=Endianness.Little, use_version_2=not xcdr1)
                if raw != direct:
                    # the serdata pads the data to a multiple of 4 with zeros (and leaves the options at 0)
                    pad = raw[len(direct):]
                    if not raw.startswith(direct) or len(raw) % 4 != 0 or pad.strip(b"\0"):
                        print(f"ERR {name} {version} wire bytes {raw.hex()} differ from serialize() {direct.hex()}")
                print(f"VEC {name} {version} LE {raw.hex()}")
                be = sample.serialize(endianness=Endianness.Big, use_version_2=not xcdr1)
                print(f"VEC {name} {version} BE {be.hex()}")
            except Exception as e:  # a refusal is a finding, not a crash of the generator
                print(f"ERR {name} {version} {type(e).__name__}: {e}")
    c_dp = DomainParticipant(domain)
    for name in C_TYPES:
        for xcdr1 in (True, False):
            version = "XCDR1" if xcdr1 else "XCDR2"
            try:
                raw = write_with_libddsc(dp, c_dp, name, SAMPLES[name], xcdr1, f"c_{name}_{'v1' if xcdr1 else 'v2'}",
                                         entities)
                print(f"CVEC {name} {version} LE {raw.hex()}")
                body = big_endian_body(dp, name, SAMPLES[name], xcdr1, f"be_{name}_{'v1' if xcdr1 else 'v2'}",
                                       entities)
                print(f"CBODY {name} {version} BE {body.hex()}")
            except Exception as e:
                print(f"CERR {name} {version} {e}")


def decode(lines):
    for line in lines:
        if not line.strip():
            continue
        name, h = line.split()
        try:
            cls = type(SAMPLES[name])
            data = bytes.fromhex(h)
            value = cls.deserialize(data)
            big = data[1] in (0, 2, 6, 8, 10)  # even encapsulation ids are big-endian
            v2 = data[1] >= 6
            again = value.serialize(endianness=Endianness.Big if big else Endianness.Little, use_version_2=v2)
            print(f"RE {name} {again.hex()}")
        except Exception as e:
            print(f"ERR {name} {type(e).__name__}: {e}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--domain", type=int, default=0)
    ap.add_argument("--decode", action="store_true", help='re-serialize "<type> <hex>" lines from stdin')
    args = ap.parse_args()
    if args.decode:
        decode(sys.stdin)
    else:
        vectors(args.domain)
    print("DONE")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
