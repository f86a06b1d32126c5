/**
 * Drop-in replacement for {@code java.rmi.server}'s export API: {@link org.karmi.server.RemoteObject},
 * {@link org.karmi.server.RemoteServer} and {@link org.karmi.server.UnicastRemoteObject}.
 */
@Version("1.2.0")
@Export
package org.karmi.server;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
