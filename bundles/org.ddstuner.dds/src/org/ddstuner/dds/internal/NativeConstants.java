package org.ddstuner.dds.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * C macros and enum values mirrored from the Cyclone headers. Field names are the C names, so the
 * layout probe (which prints the C values under the same names) can check every one of them.
 */
public final class NativeConstants {

    // built-in topic pseudo handles (DDS_MIN_PSEUDO_HANDLE + n)
    public static final int DDS_BUILTIN_TOPIC_DCPSPARTICIPANT = 0x7fff0001;
    public static final int DDS_BUILTIN_TOPIC_DCPSTOPIC = 0x7fff0002;
    public static final int DDS_BUILTIN_TOPIC_DCPSPUBLICATION = 0x7fff0003;
    public static final int DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION = 0x7fff0004;

    public static final int DDS_DOMAIN_DEFAULT = 0xffffffff;
    public static final long DDS_INFINITY = Long.MAX_VALUE;
    public static final int DDS_LENGTH_UNLIMITED = -1;

    // sample / view / instance states
    public static final int DDS_READ_SAMPLE_STATE = 1;
    public static final int DDS_NOT_READ_SAMPLE_STATE = 2;
    public static final int DDS_ANY_SAMPLE_STATE = 3;
    public static final int DDS_NEW_VIEW_STATE = 4;
    public static final int DDS_NOT_NEW_VIEW_STATE = 8;
    public static final int DDS_ANY_VIEW_STATE = 12;
    public static final int DDS_ALIVE_INSTANCE_STATE = 16;
    public static final int DDS_NOT_ALIVE_DISPOSED_INSTANCE_STATE = 32;
    public static final int DDS_NOT_ALIVE_NO_WRITERS_INSTANCE_STATE = 64;
    public static final int DDS_ANY_INSTANCE_STATE = 112;
    public static final int DDS_ANY_STATE = 0x7f;

    // statuses
    public static final int DDS_DATA_AVAILABLE_STATUS = 0x100;
    public static final int DDS_PUBLICATION_MATCHED_STATUS = 1 << 11;
    public static final int DDS_SUBSCRIPTION_MATCHED_STATUS = 1 << 12;

    // return codes
    public static final int DDS_RETCODE_OK = 0;
    public static final int DDS_RETCODE_ERROR = -1;
    public static final int DDS_RETCODE_UNSUPPORTED = -2;
    public static final int DDS_RETCODE_BAD_PARAMETER = -3;
    public static final int DDS_RETCODE_PRECONDITION_NOT_MET = -4;
    public static final int DDS_RETCODE_OUT_OF_RESOURCES = -5;
    public static final int DDS_RETCODE_NOT_ENABLED = -6;
    public static final int DDS_RETCODE_IMMUTABLE_POLICY = -7;
    public static final int DDS_RETCODE_INCONSISTENT_POLICY = -8;
    public static final int DDS_RETCODE_ALREADY_DELETED = -9;
    public static final int DDS_RETCODE_TIMEOUT = -10;
    public static final int DDS_RETCODE_NO_DATA = -11;
    public static final int DDS_RETCODE_ILLEGAL_OPERATION = -12;
    public static final int DDS_RETCODE_NOT_ALLOWED_BY_SECURITY = -13;

    // topic descriptor ops (dds_opcodes.h)
    public static final int DDS_OP_RTS = 0x00 << 24;
    public static final int DDS_OP_ADR = 0x01 << 24;
    public static final int DDS_OP_JSR = 0x02 << 24;
    public static final int DDS_OP_JEQ = 0x03 << 24;
    public static final int DDS_OP_DLC = 0x04 << 24;
    public static final int DDS_OP_PLC = 0x05 << 24;
    public static final int DDS_OP_PLM = 0x06 << 24;
    public static final int DDS_OP_KOF = 0x07 << 24;
    public static final int DDS_OP_JEQ4 = 0x08 << 24;
    public static final int DDS_OP_MASK = 0xff000000;
    public static final int DDS_OP_TYPE_1BY = 0x01 << 16;
    public static final int DDS_OP_TYPE_2BY = 0x02 << 16;
    public static final int DDS_OP_TYPE_4BY = 0x03 << 16;
    public static final int DDS_OP_TYPE_8BY = 0x04 << 16;
    public static final int DDS_OP_TYPE_STR = 0x05 << 16;
    public static final int DDS_OP_TYPE_BLN = 0x0e << 16;
    public static final int DDS_OP_FLAG_KEY = 1;
    public static final int DDS_OP_FLAG_FP = 1 << 1;
    public static final int DDS_OP_FLAG_SGN = 1 << 2;
    public static final int DDS_OP_FLAG_MU = 1 << 3;
    public static final int DDS_TOPIC_FIXED_KEY = 1 << 1;
    public static final int DDS_TOPIC_FIXED_SIZE = 1 << 4;
    public static final int DDS_TOPIC_FIXED_KEY_XCDR2 = 1 << 5;
    public static final int DDS_TOPIC_XTYPES_METADATA = 1 << 6;
    public static final int DDS_TOPIC_RESTRICT_DATA_REPRESENTATION = 1 << 7;
    public static final int DDS_FIXED_KEY_MAX_SIZE = 16;

    // dds_sample_free: free what the sample points to, keep the sample memory itself
    public static final int DDS_FREE_CONTENTS = 3;

    // data representation ids
    public static final int DDS_DATA_REPRESENTATION_XCDR1 = 0;
    public static final int DDS_DATA_REPRESENTATION_XML = 1;
    public static final int DDS_DATA_REPRESENTATION_XCDR2 = 2;

    // QoS enum values (dds_public_qosdefs.h); Java enums map by these numbers, not by ordinal()
    public static final int DDS_DURABILITY_VOLATILE = 0;
    public static final int DDS_DURABILITY_TRANSIENT_LOCAL = 1;
    public static final int DDS_DURABILITY_TRANSIENT = 2;
    public static final int DDS_DURABILITY_PERSISTENT = 3;
    public static final int DDS_HISTORY_KEEP_LAST = 0;
    public static final int DDS_HISTORY_KEEP_ALL = 1;
    public static final int DDS_OWNERSHIP_SHARED = 0;
    public static final int DDS_OWNERSHIP_EXCLUSIVE = 1;
    public static final int DDS_LIVELINESS_AUTOMATIC = 0;
    public static final int DDS_LIVELINESS_MANUAL_BY_PARTICIPANT = 1;
    public static final int DDS_LIVELINESS_MANUAL_BY_TOPIC = 2;
    public static final int DDS_RELIABILITY_BEST_EFFORT = 0;
    public static final int DDS_RELIABILITY_RELIABLE = 1;
    public static final int DDS_DESTINATIONORDER_BY_RECEPTION_TIMESTAMP = 0;
    public static final int DDS_DESTINATIONORDER_BY_SOURCE_TIMESTAMP = 1;
    public static final int DDS_PRESENTATION_INSTANCE = 0;
    public static final int DDS_PRESENTATION_TOPIC = 1;
    public static final int DDS_PRESENTATION_GROUP = 2;
    public static final int DDS_IGNORELOCAL_NONE = 0;
    public static final int DDS_IGNORELOCAL_PARTICIPANT = 1;
    public static final int DDS_IGNORELOCAL_PROCESS = 2;
    public static final int DDS_TYPE_CONSISTENCY_DISALLOW_TYPE_COERCION = 0;
    public static final int DDS_TYPE_CONSISTENCY_ALLOW_TYPE_COERCION = 1;

    // XTypes equivalence kinds (TypeIdentifier discriminators)
    public static final int DDS_XTypes_TK_NONE = 0x00;
    public static final int DDS_XTypes_EK_MINIMAL = 0xf1;
    public static final int DDS_XTypes_EK_COMPLETE = 0xf2;
    public static final int DDS_XTypes_EQUIVALENCE_HASH_LEN = 14;
    public static final int DDS_XTypes_HASH_OFFSET_IN_UNION = 0;

    // log categories (dds/ddsrt/log.h); only FATAL/ERROR/WARNING/INFO ever reach a log sink
    public static final int DDS_LC_FATAL = 1;
    public static final int DDS_LC_ERROR = 2;
    public static final int DDS_LC_WARNING = 4;
    public static final int DDS_LC_INFO = 8;
    public static final int DDS_LC_CONFIG = 16;
    public static final int DDS_LC_DISCOVERY = 32;
    public static final int DDS_LC_TRACE = 128;
    public static final int DDS_LC_PLIST = 8192;
    public static final int DDS_LOG_MASK = 15;

    // find scope for dds_create_topic_descriptor
    public static final int DDS_FIND_SCOPE_GLOBAL = 0;
    public static final int DDS_FIND_SCOPE_LOCAL_DOMAIN = 1;

    private NativeConstants() {
    }

    /** All constants above by C name; the probe test compares them with the headers. */
    public static Map<String, Long> asMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Field f : NativeConstants.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && Modifier.isPublic(f.getModifiers())) {
                try {
                    m.put(f.getName(), ((Number) f.get(null)).longValue());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return m;
    }
}
