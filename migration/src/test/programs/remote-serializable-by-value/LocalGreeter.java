package example.remote_serializable_by_value;

import java.io.Serializable;

/** A Greeter that can travel by value; says where it runs. */
public class LocalGreeter implements Greeter, Serializable {

    private static final long serialVersionUID = 1L;

    public String greet() {
        return "hello from a greeter running in the " + System.getProperty("example.role") + " JVM";
    }
}
