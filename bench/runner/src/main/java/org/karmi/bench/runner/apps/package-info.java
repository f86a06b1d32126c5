/**
 * The collection's small applications (KaRMI paper, section 6.1 c): Hamming's problem,
 * Paraffin generation and red/black SOR, each with a sequential version its distributed
 * run is checked against.
 */
package org.karmi.bench.runner.apps;
