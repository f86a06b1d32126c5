package org.karmi;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;

import org.karmi.registry.Registry;

/**
 * A parsed registry URL, read as {@link java.rmi.Naming} reads it: {@code name},
 * {@code /name}, {@code //host/name}, {@code //host:port/name}, {@code rmi://host:port/name},
 * {@code rmi:///name}, {@code rmi://:port/name}, or the same with the scheme {@code karmi}; a
 * URL without a name ({@code rmi://host:port/}, {@code rmi:///}, {@code //host}) names the
 * registry itself. Host defaults to {@code localhost}, port to {@link Registry#REGISTRY_PORT}.
 * Immutable.
 */
public final class RegistryUrl {

    private final String host;
    private final String givenHost;
    private final int port;
    private final int givenPort;
    private final String name;

    private RegistryUrl(String givenHost, int givenPort, String name) {
        this.givenHost = givenHost;
        this.host = givenHost.isEmpty() ? "localhost" : givenHost;
        this.givenPort = givenPort;
        this.port = givenPort <= 0 ? Registry.REGISTRY_PORT : givenPort;
        this.name = name;
    }

    /** Host of the registry ({@code localhost} if the URL names none). */
    public String host() { return host; }
    /** Port of the registry ({@link Registry#REGISTRY_PORT} if the URL names none). */
    public int port() { return port; }
    /** The bound name; empty if the URL names the registry itself. */
    public String name() { return name; }

    /**
     * Whether the URL has a name; one without names the registry itself.
     *
     * @since 1.2
     */
    public boolean hasName() {
        return !name.isEmpty();
    }

    /**
     * What {@link java.rmi.Naming#list} puts before each bound name: {@code //host:port/} with
     * the host as the URL gave it (possibly empty) and the port it gave, else
     * {@link Registry#REGISTRY_PORT} ({@code //:2099/} for {@code rmi:///}); a port given as 0
     * is left out, as {@code java.rmi} leaves it out.
     *
     * @since 1.2
     */
    public String listPrefix() {
        int p = givenPort < 0 ? Registry.REGISTRY_PORT : givenPort;
        StringBuilder b = new StringBuilder();
        if (p > 0 || !givenHost.isEmpty()) {
            b.append("//").append(givenHost.indexOf(':') >= 0 ? "[" + givenHost + "]" : givenHost);
        }
        if (p > 0) {
            b.append(':').append(p);
        }
        return b.append('/').toString();
    }

    /**
     * Parses a registry URL as {@link java.rmi.Naming} does, also accepting the scheme
     * {@code karmi}.
     *
     * @throws NullPointerException  if {@code url} is {@code null} (as {@code java.rmi.Naming})
     * @throws MalformedURLException if the scheme is neither {@code karmi} nor {@code rmi}, the
     *                               URL is not hierarchical, has a query, fragment or user
     *                               info, is not a valid URI (a name with a space, say), or its
     *                               port is not a number from 0 to 65535
     */
    public static RegistryUrl parse(String url) throws MalformedURLException {
        Objects.requireNonNull(url, "url");
        try {
            return parseUri(url);
        } catch (URISyntaxException e) {
            // "rmi://:port/name" and "//:port/name" are no valid URIs: read them as localhost:port
            int authority = url.indexOf("//:");
            int schemeEnd = url.indexOf(':');
            if (authority == 0 || (authority > 0 && schemeEnd > 0 && authority == schemeEnd + 1)) {
                String local = url.substring(0, authority + 2) + "localhost" + url.substring(authority + 2);
                try {
                    return parseUri(local);
                } catch (URISyntaxException again) {
                    // reported below
                }
            }
            MalformedURLException m = new MalformedURLException("invalid URL String: " + url);
            m.initCause(e);
            throw m;
        }
    }

    private static RegistryUrl parseUri(String url) throws MalformedURLException, URISyntaxException {
        URI uri = new URI(url);
        if (uri.isOpaque()) {
            throw new MalformedURLException("not a hierarchical URL: " + url);
        }
        if (uri.getFragment() != null) {
            throw new MalformedURLException("invalid character, '#', in URL name: " + url);
        }
        if (uri.getQuery() != null) {
            throw new MalformedURLException("invalid character, '?', in URL name: " + url);
        }
        if (uri.getUserInfo() != null) {
            throw new MalformedURLException("invalid character, '@', in URL host: " + url);
        }
        String scheme = uri.getScheme();
        if (scheme != null && !scheme.equals("rmi") && !scheme.equals("karmi")) {
            throw new MalformedURLException("invalid URL scheme (rmi or karmi): " + url);
        }
        String name = uri.getPath() == null ? "" : uri.getPath();
        if (name.startsWith("/")) {
            name = name.substring(1);
        }
        String host = uri.getHost();
        if (host == null) {
            host = "";
            uri = serverAuthority(uri, url);
        } else if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort();
        if (port > 0xffff) {
            throw new MalformedURLException("invalid port " + port + " in registry URL: " + url);
        }
        return new RegistryUrl(host, port, name);
    }

    /** Refuses registry-based authorities ({@code rmi://h:notaport/}); {@code :port} means localhost. */
    private static URI serverAuthority(URI uri, String url) throws MalformedURLException {
        try {
            return uri.parseServerAuthority();
        } catch (URISyntaxException e) {
            String authority = uri.getAuthority();
            if (authority != null && authority.startsWith(":")) {
                try {
                    return new URI(null, "localhost" + authority, null, null, null).parseServerAuthority();
                } catch (URISyntaxException again) {
                    // reported below
                }
            }
            MalformedURLException m = new MalformedURLException("invalid authority: " + url);
            m.initCause(e);
            throw m;
        }
    }

    @Override
    public String toString() {
        return "karmi://" + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port + "/" + name;
    }
}
