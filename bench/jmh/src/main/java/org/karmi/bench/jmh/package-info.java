/** JMH benchmarks. */
package org.karmi.bench.jmh;
