/**
 * A benchmark node: one JVM of a configuration (server or client), driven by the runner over
 * its standard input and output, with the RMI system under test behind {@link
 * org.karmi.bench.runner.node.RmiSystem}.
 */
package org.karmi.bench.runner.node;
