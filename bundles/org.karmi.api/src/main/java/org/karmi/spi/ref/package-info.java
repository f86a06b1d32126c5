/**
 * The reference layer's contract with generated code: object ids, method hashes, the
 * client side ({@link org.karmi.spi.ref.ClientRef}, {@link org.karmi.spi.ref.RemoteCall},
 * {@link org.karmi.spi.ref.RemoteStub}) and the server side
 * ({@link org.karmi.spi.ref.Skeleton}, {@link org.karmi.spi.ref.ServerCall}). The bytes
 * these produce are described in {@code docs/PROTOCOL.md}, "Reference layer payloads".
 */
@Version("1.2.0")
@Export
package org.karmi.spi.ref;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
