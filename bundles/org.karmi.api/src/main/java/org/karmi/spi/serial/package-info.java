/**
 * The serializer SPI: how the reference layer marshals calls into a technology's
 * {@link org.karmi.spi.transport.WireBuffer} ({@link org.karmi.spi.serial.Serializer},
 * its streams, and the hook through which remote objects travel by reference).
 * {@code docs/SERIALIZATION.md} describes the UKA stream format.
 */
@Version("1.3.0")
@Export
package org.karmi.spi.serial;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
