/**
 * The {@code jdk} serializer: JDK serialization behind KaRMI's serializer SPI. Exported so
 * that code outside OSGi (benchmarks, tests) can create it directly.
 */
@Version("1.0.0")
@Export
package org.karmi.serial.jdk;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
