/**
 * The papers' argument objects ({@code 32 int}, {@code 4 int 2 null}, {@code tree(15)}, and
 * {@link org.karmi.bench.runner.args.Values their values}), used by the runner's kernels and by
 * {@code bench/jmh}'s serialization benchmarks alike, and the argument factories: each makes the
 * {@code obj} of the kernels (KaRMI paper, section 6.1); adding one is one small class listed in
 * {@link org.karmi.bench.runner.args.Factories}. The objects are annotated {@code @Marshalled},
 * so {@code org.karmi.codegen} generates their UKA marshallers at compile time
 * ({@code <class>$$KarmiMarshaller}); the jmh {@code ukaRt} configuration switches those off to
 * measure the run-time marshallers instead.
 */
package org.karmi.bench.runner.args;
