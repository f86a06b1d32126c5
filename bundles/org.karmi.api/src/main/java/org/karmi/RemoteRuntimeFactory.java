package org.karmi;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Creates a node outside OSGi. The reference layer bundle provides one through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/org.karmi.RemoteRuntimeFactory});
 * it wires the technologies, serializers and collectors it finds the same way
 * (ServiceLoader) and reads its configuration from system properties ({@code karmi.*}).
 */
@ConsumerType
public interface RemoteRuntimeFactory {

    /** A new, started node. */
    RemoteRuntime create() throws RemoteException;
}
