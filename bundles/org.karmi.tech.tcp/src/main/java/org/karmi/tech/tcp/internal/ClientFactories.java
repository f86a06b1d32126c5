package org.karmi.tech.tcp.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.rmi.server.RMIClientSocketFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client socket factories of one tcp technology: writes a factory into the bytes a UTID
 * carries, and reads one back under an allow-list, so that a peer's UTID can never get a class
 * instantiated that this node did not accept (docs/SECURITY.md). Allowed are
 * {@value #SSL_CLIENT_FACTORY}, the classes of factories this JVM's application gave the
 * technology ({@link #remember}: an export or a registry named with a factory), and the classes
 * the {@value #KEY} setting names, plus the strings, boxed primitives and primitive arrays
 * their fields hold, within {@value #MAX_DEPTH} levels and {@value #MAX_REFERENCES} objects.
 * Class names resolve only to those known classes (the JDK one through the system loader; a
 * configured name through the context loader), never to an arbitrary name. Thread-safe.
 */
final class ClientFactories {

    /** The JDK's TLS client socket factory, always allowed. */
    static final String SSL_CLIENT_FACTORY = "javax.rmi.ssl.SslRMIClientSocketFactory";
    /** The setting naming more factory classes (PID {@code org.karmi.tech.tcp}, {@code karmi.tcp.} outside OSGi). */
    static final String KEY = "socketFactories";
    static final int MAX_DEPTH = 8;
    static final int MAX_REFERENCES = 256;
    static final int MAX_ARRAY = 4096;

    /** The value classes a factory's fields may hold, by name. */
    private static final Map<String, Class<?>> VALUES = values(String.class, Boolean.class, Byte.class, Character.class,
            Short.class, Integer.class, Long.class, Float.class, Double.class, Number.class);

    private final List<String> patterns;
    /** Classes (and their serializable superclasses) of factories the application gave, by name. */
    private final Map<String, Class<?>> known = new ConcurrentHashMap<>();

    /** @param patterns configured class names: {@code a.B}, {@code a.*} (one package), {@code a.**} (with sub-packages) */
    ClientFactories(List<String> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    /** The patterns of a {@value #KEY} value: separated by commas or white space; {@code null}: none. */
    static List<String> parse(String value) {
        List<String> out = new ArrayList<>();
        if (value != null) {
            for (String p : value.split("[,\\s]+")) {
                if (!p.isBlank()) {
                    out.add(p.trim());
                }
            }
        }
        return List.copyOf(out);
    }

    List<String> patterns() {
        return patterns;
    }

    /** Allows the class of a factory the application gave (and its serializable superclasses) from now on. */
    void remember(RMIClientSocketFactory csf) {
        for (Class<?> c = csf.getClass(); c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass()) {
            known.put(c.getName(), c);
        }
    }

    /**
     * The factory's JDK serialization, as a UTID carries it.
     *
     * @throws NotSerializableException if the factory is not {@link Serializable} (java.rmi needs it to be)
     * @throws IOException if it cannot be written or is larger than a UTID holds
     */
    static byte[] serialize(RMIClientSocketFactory csf) throws IOException {
        if (!(csf instanceof Serializable)) {
            throw new NotSerializableException("client socket factory " + csf.getClass().getName()
                    + " is not Serializable: it travels in every reference to the export");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(csf);
        }
        byte[] b = bytes.toByteArray();
        if (b.length > TcpAddress.MAX_FACTORY_BYTES) {
            throw new IOException("client socket factory " + csf.getClass().getName() + " serializes to " + b.length
                    + " bytes, more than the " + TcpAddress.MAX_FACTORY_BYTES + " a tcp UTID holds");
        }
        return b;
    }

    /**
     * Reads a factory a UTID carries, under the allow-list.
     *
     * @param target {@code host:port} for the message
     * @throws InvalidClassException naming the class and the setting if a class is not allowed
     * @throws IOException if the bytes are no factory or break a limit
     */
    RMIClientSocketFactory read(byte[] bytes, String target) throws IOException {
        Object o;
        try (ObjectInputStream in = new Input(bytes)) {
            ObjectInputFilter mine = this::check;
            ObjectInputFilter jvm = ObjectInputFilter.Config.getSerialFilter();
            in.setObjectInputFilter(jvm == null ? mine : ObjectInputFilter.merge(mine, jvm));
            o = in.readObject();
        } catch (InvalidClassException e) {
            InvalidClassException x = new InvalidClassException("tcp " + target + ": " + refusal(e.classname != null
                    ? e.classname : TcpAddress.factoryClassName(bytes)));
            x.initCause(e);
            throw x;
        } catch (ClassNotFoundException | RuntimeException e) {
            throw new IOException("tcp " + target + ": cannot read the client socket factory "
                    + TcpAddress.factoryClassName(bytes) + " in its address: " + e, e);
        }
        if (!(o instanceof RMIClientSocketFactory f)) {
            throw new InvalidClassException(o == null ? "null" : o.getClass().getName(),
                    "the client socket factory in the address of tcp " + target + " is no RMIClientSocketFactory");
        }
        return f;
    }

    /** Why a class is refused, naming what would allow it. */
    String refusal(String className) {
        return "its address carries a client socket factory of class " + className + ", which this node does not"
                + " allow: it accepts " + SSL_CLIENT_FACTORY + ", the classes of client socket factories this"
                + " application gave KaRMI (getRegistry or an export with a factory) and those named by the tcp setting "
                + KEY + " (" + TcpSettings.PROPERTY_PREFIX + KEY + ", or key " + KEY + " of PID "
                + TcpTechnologyComponent.PID + ")" + (patterns.isEmpty() ? ", which is empty" : ": " + patterns);
    }

    private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        if (info.depth() > MAX_DEPTH || info.references() > MAX_REFERENCES || info.arrayLength() > MAX_ARRAY
                || info.streamBytes() > TcpAddress.MAX_FACTORY_BYTES) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        if (c.isArray()) {
            return c.getComponentType().isPrimitive() ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        }
        return allowed(c) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
    }

    private boolean allowed(Class<?> c) {
        String n = c.getName();
        return VALUES.get(n) == c || known.get(n) == c || n.equals(SSL_CLIENT_FACTORY) && "java.rmi".equals(c.getModule().getName())
                || matches(n);
    }

    /** Whether a configured pattern names the class. */
    boolean matches(String name) {
        for (String p : patterns) {
            if (p.endsWith(".**") ? name.startsWith(p.substring(0, p.length() - 2))
                    : p.endsWith(".*") ? name.startsWith(p.substring(0, p.length() - 1))
                            && name.indexOf('.', p.length() - 1) < 0
                    : name.equals(p)) {
                return true;
            }
        }
        return false;
    }

    /** Resolves only the names the allow-list knows. */
    private Class<?> resolve(String name) throws IOException, ClassNotFoundException {
        Class<?> c = known.get(name);
        if (c == null) {
            c = VALUES.get(name);
        }
        if (c != null) {
            return c;
        }
        if (name.equals(SSL_CLIENT_FACTORY)) {
            return Class.forName(name, false, ClassLoader.getSystemClassLoader());
        }
        if (name.length() == 2 && name.charAt(0) == '[' && "ZBCSIJFD".indexOf(name.charAt(1)) >= 0) {
            return Class.forName(name, false, null);
        }
        if (matches(name)) {
            ClassLoader l = Thread.currentThread().getContextClassLoader();
            return Class.forName(name, false, l != null ? l : ClassLoader.getSystemClassLoader());
        }
        throw new InvalidClassException(name, "not allowed");
    }

    private static Map<String, Class<?>> values(Class<?>... classes) {
        Map<String, Class<?>> m = new java.util.HashMap<>();
        for (Class<?> c : classes) {
            m.put(c.getName(), c);
        }
        return Map.copyOf(m);
    }

    private final class Input extends ObjectInputStream {
        Input(byte[] bytes) throws IOException {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            return resolve(desc.getName());
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
            throw new InvalidClassException("a proxy of " + String.join(", ", interfaces), "not allowed");
        }
    }
}
