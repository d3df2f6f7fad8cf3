#!/usr/bin/env python3
"""A foreign Cyclone DDS 11.0.1 application for DDS Tuner's tests and demos.

It creates one participant with an entity name, topics whose types use the IDL features the tool
must understand (keyed struct, nested struct, sequence, enum, string), writers and readers in the
partitions "sensors" and "control", and a mix of QoS (reliable / best-effort, transient-local,
deadline). It prints READY on stdout once every entity exists, then publishes periodically until it
is killed, gets SIGTERM/SIGINT, or its stdin (when that is a pipe) closes.

libddsc 11.x sends a multicast probe whatever its configuration: run this only inside a private
network namespace (releng/scripts/netns-run.sh), normally through tests/peers/run-peer.sh.

Lines on stdout before READY are "INFO key=value" facts tests may use (GUID, topic names...).
"""
import argparse
import os
import sys
import time
from dataclasses import dataclass
from typing import Optional

from cyclonedds.core import Qos, Policy
from cyclonedds.domain import Domain, DomainParticipant
from cyclonedds.idl import IdlStruct, IdlEnum, IdlUnion
from cyclonedds.idl.annotations import key, appendable, mutable
from cyclonedds.idl.types import int16, int32, uint32, uint64, float32, float64, sequence, array, bounded_str, case
from cyclonedds.pub import Publisher, DataWriter
from cyclonedds.sub import Subscriber, DataReader
from cyclonedds.topic import Topic
from cyclonedds.util import duration

from peer_stop import stop_on_signals, watch_stdin


class SensorKind(IdlEnum, typename="tuner::SensorKind"):
    TEMPERATURE = 0
    PRESSURE = 1
    HUMIDITY = 2


@dataclass
class Vector3(IdlStruct, typename="tuner::Vector3"):
    x: float64
    y: float64
    z: float64


@dataclass
class SensorReading(IdlStruct, typename="tuner::SensorReading"):
    """Keyed by sensor_id; nests a struct, an enum and a sequence."""
    sensor_id: int32
    key("sensor_id")
    kind: SensorKind
    value: float64
    position: Vector3
    history: sequence[float32]
    unit: str


@dataclass
class Command(IdlStruct, typename="tuner::Command"):
    """Keyed by a string; carries a sequence of strings."""
    target: str
    key("target")
    seq: uint32
    args: sequence[str]


@dataclass
class Heartbeat(IdlStruct, typename="tuner::Heartbeat"):
    peer_id: int32
    key("peer_id")
    count: uint64


# --rich: types using more of XTypes (union, @mutable with @optional, @appendable, array, bounded string).
class Mode(IdlEnum, typename="tuner::Mode"):
    IDLE = 0
    RUN = 1
    FAULT = 2


@dataclass
class Point2(IdlStruct, typename="tuner::Point2"):
    x: float32
    y: float32


class Shape(IdlUnion, discriminator=int32, typename="tuner::Shape"):
    radius: case[1, float64]
    label: case[2, str]


@dataclass
@appendable
class Meta(IdlStruct, typename="tuner::Meta"):
    seq: uint32
    source: str


@dataclass
@mutable
class RichReading(IdlStruct, typename="tuner::RichReading"):
    id: int32
    key("id")
    name: bounded_str[16]
    mode: Mode
    points: sequence[Point2]
    matrix: array[int16, 3]
    shape: Shape
    meta: Meta
    note: Optional[str] = None
    limit: Optional[float64] = None


def rich_samples(count):
    """What the peer publishes on RichData (tests assert on these values; meta.seq is the round)."""
    return [RichReading(id=1, name="alpha", mode=Mode.RUN, points=[Point2(1.0, 2.0), Point2(3.0, 4.0)],
                        matrix=[1, -2, 3], shape=Shape(radius=2.5), meta=Meta(seq=count % (1 << 32), source="peer"),
                        note="hello", limit=None),
            RichReading(id=2, name="beta", mode=Mode.FAULT, points=[], matrix=[0, 0, 7], shape=Shape(label="tag"),
                        meta=Meta(seq=count % (1 << 32), source="peer"), note=None, limit=9.5)]


DEFAULT_CONFIG = "file://" + os.path.join(os.path.dirname(os.path.abspath(__file__)), "cyclonedds-peer.xml")

# Topic names are part of what tests assert on; keep them in one place.
TOPIC_SENSORS = "SensorData"
TOPIC_COMMANDS = "Commands"
TOPIC_STATUS = "Status"
TOPIC_RICH = "RichData"


def parse_args(argv):
    p = argparse.ArgumentParser(description="Cyclone DDS 11.0.1 test peer for DDS Tuner")
    p.add_argument("--domain", type=int, default=int(os.environ.get("ROS_DOMAIN_ID", "0")),
                   help="DDS domain id (default 0)")
    p.add_argument("--name", default="cyclone_peer", help="participant entity name")
    p.add_argument("--topic-prefix", default="",
                   help="prefix for every topic name, so parallel tests do not see each other's topics")
    p.add_argument("--period-ms", type=int, default=200, help="publication period in milliseconds")
    p.add_argument("--mismatch", action="store_true",
                   help="also create a reader that requests RELIABLE from the BEST_EFFORT Status writer "
                        "(it never matches: for match-explanation tests)")
    p.add_argument("--config", default=None,
                   help="Cyclone XML config (text or file:// URI); default: CYCLONEDDS_URI if set, "
                        "else cyclonedds-peer.xml next to this script (multicast + well-known unicast ports)")
    p.add_argument("--rich", action="store_true",
                   help="also publish tuner::RichReading on RichData (partition rich, reliable, transient-local) "
                        "and print every RichData sample other participants write as 'ECHO RichData <sample>'")
    p.add_argument("--verbose", action="store_true", help="log received samples on stderr")
    return p.parse_args(argv)


def qos_sensors():
    return Qos(Policy.Reliability.Reliable(duration(milliseconds=100)),
               Policy.Durability.TransientLocal,
               Policy.History.KeepLast(10),
               Policy.Deadline(duration(seconds=1)))


def qos_commands():
    return Qos(Policy.Reliability.Reliable(duration(milliseconds=100)),
               Policy.Durability.Volatile,
               Policy.History.KeepLast(5))


def qos_status():
    return Qos(Policy.Reliability.BestEffort, Policy.Durability.Volatile, Policy.History.KeepLast(1))


class CyclonePeer:
    def __init__(self, args):
        self.args = args
        config = args.config or os.environ.get("CYCLONEDDS_URI") or DEFAULT_CONFIG
        # Creating the domain explicitly is the binding's way to take a config; the participant then
        # joins this domain instead of creating one with the built-in defaults.
        self.domain = Domain(args.domain, config)
        self.participant = DomainParticipant(args.domain, qos=Qos(
            Policy.EntityName(args.name),
            Policy.Property(key="ddstuner.peer", value="cyclone_peer", propagate=True)))
        dp = self.participant
        prefix = args.topic_prefix
        self.topic_sensors = Topic(dp, prefix + TOPIC_SENSORS, SensorReading, qos=qos_sensors())
        self.topic_commands = Topic(dp, prefix + TOPIC_COMMANDS, Command, qos=qos_commands())
        self.topic_status = Topic(dp, prefix + TOPIC_STATUS, Heartbeat, qos=qos_status())

        sensors_pub = Publisher(dp, qos=Qos(Policy.Partition(["sensors"]), Policy.EntityName("sensors_pub")))
        control_pub = Publisher(dp, qos=Qos(Policy.Partition(["control"]), Policy.EntityName("control_pub")))
        default_pub = Publisher(dp)
        sensors_sub = Subscriber(dp, qos=Qos(Policy.Partition(["sensors"]), Policy.EntityName("sensors_sub")))
        control_sub = Subscriber(dp, qos=Qos(Policy.Partition(["control"]), Policy.EntityName("control_sub")))
        default_sub = Subscriber(dp)

        named = lambda qos, name: qos + Qos(Policy.EntityName(name))  # noqa: E731
        self.w_sensors = DataWriter(sensors_pub, self.topic_sensors, qos=named(qos_sensors(), "sensor_writer"))
        self.w_commands = DataWriter(control_pub, self.topic_commands, qos=named(qos_commands(), "command_writer"))
        self.w_status = DataWriter(default_pub, self.topic_status, qos=named(qos_status(), "status_writer"))
        self.readers = [
            DataReader(sensors_sub, self.topic_sensors, qos=named(qos_sensors(), "sensor_reader")),
            DataReader(control_sub, self.topic_commands, qos=named(qos_commands(), "command_reader")),
            DataReader(default_sub, self.topic_status, qos=named(qos_status(), "status_reader")),
        ]
        self.w_rich = None
        self.echo_readers = []
        if args.rich:
            rich_qos = Qos(Policy.Reliability.Reliable(duration(milliseconds=100)), Policy.Durability.TransientLocal,
                           Policy.History.KeepLast(10))
            self.topic_rich = Topic(dp, prefix + TOPIC_RICH, RichReading, qos=rich_qos)
            rich_pub = Publisher(dp, qos=Qos(Policy.Partition(["rich"])))
            rich_sub = Subscriber(dp, qos=Qos(Policy.Partition(["rich"])))
            self.w_rich = DataWriter(rich_pub, self.topic_rich, qos=named(rich_qos, "rich_writer"))
            # ignores this participant's own writer: it echoes only what others (the tool) inject
            self.echo_readers.append((TOPIC_RICH, DataReader(rich_sub, self.topic_rich, qos=named(
                rich_qos + Qos(Policy.IgnoreLocal.Participant), "rich_echo_reader"))))
        if args.mismatch:
            # Requests RELIABLE while the only Status writer offers BEST_EFFORT: incompatible QoS.
            self.readers.append(DataReader(default_sub, self.topic_status, qos=Qos(
                Policy.Reliability.Reliable(duration(milliseconds=100)), Policy.Durability.Volatile,
                Policy.EntityName("mismatched_status_reader"))))

    def describe(self):
        p = self.args.topic_prefix
        yield "guid", str(self.participant.guid)
        yield "domain", str(self.args.domain)
        yield "name", self.args.name
        yield "pid", str(os.getpid())
        yield "topic", f"{p}{TOPIC_SENSORS} tuner::SensorReading partition=sensors reliable transient-local deadline=1s"
        yield "topic", f"{p}{TOPIC_COMMANDS} tuner::Command partition=control reliable volatile"
        yield "topic", f"{p}{TOPIC_STATUS} tuner::Heartbeat partition= best-effort volatile"
        if self.args.rich:
            yield "topic", f"{p}{TOPIC_RICH} tuner::RichReading partition=rich reliable transient-local mutable"
        if self.args.mismatch:
            yield "mismatch", f"{p}{TOPIC_STATUS} reader mismatched_status_reader requests RELIABLE"

    def publish_once(self, count):
        for sensor_id, kind, unit in ((1, SensorKind.TEMPERATURE, "degC"),
                                      (2, SensorKind.PRESSURE, "hPa"),
                                      (3, SensorKind.HUMIDITY, "%")):
            self.w_sensors.write(SensorReading(
                sensor_id=sensor_id, kind=kind, value=20.0 + sensor_id + (count % 10) * 0.1,
                position=Vector3(x=float(sensor_id), y=0.5, z=-1.0),
                history=[float(count % 7), float(count % 5)], unit=unit))
        self.w_commands.write(Command(target="actuator-%d" % (count % 2), seq=count % (1 << 32),
                                      args=["set", str(count)]))
        self.w_status.write(Heartbeat(peer_id=os.getpid(), count=count))
        if self.w_rich is not None:
            for sample in rich_samples(count):
                self.w_rich.write(sample)

    def drain_readers(self):
        for reader in self.readers:
            for sample in reader.take(N=100):
                if self.args.verbose:
                    print(f"received {sample}", file=sys.stderr, flush=True)
        for name, reader in self.echo_readers:
            for sample in reader.take(N=100):
                print(f"ECHO {name} {sample!r}", flush=True)


def main(argv):
    args = parse_args(argv)
    stop = stop_on_signals()
    peer = CyclonePeer(args)
    for k, v in peer.describe():
        print(f"INFO {k}={v}")
    print("READY", flush=True)
    watch_stdin(stop)
    count = 0
    while not stop.is_set():
        peer.publish_once(count)
        peer.drain_readers()
        count += 1
        stop.wait(args.period_ms / 1000.0)
    print("cyclone_peer: stopping", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
