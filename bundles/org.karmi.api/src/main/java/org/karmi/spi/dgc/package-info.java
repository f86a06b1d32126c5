/**
 * The distributed garbage collector SPI: how a collector learns what happens to remote
 * references, talks to its peers on other nodes, and tells the reference layer when an
 * exported object is unreferenced. Version 2.0: references carry their sender and are
 * reported on every arrival and every send (for reference-listing and indirect counting
 * without messages on the call path), request/answer messages, adoption of objects
 * exported before a collector started, peer failure, statistics.
 */
@Version("2.0.0")
@Export
package org.karmi.spi.dgc;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
