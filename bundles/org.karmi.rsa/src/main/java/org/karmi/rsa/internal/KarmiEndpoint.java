package org.karmi.rsa.internal;

import java.lang.System.Logger.Level;
import java.rmi.NoSuchObjectException;
import java.util.function.Consumer;

import org.apache.aries.rsa.spi.Endpoint;
import org.karmi.RemoteRuntime;
import org.osgi.service.remoteserviceadmin.EndpointDescription;

/**
 * One exported service: its endpoint description and the forwarder the node exported; closing
 * it unexports the forwarder at once (calls in flight finish, later ones fail on the importing
 * side with {@link org.osgi.framework.ServiceException#REMOTE}) and tells the provider's table.
 * Thread-safe; close is idempotent.
 */
final class KarmiEndpoint implements Endpoint {

    private static final System.Logger LOG = System.getLogger("org.karmi.rsa");

    private final RemoteRuntime runtime;
    private final ServiceForwarder.Export exported;
    private final EndpointDescription description;
    private final Consumer<KarmiEndpoint> onClose;

    KarmiEndpoint(RemoteRuntime runtime, ServiceForwarder.Export exported, EndpointDescription description,
            Consumer<KarmiEndpoint> onClose) {
        this.runtime = runtime;
        this.exported = exported;
        this.description = description;
        this.onClose = onClose;
    }

    @Override
    public EndpointDescription description() {
        return description;
    }

    /** Calls the exported service received so far. */
    long calls() {
        return exported.calls();
    }

    @Override
    public void close() {
        onClose.accept(this);
        try {
            runtime.unexport(exported.object(), true);
            LOG.log(Level.DEBUG, "unexported {0}", description.getId());
        } catch (NoSuchObjectException e) {
            // closed before, or the node went away with its exports
        }
    }

    @Override
    public String toString() {
        return "KarmiEndpoint[" + description.getId() + "]";
    }
}
