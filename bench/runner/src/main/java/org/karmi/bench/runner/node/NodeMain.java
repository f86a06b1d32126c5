package org.karmi.bench.runner.node;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.karmi.bench.runner.args.Factories;
import org.karmi.bench.runner.remote.AppHost;
import org.karmi.bench.runner.remote.DataTypes;
import org.karmi.bench.runner.remote.Kernels;
import org.karmi.bench.runner.remote.Wireless;

/**
 * Entry point of a benchmark node JVM. Arguments: {@code rmi|karmi|socket role port
 * [serializer technology]}; role 0 is the server, 1 and 2 are clients. It answers the runner's
 * commands, one tab-separated line each on standard input, with one line on standard output
 * that starts with {@code @@OK} or {@code @@ERR}; everything else the node or its libraries
 * print goes to standard error. Single-threaded command loop.
 */
public final class NodeMain {

    /** Prefix of every reply line. */
    public static final String OK = "@@OK";
    /** Prefix of an error reply line. */
    public static final String ERR = "@@ERR";

    private final RmiSystem rmi;
    private final int role;
    private final PrintStream replies;
    private final AppHostImpl appHost;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "bench-client");
        t.setDaemon(true);
        return t;
    });
    private Kernel.Targets targets;
    private final List<AppHost> peers = new ArrayList<>();
    private MultiClient armed;

    private NodeMain(RmiSystem rmi, int role, PrintStream replies) {
        this.rmi = rmi;
        this.role = role;
        this.replies = replies;
        this.appHost = new AppHostImpl(rmi::export);
    }

    public static void main(String[] args) throws Exception {
        PrintStream replies = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        System.setOut(System.err);
        String system = args[0];
        int role = Integer.parseInt(args[1]);
        int port = Integer.parseInt(args[2]);
        if (system.equals("socket")) {
            RawSocketNode.main(role, port, replies);
            return;
        }
        RmiSystem rmi = system.equals("rmi") ? new JdkRmi() : new KarmiRmi(args[3], args[4]);
        NodeMain node = new NodeMain(rmi, role, replies);
        try {
            String description = rmi.start(port);
            node.exportAll();
            replies.println(OK + " " + description);
        } catch (Throwable e) {
            replies.println(ERR + " " + oneLine(e));
            rmi.close();
            return;
        }
        node.loop();
    }

    private void exportAll() throws Exception {
        if (role == 0) {
            KernelsImpl.Exporter exporter = session -> {
                try {
                    return (Kernels) rmi.export(session);
                } catch (java.rmi.RemoteException e) {
                    throw e;
                } catch (Exception e) {
                    throw new java.rmi.RemoteException("cannot export a session", e);
                }
            };
            rmi.bind("kernels", rmi.export(new KernelsImpl(exporter, null)));
            rmi.bind("types", rmi.export(new DataTypesImpl()));
            WirelessImpl.Exporter counted = impl -> {
                try {
                    return (Wireless) rmi.exportCounted(impl);
                } catch (java.rmi.RemoteException e) {
                    throw e;
                } catch (Exception e) {
                    throw new java.rmi.RemoteException("cannot export", e);
                }
            };
            rmi.bind("wireless", rmi.exportCounted(new WirelessImpl(counted)));
        }
        rmi.bind("apps", rmi.export(appHost));
    }

    private void loop() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] cmd = line.split("\t");
            if (cmd[0].equals("quit")) {
                break;
            }
            try {
                replies.println(OK + " " + execute(cmd));
            } catch (Throwable e) {
                replies.println(ERR + " " + oneLine(e));
            }
        }
        pool.shutdownNow();
        rmi.close();
        replies.println(OK + " bye");
    }

    private String execute(String[] cmd) throws Exception {
        switch (cmd[0]) {
            case "lookup":
                return lookup(cmd);
            case "warm": {
                Kernel.Op op = op(cmd[1], cmd[2]);
                long[] w = Timing.warmUp(op, Long.parseLong(cmd[3]), Long.parseLong(cmd[4]), Integer.parseInt(cmd[5]));
                return w[0] + " " + w[1] + " " + w[2];
            }
            case "run": {
                long[] ns = Timing.measure(op(cmd[1], cmd[2]), Integer.parseInt(cmd[3]));
                return join(ns);
            }
            case "wire": {
                RmiSystem.WireCounters w0 = rmi.wire();
                if (w0 == null) {
                    return "none";
                }
                Kernel.Op op = op(cmd[1], cmd[2]);
                int n = Integer.parseInt(cmd[3]);
                RmiSystem.WireCounters before = rmi.wire();
                Timing.measure(op, n);
                RmiSystem.WireCounters d = rmi.wire().minus(before);
                return d.bytesSent() + " " + d.bytesReceived() + " " + (before.roundTrips() < 0 ? -1 : d.roundTrips())
                        + " " + n + " " + d.how().replace(' ', '_') + " " + d.callsByTechnologyText()
                        + " " + d.collectorMessages() + " " + d.collectorBytes();
            }
            case "arm":
                armed = MultiClient.arm(cmd, pool, targets);
                return "armed";
            case "go": {
                MultiClient m = armed;
                armed = null;
                return m.go();
            }
            case "app":
                return Apps.run(cmd, peers, appHost, rmi, pool);
            default:
                throw new IllegalArgumentException("unknown command " + cmd[0]);
        }
    }

    /** {@code lookup serverPort peerPort...}: finds the server's objects and the other nodes' app hosts. */
    private String lookup(String[] cmd) throws Exception {
        int serverPort = Integer.parseInt(cmd[1]);
        Kernels kernels = (Kernels) rmi.lookup(serverPort, "kernels");
        Remote pong = rmi.export(new PongImpl());
        Kernels session = kernels.session((org.karmi.bench.runner.remote.Pong) pong);
        targets = new Kernel.Targets(kernels, session, (DataTypes) rmi.lookup(serverPort, "types"),
                (Wireless) rmi.lookup(serverPort, "wireless"));
        peers.clear();
        for (int i = 2; i < cmd.length; i++) {
            peers.add((AppHost) rmi.lookup(Integer.parseInt(cmd[i]), "apps"));
        }
        return "found the server and " + peers.size() + " app hosts";
    }

    private Kernel.Op op(String kernelName, String factory) throws Exception {
        Kernel kernel = Kernel.valueOf(kernelName);
        return op(kernel, factory, targets);
    }

    /** The call of {@code kernel} with the factory's argument; checks the first result. */
    static Kernel.Op op(Kernel kernel, String factory, Kernel.Targets targets) throws Exception {
        Object arg = argument(kernel, factory, targets);
        Kernel.Op op = kernel.bind(targets, arg);
        Object first = op.invoke();
        if (!kernel.resultFits(arg, first)) {
            throw new IllegalStateException(kernel.title + " with " + factory + " returned a wrong result: "
                    + (first == null ? "null" : first.getClass().getName()));
        }
        return op;
    }

    private static Object argument(Kernel kernel, String factory, Kernel.Targets targets) throws Exception {
        if (kernel == Kernel.WIRELESS_PING_TEXT) {
            return WirelessImpl.text9689();
        }
        if (kernel == Kernel.GET_STRING) {
            targets.types().textLength(Integer.parseInt(factory.substring(factory.indexOf('=') + 1)));
            return null;
        }
        return factory.equals("-") ? null : Factories.byName(factory).create();
    }

    static String join(long[] values) {
        StringBuilder s = new StringBuilder(values.length * 8);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                s.append(' ');
            }
            s.append(values[i]);
        }
        return s.toString();
    }

    static String oneLine(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (s.length() > 0) {
                s.append(" / caused by: ");
            }
            s.append(t.getClass().getName()).append(": ").append(t.getMessage());
            if (t.getCause() == t) {
                break;
            }
        }
        return s.toString().replace('\n', ' ').replace('\r', ' ');
    }
}
