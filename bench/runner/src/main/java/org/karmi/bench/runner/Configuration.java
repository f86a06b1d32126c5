package org.karmi.bench.runner;

import java.util.List;

/**
 * One software configuration compared by the collection: an RMI system, a serializer and a
 * technology. The first is the 100% every other one is measured against.
 *
 * @param number     the number the tables use: 1 = java.rmi
 * @param key        short name used in the CSV and on the command line
 * @param title      name in the report
 * @param system     {@code rmi}, {@code karmi} or {@code socket}
 * @param serializer KaRMI serializer name, or {@code null}
 * @param technology KaRMI's preferred technology, or {@code null}
 */
public record Configuration(int number, String key, String title, String system, String serializer,
                            String technology) {

    /** The raw socket floor: not an RMI configuration, shown beside {@code void ping()} and in the bandwidth curves. */
    public static final Configuration SOCKET = new Configuration(0, "socket",
            "raw socket (1-byte ping-pong, TCP_NODELAY)", "socket", null, null);

    /** (1) JDK java.rmi with JDK serialization: 100%. */
    public static final Configuration RMI = new Configuration(1, "rmi", "java.rmi + JDK serialization", "rmi", null, null);

    /** The configurations of the paper's comparison, in order. */
    public static List<Configuration> rmiConfigurations() {
        return List.of(RMI,
                new Configuration(2, "karmi-jdk-tcp", "KaRMI + jdk serializer over TCP", "karmi", "jdk", "tcp"),
                new Configuration(3, "karmi-uka-tcp", "KaRMI + uka serializer over TCP", "karmi", "uka", "tcp"),
                new Configuration(4, "karmi-uka-ps", "KaRMI + uka over ParaStation", "karmi", "uka", "parastation"));
    }

    /** The label of tables: {@code (2) KaRMI + jdk serializer over TCP}. */
    public String label() {
        return number == 0 ? title : "(" + number + ") " + title;
    }

    /** Whether this is the baseline everything is compared with. */
    public boolean isBaseline() {
        return number == 1;
    }
}
