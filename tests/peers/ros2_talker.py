#!/usr/bin/env python3
"""A ROS 2 node (rclpy + rmw_fastrtps_cpp, i.e. a Fast DDS 3.2 participant) for DDS Tuner's tests.

Node "tuner_talker" publishes std_msgs/String on /chatter (DDS topic "rt/chatter", type
"std_msgs::msg::dds_::String_") and subscribes to std_msgs/String on /ping. With --color it also publishes
std_msgs/ColorRGBA on /color (r=0.25, g=0.5, b=0.75, a=count % 100) and logs every /chatter message on
/rosout. With --unbundled it also publishes two flat types DDS Tuner does not bundle:
type_description_interfaces/KeyValue on /key_value (key="count", value=str(count)) and rmw_dds_common/Gid on
/gid (data = [count % 100, 1, 2, ..., 15]). Like every ROS 2 node since Iron it serves ~/get_type_description
(REP 2011), which describes those types too, unless --no-type-description. The domain comes from
ROS_DOMAIN_ID (or --domain). Prints READY on stdout once the node, publisher and subscription exist,
then publishes periodically until killed, SIGTERM/SIGINT, or its stdin (when that is a pipe) closes.

Start it through tests/peers/run-peer.sh, which sets the environment (library path, RMW, the
loopback-only Fast DDS profile) and must itself run inside releng/scripts/netns-run.sh.
"""
import argparse
import os
import sys

from peer_stop import stop_on_signals, watch_stdin


def parse_args(argv):
    p = argparse.ArgumentParser(description="ROS 2 talker test peer for DDS Tuner")
    p.add_argument("--domain", type=int, default=None,
                   help="ROS domain id (sets ROS_DOMAIN_ID; default: the inherited ROS_DOMAIN_ID or 0)")
    p.add_argument("--name", default="tuner_talker", help="node name")
    p.add_argument("--period-ms", type=int, default=200, help="publication period in milliseconds")
    p.add_argument("--verbose", action="store_true", help="log received /ping messages on stderr")
    p.add_argument("--color", action="store_true",
                   help="also publish std_msgs/ColorRGBA on /color and log "
                        "each /chatter message on /rosout (rcl_interfaces/Log, a type with a nested struct)")
    p.add_argument("--unbundled", action="store_true",
                   help="also publish type_description_interfaces/KeyValue on /key_value and rmw_dds_common/Gid on "
                        "/gid (flat types not bundled with DDS Tuner)")
    p.add_argument("--no-type-description", action="store_true",
                   help="do not serve ~/get_type_description (node parameter start_type_description_service=false), "
                        "so that no tool can learn the node's types from it")
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    if args.domain is not None:
        os.environ["ROS_DOMAIN_ID"] = str(args.domain)  # read by rclpy.init()
    stop = stop_on_signals()

    import rclpy
    from rclpy.executors import SingleThreadedExecutor
    from std_msgs.msg import ColorRGBA, String

    rclpy.init(args=None, signal_handler_options=rclpy.signals.SignalHandlerOptions.NO)
    overrides = []
    if args.no_type_description:
        from rclpy.parameter import Parameter
        overrides.append(Parameter("start_type_description_service", Parameter.Type.BOOL, False))
    node = rclpy.create_node(args.name, parameter_overrides=overrides)
    publisher = node.create_publisher(String, "/chatter", 10)
    received = [0]

    def on_ping(msg):
        received[0] += 1
        if args.verbose:
            print(f"ros2_talker: /ping {msg.data!r}", file=sys.stderr, flush=True)
    node.create_subscription(String, "/ping", on_ping, 10)
    color = node.create_publisher(ColorRGBA, "/color", 10) if args.color else None
    key_value = gid = None
    if args.unbundled:
        from rmw_dds_common.msg import Gid
        from type_description_interfaces.msg import KeyValue
        key_value = node.create_publisher(KeyValue, "/key_value", 10)
        gid = node.create_publisher(Gid, "/gid", 10)

    count = [0]

    def tick():
        msg = String()
        msg.data = f"hello from {args.name} #{count[0]}"
        publisher.publish(msg)
        if color is not None:
            color.publish(ColorRGBA(r=0.25, g=0.5, b=0.75, a=float(count[0] % 100)))
            node.get_logger().info(msg.data)
        if key_value is not None:
            key_value.publish(KeyValue(key="count", value=str(count[0])))
            gid.publish(Gid(data=[count[0] % 100] + list(range(1, 16))))
        count[0] += 1
    node.create_timer(args.period_ms / 1000.0, tick)

    print(f"INFO node={args.name}")
    print(f"INFO domain={os.environ.get('ROS_DOMAIN_ID', '0')}")
    print(f"INFO pid={os.getpid()}")
    print(f"INFO rmw={rclpy.get_rmw_implementation_identifier()}")
    print("INFO topic=rt/chatter std_msgs::msg::dds_::String_ writer")
    print("INFO topic=rt/ping std_msgs::msg::dds_::String_ reader")
    if color is not None:
        print("INFO topic=rt/color std_msgs::msg::dds_::ColorRGBA_ writer")
    if key_value is not None:
        print("INFO topic=rt/key_value type_description_interfaces::msg::dds_::KeyValue_ writer")
        print("INFO topic=rt/gid rmw_dds_common::msg::dds_::Gid_ writer")
    print("READY", flush=True)
    watch_stdin(stop)

    executor = SingleThreadedExecutor()
    executor.add_node(node)
    while not stop.is_set():
        executor.spin_once(timeout_sec=0.1)
    print(f"ros2_talker: stopping after {count[0]} messages sent, {received[0]} received",
          file=sys.stderr, flush=True)
    node.destroy_node()
    rclpy.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
