package org.karmi.node.launcher;

import java.lang.reflect.Method;

/**
 * Whether the node talks to a person: the Gogo shell is on the console only then. Stateless.
 */
final class Console {

    private Console() {
    }

    /**
     * The shell is on when {@code forced} says {@code true}, off when it says {@code false};
     * otherwise on exactly when standard input and output are a terminal. On JDK 22 and later
     * {@link System#console()} exists for redirected streams too, so there
     * {@code Console.isTerminal()} decides (found reflectively: compiled for Java 17).
     */
    static boolean interactive(String forced) {
        if (forced != null && !forced.isBlank()) {
            return Boolean.parseBoolean(forced.trim());
        }
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = java.io.Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (NoSuchMethodException beforeJdk22) {
            return true; // before JDK 22 a console exists only for a terminal
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
