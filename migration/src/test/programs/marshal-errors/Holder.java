package example.marshal_errors;

/** Not Serializable. */
public class Holder {

    public final int value;

    public Holder(int value) {
        this.value = value;
    }
}
