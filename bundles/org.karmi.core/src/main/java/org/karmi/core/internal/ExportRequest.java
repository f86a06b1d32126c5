package org.karmi.core.internal;

import java.io.ObjectInputFilter;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * What one export asked for, as {@code java.rmi}'s {@code exportObject} overloads and
 * {@code createRegistry} take it: the port to receive calls on (0: any), the socket
 * factories ({@code null}: the technology's own) and a filter for the arguments
 * ({@code null}: none). Kept with the exported object ({@link Exported#request}): the node
 * makes the technologies listen on the port through the server socket factory, and references
 * to the object carry the client socket factory ({@link ExportedObjects#advertisedUtids}).
 * Immutable.
 */
record ExportRequest(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf, ObjectInputFilter filter) {

    /** An export that asked for nothing: any port, the technology's sockets, no extra filter. */
    static final ExportRequest ANY = new ExportRequest(0, null, null, null);

    /** Whether it asks for anything a technology would have to honour (a port or a socket factory). */
    boolean asksForEndpoint() {
        return port != 0 || csf != null || ssf != null;
    }
}
