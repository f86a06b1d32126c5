package org.karmi;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;

import org.karmi.registry.Registry;

/**
 * A parsed registry URL: {@code [karmi:|rmi:]//host[:port]/name}, or a bare {@code name}.
 * Host defaults to {@code localhost}, port to {@link Registry#REGISTRY_PORT}. Immutable.
 */
public final class RegistryUrl {

    private final String host;
    private final int port;
    private final String name;

    private RegistryUrl(String host, int port, String name) {
        this.host = host;
        this.port = port;
        this.name = name;
    }

    /** Host of the registry. */
    public String host() { return host; }
    /** Port of the registry. */
    public int port() { return port; }
    /** The bound name (may be empty for {@code list}). */
    public String name() { return name; }

    /**
     * Parses a registry URL.
     *
     * @throws MalformedURLException if the scheme is neither {@code karmi} nor {@code rmi}, or
     *                               the URL has a query or fragment, or the port is invalid
     */
    public static RegistryUrl parse(String url) throws MalformedURLException {
        if (url == null) {
            throw new MalformedURLException("null registry URL");
        }
        if (!url.contains("/")) {
            return new RegistryUrl("localhost", Registry.REGISTRY_PORT, url);
        }
        try {
            URI uri = new URI(url.startsWith("//") || url.contains("://") ? url : "//" + url);
            String scheme = uri.getScheme();
            if (scheme != null && !scheme.equals("karmi") && !scheme.equals("rmi")) {
                throw new MalformedURLException("not a registry URL (scheme must be karmi or rmi): " + url);
            }
            if (uri.getQuery() != null || uri.getFragment() != null) {
                throw new MalformedURLException("registry URL may not have a query or fragment: " + url);
            }
            String host = uri.getHost() == null || uri.getHost().isEmpty() ? "localhost" : uri.getHost();
            int port = uri.getPort() == -1 ? Registry.REGISTRY_PORT : uri.getPort();
            String path = uri.getPath() == null ? "" : uri.getPath();
            String name = path.startsWith("/") ? path.substring(1) : path;
            return new RegistryUrl(host, port, name);
        } catch (URISyntaxException e) {
            MalformedURLException m = new MalformedURLException("invalid registry URL: " + url + " (" + e.getMessage() + ")");
            m.initCause(e);
            throw m;
        }
    }

    @Override
    public String toString() {
        return "karmi://" + host + ":" + port + "/" + name;
    }
}
