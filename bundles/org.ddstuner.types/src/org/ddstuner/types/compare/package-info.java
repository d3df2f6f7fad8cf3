/**
 * Comparing two versions of a type ({@link org.ddstuner.types.compare.TypeComparison}): the list of
 * differences member by member, and the XTypes assignability verdict in each direction with the reason
 * when a reader of one could not take data from a writer of the other.
 */
package org.ddstuner.types.compare;
