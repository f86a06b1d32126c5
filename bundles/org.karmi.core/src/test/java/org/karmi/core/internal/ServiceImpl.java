package org.karmi.core.internal;

import java.rmi.RemoteException;

import org.karmi.RemoteRuntime;

/** The test service: its methods do what {@link Service} says. */
public class ServiceImpl implements Service {
    private final RemoteRuntime runtime;
    private final String name;
    /** The last box the server received (to show that it is a copy). */
    volatile Box lastBox;

    public ServiceImpl(RemoteRuntime runtime, String name) {
        this.runtime = runtime;
        this.name = name;
    }

    @Override public void ping() { }
    @Override public int add(int a, int b) { return a + b; }
    @Override public long twice(long v) { return 2 * v; }
    @Override public double half(double v) { return v / 2; }
    @Override public float scale(float v) { return v * 3; }
    @Override public char upper(char c) { return Character.toUpperCase(c); }
    @Override public byte neg(byte b) { return (byte) -b; }
    @Override public short inc(short s) { return (short) (s + 1); }
    @Override public boolean not(boolean b) { return !b; }
    @Override public Object echo(Object o) { return o; }

    @Override
    public Box mutate(Box b) {
        lastBox = b;
        b.value++;
        b.items.add("server");
        return b;
    }

    @Override
    public void fail(String kind) throws RemoteException, AppException {
        switch (kind) {
            case "app": throw new AppException("app failure");
            case "runtime": throw new IllegalStateException("runtime failure");
            case "error": throw new AssertionError("error failure");
            case "remote": throw new RemoteException("remote failure");
            case "unserializable": throw new IllegalArgumentException("x") {
                private static final long serialVersionUID = 1L;
                @SuppressWarnings("unused") private final transient Object o = null;
                private final Object notSerializable = new Object();
            };
            default: throw new IllegalArgumentException(kind);
        }
    }

    @Override
    public void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override public String name() { return name; }

    @Override
    public int callBack(Callback cb, int n) throws RemoteException {
        return cb.call(n) + 1;
    }

    @Override
    public String nameOf(Service other) throws RemoteException {
        return other.name();
    }

    @Override
    public String nameVia(Service via, Service target) throws RemoteException {
        return via.nameOf(target);
    }

    @Override
    public java.util.Map<String, Long> callsSent() {
        java.util.Map<String, Long> m = new java.util.HashMap<>();
        runtime.statistics().forEach((tech, stats) -> m.put(tech, stats.callsSent()));
        return m;
    }

    @Override
    public Service create(String newName) throws RemoteException {
        return (Service) runtime.export(new ServiceImpl(runtime, newName));
    }

    @Override
    public boolean drop() throws RemoteException {
        return runtime.unexport(this, true);
    }
}
