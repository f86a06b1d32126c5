/**
 * The cluster collector (indirect reference counting for reliable in-order domains): registers
 * the cluster DistributedCollector. Not exported.
 */
package org.karmi.dgc.cluster.internal;
