package org.ddstuner.types.ros;

/** A ROS 2 message definition that cannot be read; the message is {@code pkg/msg/Name.msg:line:column: what}. */
public class RosMsgException extends Exception {
    private static final long serialVersionUID = 1L;

    public RosMsgException(String message) {
        super(message);
    }
}
