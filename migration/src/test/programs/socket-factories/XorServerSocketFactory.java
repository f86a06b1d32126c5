package example.socket_factories;

import java.io.IOException;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Makes XOR server sockets; remembers the ports it was asked for. */
public class XorServerSocketFactory implements RMIServerSocketFactory {

    static final List<Integer> PORTS = new CopyOnWriteArrayList<>();

    private final int pattern;

    public XorServerSocketFactory(int pattern) {
        this.pattern = pattern;
    }

    public ServerSocket createServerSocket(int port) throws IOException {
        PORTS.add(port);
        return new XorStreams.XorServerSocket(port, pattern);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof XorServerSocketFactory && ((XorServerSocketFactory) o).pattern == pattern;
    }

    @Override
    public int hashCode() {
        return pattern;
    }
}
