/** The benchmark runner. */
package org.karmi.bench.runner;
