package org.ddstuner.qos;

/** dds_return_t values by their C names (dds/ddsrt/retcode.h), for tables and reasons people read. */
final class RetcodeNames {

    private RetcodeNames() {
    }

    private static final String[] NAMES = { "DDS_RETCODE_OK", "DDS_RETCODE_ERROR", "DDS_RETCODE_UNSUPPORTED",
        "DDS_RETCODE_BAD_PARAMETER", "DDS_RETCODE_PRECONDITION_NOT_MET", "DDS_RETCODE_OUT_OF_RESOURCES",
        "DDS_RETCODE_NOT_ENABLED", "DDS_RETCODE_IMMUTABLE_POLICY", "DDS_RETCODE_INCONSISTENT_POLICY",
        "DDS_RETCODE_ALREADY_DELETED", "DDS_RETCODE_TIMEOUT", "DDS_RETCODE_NO_DATA", "DDS_RETCODE_ILLEGAL_OPERATION",
        "DDS_RETCODE_NOT_ALLOWED_BY_SECURITY" };

    static String name(int rc) {
        int i = -rc;
        return i >= 0 && i < NAMES.length ? NAMES[i] : "return code " + rc;
    }
}
