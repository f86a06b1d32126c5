package example.exception_runtime;

/** An unchecked exception of the application, named by no remote interface. */
public class QuotaExceededException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public final int quota;

    public QuotaExceededException(String message, int quota) {
        super(message);
        this.quota = quota;
    }
}
