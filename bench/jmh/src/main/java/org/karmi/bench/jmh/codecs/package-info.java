/** The serializer configurations the benchmarks compare, behind one small {@link org.karmi.bench.jmh.codecs.Codec} interface. */
package org.karmi.bench.jmh.codecs;
