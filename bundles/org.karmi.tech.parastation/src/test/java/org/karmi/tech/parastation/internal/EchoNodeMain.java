package org.karmi.tech.parastation.internal;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/**
 * Child-JVM echo node: {@code EchoNodeMain <domainDir>}. Starts the technology with a
 * {@link TestContext}, prints {@code UTID <hex address>} and {@code PID <pid>}, and runs until
 * its standard input closes (or it is killed).
 */
public final class EchoNodeMain {

    private EchoNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        ParaStationTechnology tech = new ParaStationTechnology(ParaStationConfig.builder()
                .domainDirectory(Path.of(args[0])).ringCapacity(64 * 1024).build());
        TestContext context = new TestContext();
        context.utids(() -> List.of(tech.localUtid()));
        tech.start(context);
        System.out.println("UTID " + HexFormat.of().formatHex(tech.localUtid().address()));
        System.out.println("PID " + ProcessHandle.current().pid());
        System.out.flush();
        InputStream in = System.in;
        while (in.read() >= 0) {
            // wait for the parent to close stdin
        }
        tech.close();
    }
}
