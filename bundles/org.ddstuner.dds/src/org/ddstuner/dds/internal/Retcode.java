package org.ddstuner.dds.internal;

import java.lang.foreign.MemorySegment;

import org.ddstuner.dds.AlreadyDeletedException;
import org.ddstuner.dds.BadParameterException;
import org.ddstuner.dds.DdsException;
import org.ddstuner.dds.DdsTimeoutException;
import org.ddstuner.dds.IllegalOperationException;
import org.ddstuner.dds.ImmutablePolicyException;
import org.ddstuner.dds.InconsistentPolicyException;
import org.ddstuner.dds.NotEnabledException;
import org.ddstuner.dds.OutOfResourcesException;
import org.ddstuner.dds.PreconditionNotMetException;
import org.ddstuner.dds.UnsupportedException;

/** The one place that turns a negative dds_return_t into an exception carrying Cyclone's text. */
public final class Retcode {

    private Retcode() {
    }

    /** Returns {@code rc} unchanged when it is not negative (entity handles and counts are positive). */
    public static int check(int rc, String operation) {
        if (rc < 0) {
            throw exception(rc, operation);
        }
        return rc;
    }

    public static DdsException exception(int rc, String operation) {
        String text = text(rc);
        return switch (rc) {
            case NativeConstants.DDS_RETCODE_BAD_PARAMETER -> new BadParameterException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_PRECONDITION_NOT_MET -> new PreconditionNotMetException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_OUT_OF_RESOURCES -> new OutOfResourcesException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_UNSUPPORTED -> new UnsupportedException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_ALREADY_DELETED -> new AlreadyDeletedException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_IMMUTABLE_POLICY -> new ImmutablePolicyException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_INCONSISTENT_POLICY -> new InconsistentPolicyException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_ILLEGAL_OPERATION -> new IllegalOperationException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_NOT_ENABLED -> new NotEnabledException(rc, text, operation);
            case NativeConstants.DDS_RETCODE_TIMEOUT -> new DdsTimeoutException(rc, text, operation);
            default -> new DdsException(rc, text, operation);
        };
    }

    /** Cyclone's text for a return code ("Bad Parameter"), via dds_strretcode. */
    public static String text(int rc) {
        MemorySegment p = DdsC.dds_strretcode(rc);
        if (p.equals(MemorySegment.NULL)) {
            return "return code " + rc;
        }
        return p.reinterpret(Long.MAX_VALUE).getString(0);
    }
}
