package org.karmi;

import java.net.MalformedURLException;

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
        if (url.indexOf('?') >= 0 || url.indexOf('#') >= 0) {
            throw new MalformedURLException("registry URL may not have a query or fragment: " + url);
        }
        String rest;
        int scheme = url.indexOf("://");
        if (scheme >= 0) {
            String s = url.substring(0, scheme);
            if (!s.equals("karmi") && !s.equals("rmi")) {
                throw new MalformedURLException("not a registry URL (scheme must be karmi or rmi): " + url);
            }
            rest = url.substring(scheme + 3);
        } else if (url.startsWith("//")) {
            rest = url.substring(2);
        } else if (url.indexOf('/') < 0 && url.indexOf(':') < 0) {
            return new RegistryUrl("localhost", Registry.REGISTRY_PORT, url);
        } else {
            throw new MalformedURLException("not a registry URL (expected [karmi:|rmi:]//host:port/name): " + url);
        }
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        String name = slash < 0 ? "" : rest.substring(slash + 1);
        String host = authority;
        int port = Registry.REGISTRY_PORT;
        int colon = authority.lastIndexOf(':');
        if (colon >= 0 && authority.indexOf(']', colon) < 0) { // a port, not part of an IPv6 literal
            host = authority.substring(0, colon);
            port = parsePort(authority.substring(colon + 1), url);
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new RegistryUrl(host.isEmpty() ? "localhost" : host, port, name);
    }

    private static int parsePort(String text, String url) throws MalformedURLException {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 0xffff) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new MalformedURLException("invalid port '" + text + "' in registry URL: " + url);
    }

    @Override
    public String toString() {
        return "karmi://" + host + ":" + port + "/" + name;
    }
}
