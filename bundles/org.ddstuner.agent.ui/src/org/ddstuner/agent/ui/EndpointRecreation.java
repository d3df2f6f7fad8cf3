package org.ddstuner.agent.ui;

import java.util.Map;

import org.ddstuner.dds.Qos;

/**
 * Policies of an application's endpoint that cannot change live but that whoever started the application can change
 * by re-creating the endpoint: the Benchmarks redefine the running test (its endpoints are deleted and created again
 * with the new QoS; the run goes on). Given to {@link ProcessTuning#endpoints}; the editor then offers those policies
 * "by re-creating" instead of locking them, and {@link ApplicationEntity#apply} confirms the new endpoint from discovery.
 */
public interface EndpointRecreation {

    /** Whether {@code policy} of {@code e} (not live) can change by re-creating it. */
    boolean handles(ApplicationEntity e, String policy);

    /** Why such a policy changes this way, for the editor's reason column and the outcome. */
    String reason();

    /**
     * Asks for {@code e} (and what else the owner re-creates with it) to be re-created with {@code policies} (policy name
     * → value record as in {@link Qos}) in force, keeping the other values it has. Called from a Job.
     */
    Request recreate(ApplicationEntity e, Map<String, Object> policies);

    /**
     * What became of the request.
     *
     * @param refused  why not, or null when taken (the new endpoint follows in discovery)
     * @param expected the QoS the new endpoint is made with (what discovery will announce: the owner may carry a
     *                 requested value in its own terms, e.g. a benchmark's reliable is always 10 s of blocking)
     */
    record Request(String refused, Qos expected) {

        public static Request refused(String why) {
            return new Request(why, null);
        }

        public static Request taken(Qos expected) {
            return new Request(null, expected);
        }
    }
}
