package org.karmi.tech.parastation.internal.ring;

/**
 * How a thread waits when it found no work: spin, yield or park (Agrona's {@code IdleStrategy}).
 * Instances keep per-thread state: one instance per waiting thread, never shared.
 */
public interface IdleStrategy {

    /** Waits after a round that found {@code workCount} items; a positive count resets the back-off. */
    default void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    /** Waits one step of the back-off. */
    void idle();

    /** Back to the first (most eager) step. */
    void reset();

    /** Whether the strategy has reached its parking phase (a good moment for slower checks). */
    boolean isParking();
}
