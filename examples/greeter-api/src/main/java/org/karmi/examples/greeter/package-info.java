/**
 * The example service: a plain interface (not {@code java.rmi.Remote}) that one framework
 * exports through OSGi Remote Services and another imports and calls as if it were local.
 */
@Version("1.0.0")
@Export
package org.karmi.examples.greeter;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
