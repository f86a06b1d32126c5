/**
 * KaRMI's user API: the {@link org.karmi.RemoteRuntime} service and the static drop-in
 * facade with {@code java.rmi}'s names ({@link org.karmi.Naming}). Remote interfaces stay
 * {@link java.rmi.Remote} with {@link java.rmi.RemoteException}: a {@code java.rmi} program
 * moves to KaRMI by changing its imports.
 */
@Version("1.5.0")
@Export
package org.karmi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
