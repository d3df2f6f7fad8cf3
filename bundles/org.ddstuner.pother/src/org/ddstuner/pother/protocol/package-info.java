/**
 * The Pother control protocol: command and report records, their topic types (documented in
 * {@code idl/pother.idl}) and codecs.
 */
package org.ddstuner.pother.protocol;
