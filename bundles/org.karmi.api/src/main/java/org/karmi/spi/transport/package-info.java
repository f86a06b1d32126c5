/**
 * The transport SPI: what a network technology implements ({@link org.karmi.spi.transport.Technology})
 * and the types it exchanges with the reference layer (UTIDs, connections, wire buffers,
 * the handshake). Third parties implement it to add a network; {@code docs/PROTOCOL.md}
 * describes the bytes.
 */
@Version("1.7.0")
@Export
package org.karmi.spi.transport;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
