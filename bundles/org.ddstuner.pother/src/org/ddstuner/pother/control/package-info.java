/** Driving Pother agents over DDS: {@link org.ddstuner.pother.control.PotherController}. */
package org.ddstuner.pother.control;
