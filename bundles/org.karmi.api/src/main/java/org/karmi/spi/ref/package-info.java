/**
 * The reference layer's contract with generated code: object ids, and the types stubs and
 * skeletons call (documented in {@code docs/PROTOCOL.md}, "Calls").
 */
@Version("1.0.0")
@Export
package org.karmi.spi.ref;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
