package example.remote_serializable_by_value;

import java.io.Serializable;
import java.rmi.Remote;

/** Remote and Serializable, with state. */
public class Token implements Remote, Serializable {

    private static final long serialVersionUID = 1L;

    public final String label;

    public Token(String label) {
        this.label = label;
    }
}
