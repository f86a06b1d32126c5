package org.karmi.rsa.internal;

import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.transport.Utid;

/**
 * The endpoint properties that carry a KaRMI reference through Aries RSA's discovery (its
 * endpoint XML, ZooKeeper, Configuration Admin): only strings and a {@code Long}, which every
 * discovery keeps. Stateless; thread-safe.
 *
 * <pre>
 * org.karmi.node    = "8f3a0c1d22e4b5a6"                       node id, 16 hex digits
 * org.karmi.object  = 7L                                       object number within that node
 * org.karmi.utids   = ["parastation:AAEC...", "tcp:fwAAAQgz"]  every UTID of the node, in its
 *                                                             preference order: technology name,
 *                                                             ':', address bytes in base64 (RFC 4648)
 * endpoint.id       = "karmi:8f3a0c1d22e4b5a6/7"
 * </pre>
 */
final class KarmiEndpoints {

    /** The configuration type of this provider ({@code service.exported.configs}). */
    static final String CONFIG_TYPE = "org.karmi";
    static final String NODE = "org.karmi.node";
    static final String OBJECT = "org.karmi.object";
    static final String UTIDS = "org.karmi.utids";

    private KarmiEndpoints() {
    }

    /** Writes {@code ref}'s id and UTIDs into {@code props}, with the endpoint id they make. */
    static void write(StubReference ref, Map<String, Object> props) {
        ObjectId id = ref.objectId();
        props.put(NODE, hex(id.nodeId()));
        props.put(OBJECT, id.number());
        List<Utid> utids = ref.utids();
        String[] encoded = new String[utids.size()];
        for (int i = 0; i < encoded.length; i++) {
            encoded[i] = encode(utids.get(i));
        }
        props.put(UTIDS, encoded);
        props.put("endpoint.id", endpointId(id));
    }

    /** The endpoint id of an exported object: {@code karmi:<node hex>/<number>}. */
    static String endpointId(ObjectId id) {
        return "karmi:" + hex(id.nodeId()) + "/" + id.number();
    }

    /**
     * The reference an endpoint description's properties name, for {@code interfaces}.
     *
     * @throws IllegalArgumentException if a KaRMI property is missing or malformed (naming it)
     */
    static StubReference read(Map<String, Object> props, String[] interfaces) {
        Object node = props.get(NODE);
        Object number = props.get(OBJECT);
        if (!(node instanceof String n) || n.isEmpty() || n.length() > 16) {
            throw new IllegalArgumentException("endpoint property " + NODE + " missing or not 1 to 16 hex digits: " + node);
        }
        long nodeId;
        long objectNumber;
        try {
            nodeId = Long.parseUnsignedLong(n, 16);
            objectNumber = number instanceof Number x ? x.longValue() : Long.parseLong(String.valueOf(number));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("endpoint properties " + NODE + "/" + OBJECT + " malformed: " + node + "/"
                    + number, e);
        }
        List<Utid> utids = new ArrayList<>();
        for (String u : strings(props.get(UTIDS))) {
            utids.add(decode(u));
        }
        if (utids.isEmpty()) {
            throw new IllegalArgumentException("endpoint property " + UTIDS + " missing or empty");
        }
        return new StubReference(new ObjectId(nodeId, objectNumber), interfaces, utids, false, null);
    }

    static String encode(Utid u) {
        return u.technology() + ":" + Base64.getEncoder().encodeToString(u.address());
    }

    static Utid decode(String s) {
        int colon = s.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("malformed UTID in " + UTIDS + ": " + s);
        }
        return new Utid(s.substring(0, colon), Base64.getDecoder().decode(s.substring(colon + 1)));
    }

    /** A String, String[] or collection of strings as a list (Aries' discoveries keep any of them). */
    static List<String> strings(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof String s) {
            out.add(s);
        } else if (value instanceof String[] a) {
            out.addAll(List.of(a));
        } else if (value instanceof Collection<?> c) {
            for (Object o : c) {
                out.add(String.valueOf(o));
            }
        }
        return out;
    }

    private static String hex(long v) {
        String h = Long.toHexString(v);
        return "0".repeat(16 - h.length()) + h;
    }
}
