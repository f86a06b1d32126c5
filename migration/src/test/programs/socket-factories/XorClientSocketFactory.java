package example.socket_factories;

import java.io.IOException;
import java.io.Serializable;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Makes XOR sockets; counts them in the JVM that uses it. */
public class XorClientSocketFactory implements RMIClientSocketFactory, Serializable {

    private static final long serialVersionUID = 1L;
    static final AtomicInteger CREATED = new AtomicInteger();

    private final int pattern;

    public XorClientSocketFactory(int pattern) {
        this.pattern = pattern;
    }

    public Socket createSocket(String host, int port) throws IOException {
        CREATED.incrementAndGet();
        return new XorStreams.XorSocket(host, port, pattern);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof XorClientSocketFactory && ((XorClientSocketFactory) o).pattern == pattern;
    }

    @Override
    public int hashCode() {
        return pattern;
    }
}
