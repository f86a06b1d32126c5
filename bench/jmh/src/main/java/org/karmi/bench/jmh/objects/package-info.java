/**
 * The papers' benchmark objects ({@code 32 int}, {@code 4 int 2 null}, {@code tree(15)}) and
 * their values. They are annotated {@code @Marshalled}, so {@code org.karmi.codegen} generates
 * their UKA marshallers at compile time ({@code <class>$$KarmiMarshaller}); the {@code ukaRt}
 * configuration switches those off to measure the run-time marshallers instead.
 */
package org.karmi.bench.jmh.objects;
