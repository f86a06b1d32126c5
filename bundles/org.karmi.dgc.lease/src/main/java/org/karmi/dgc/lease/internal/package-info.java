/** The lease collector: registers the {@code lease} DistributedCollector (not exported). */
package org.karmi.dgc.lease.internal;
