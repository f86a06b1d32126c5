/**
 * The marshaller SPI of the UKA-serialization: {@link org.karmi.serial.spi.Marshaller}s write
 * an object straight into the stream's public {@link org.karmi.spi.transport.WireBuffer} and
 * read it back. Built-in, hand-written and generated marshallers ({@link
 * org.karmi.serial.spi.Marshalled}) all implement it. {@code docs/SERIALIZATION.md} describes
 * the stream format.
 */
@Version("1.1.0")
@Export
package org.karmi.serial.spi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
