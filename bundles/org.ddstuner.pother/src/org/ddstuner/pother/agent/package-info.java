/**
 * The headless Pother agent: runs the tests that definitions on the command topics ask for and publishes
 * their reports (see {@link org.ddstuner.pother.protocol.ProtocolTypes}).
 */
package org.ddstuner.pother.agent;
