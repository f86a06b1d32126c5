/**
 * The UKA-serialization: {@link org.karmi.serial.UkaSerializer} (the {@code uka}
 * {@link org.karmi.spi.serial.Serializer}) and its settings {@link org.karmi.serial.UkaConfig}.
 * Outside OSGi, {@code new UkaSerializer()} (or {@code ServiceLoader}) makes stream pairs;
 * inside, the bundle registers it as a service. {@code docs/SERIALIZATION.md} describes the
 * stream format.
 */
@Version("1.0.0")
@Export
package org.karmi.serial;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
