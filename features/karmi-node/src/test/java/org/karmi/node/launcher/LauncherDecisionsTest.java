package org.karmi.node.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;

import org.junit.jupiter.api.Test;

/** The launcher's small decisions: shell or not, where conf/ is, numbers from properties. */
class LauncherDecisionsTest {

    @Test
    void shellPropertyWinsOverTheTerminal() {
        assertTrue(Console.interactive("true"));
        assertFalse(Console.interactive(" false "));
    }

    @Test
    void noShellWithoutATerminal() {
        // surefire's forked JVM reads a pipe: no terminal (on JDK 22+ a console exists but is no terminal)
        assertFalse(Console.interactive(null));
    }

    @Test
    void confIsBesideTheJarOrInTheWorkingDirectory() {
        assertEquals(new File("/opt/karmi/conf").getPath(), NodeLauncher.confDirectory("/opt/karmi/karmi-node.jar"));
        assertEquals(new File("/opt/karmi/conf").getPath(),
                NodeLauncher.confDirectory("/opt/karmi/karmi-node.jar" + File.pathSeparator + "/other/x.jar"));
        assertEquals("conf", NodeLauncher.confDirectory("target/classes"));
        assertEquals("conf", NodeLauncher.confDirectory(null));
    }

    @Test
    void badNumberPropertyIsRefusedNamingTheValue() {
        assertEquals(5, NodeLauncher.number(" 5 ", 7));
        assertEquals(7, NodeLauncher.number(null, 7));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeLauncher.number("soon", 7));
        assertTrue(e.getMessage().contains("'soon'"), e.getMessage());
    }
}
