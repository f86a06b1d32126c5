package org.karmi.bench.runner.node;

import org.karmi.bench.runner.remote.Wireless;

/** The wireless paper's test cases, server side. Thread-safe. */
public final class WirelessImpl implements Wireless {

    /** Exports the object {@link #fresh()} hands out (with the same RMI system and counting as this one). */
    @FunctionalInterface
    public interface Exporter {
        Wireless export(Wireless impl) throws java.rmi.RemoteException;
    }

    private final Exporter exporter;

    public WirelessImpl(Exporter exporter) {
        this.exporter = exporter;
    }

    @Override
    public Wireless fresh() throws java.rmi.RemoteException {
        return exporter.export(new WirelessImpl(exporter));
    }

    @Override
    public void voidCall() {
        // nothing
    }

    @Override
    public byte[] returnPing(byte[] data) {
        return data;
    }

    @Override
    public void pingText(byte[] text) {
        // nothing
    }

    /** A 9689-byte HTML text, the size of the paper's PingText page. */
    public static byte[] text9689() {
        StringBuilder s = new StringBuilder("<html><head><title>KaRMI benchmark text</title></head><body>\n");
        String[] words = {"remote", "method", "invocation", "serialization", "object", "stream", "network",
            "latency", "bandwidth", "wireless", "cluster", "java", "the", "of", "and", "a", "to", "is"};
        int i = 0;
        while (s.length() < 9689 - 16) {
            s.append(i % 40 == 0 ? "<p>" : "").append(words[(i * 7 + i / 5) % words.length]).append(' ');
            i++;
        }
        while (s.length() < 9689 - 15) {
            s.append(' ');
        }
        s.append("</body></html>\n");
        byte[] b = s.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return java.util.Arrays.copyOf(b, 9689);
    }
}
