/**
 * Argument factories: each makes the {@code obj} of the kernels (KaRMI paper, section 6.1).
 * Adding one is one small class listed in {@link org.karmi.bench.runner.args.Factories}.
 */
package org.karmi.bench.runner.args;
