package org.ddstuner.types.ros;

/** How ROS 2 names message types on the DDS wire ({@code rmw_fastrtps}, {@code rmw_cyclonedds}). */
public final class RosNames {
    private RosNames() {
    }

    /** {@code ("std_msgs", "String")} → {@code "std_msgs::msg::dds_::String_"}. */
    public static String ddsTypeName(String pkg, String name) {
        return pkg + "::msg::dds_::" + name + "_";
    }

    /** {@code ("example_interfaces", "AddTwoInts", "Request")} → {@code "example_interfaces::srv::dds_::AddTwoInts_Request_"}. */
    public static String serviceTypeName(String pkg, String name, String part) {
        return pkg + "::srv::dds_::" + name + "_" + part + "_";
    }

    /**
     * The DDS name of any ROS 2 interface type by its name in a type description (REP 2011):
     * {@code "std_msgs/msg/String"} → {@code "std_msgs::msg::dds_::String_"},
     * {@code "example_interfaces/srv/AddTwoInts_Request"} → {@code "example_interfaces::srv::dds_::AddTwoInts_Request_"};
     * null unless it has the form {@code pkg/kind/Name}.
     */
    public static String ddsTypeNameOf(String interfaceName) {
        String[] p = interfaceName.split("/", -1);
        if (p.length != 3 || !p[0].matches("[a-z][a-z0-9_]*") || !p[1].matches("[a-z][a-z0-9_]*")
                || !p[2].matches("[A-Za-z][A-Za-z0-9_]*")) {
            return null;
        }
        return p[0] + "::" + p[1] + "::dds_::" + p[2] + "_";
    }

    /** The module holding a message's constants: {@code "std_msgs::msg::dds_::Foo_Constants"}. */
    public static String constantsModule(String pkg, String name) {
        return pkg + "::msg::dds_::" + name + "_Constants";
    }

    /**
     * The ROS name ({@code "std_msgs/msg/String"}) of a DDS type name such as
     * {@code "std_msgs::msg::dds_::String_"}, or null if it is not a ROS 2 message type name.
     */
    public static String rosName(String ddsTypeName) {
        String[] p = ddsTypeName.split("::");
        if (p.length == 4 && p[1].equals("msg") && p[2].equals("dds_") && p[3].endsWith("_") && p[3].length() > 1) {
            return p[0] + "/msg/" + p[3].substring(0, p[3].length() - 1);
        }
        return null;
    }
}
