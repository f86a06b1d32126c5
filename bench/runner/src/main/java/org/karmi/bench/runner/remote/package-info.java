/**
 * The benchmark's remote interfaces: plain {@link java.rmi.Remote} interfaces served by the
 * same implementations under {@code java.rmi} and under KaRMI, so that only the RMI system
 * differs between configurations.
 */
package org.karmi.bench.runner.remote;
