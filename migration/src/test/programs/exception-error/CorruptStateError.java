package example.exception_error;

/** An Error of the application. */
public class CorruptStateError extends Error {

    private static final long serialVersionUID = 1L;

    public CorruptStateError(String message) {
        super(message);
    }
}
