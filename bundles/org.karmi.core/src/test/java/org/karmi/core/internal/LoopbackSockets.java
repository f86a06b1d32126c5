package org.karmi.core.internal;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/** Socket factories as a java.rmi program writes them (loopback sockets), counting what they made. */
public final class LoopbackSockets implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
    private static final long serialVersionUID = 1L;

    transient int clientSockets;
    transient int serverSockets;

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        clientSockets++;
        return new Socket(host, port);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        serverSockets++;
        return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoopbackSockets;
    }

    @Override
    public int hashCode() {
        return LoopbackSockets.class.hashCode();
    }
}
