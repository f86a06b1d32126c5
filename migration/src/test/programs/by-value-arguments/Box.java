package example.by_value_arguments;

import java.io.Serializable;

/** A mutable value. */
public class Box implements Serializable {

    private static final long serialVersionUID = 1L;

    public int value;
    public transient String note = "set before sending";
    public Box next;

    public Box(int value) {
        this.value = value;
    }
}
