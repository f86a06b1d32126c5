package example.multiple_interfaces;

/** A local interface: not part of the stub. */
public interface Local {

    String secret();
}
