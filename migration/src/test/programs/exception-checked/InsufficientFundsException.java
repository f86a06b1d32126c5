package example.exception_checked;

/** The application's checked exception. */
public class InsufficientFundsException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int missing;

    public InsufficientFundsException(String message, int missing, Throwable cause) {
        super(message, cause);
        this.missing = missing;
    }

    public int missing() {
        return missing;
    }
}
