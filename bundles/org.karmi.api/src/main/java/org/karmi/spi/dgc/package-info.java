/**
 * The distributed garbage collector SPI: how a collector learns what happens to remote
 * references and tells the reference layer when an exported object is unreferenced.
 */
@Version("1.0.0")
@Export
package org.karmi.spi.dgc;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
