/** A KaRMI {@code void ping()} between two nodes of one JVM over TCP: time and allocation per call. */
package org.karmi.bench.jmh.ping;
