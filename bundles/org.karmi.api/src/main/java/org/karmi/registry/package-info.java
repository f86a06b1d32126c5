/** Drop-in replacement for {@code java.rmi.registry}. */
@Version("1.1.0")
@Export
package org.karmi.registry;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
