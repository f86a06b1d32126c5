/** Drop-in replacement for {@code java.rmi.server}'s export API. */
@Version("1.0.0")
@Export
package org.karmi.server;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
