package org.karmi.tech.parastation.internal.ring;

import java.util.concurrent.locks.LockSupport;

/**
 * Spins ({@link Thread#onSpinWait()}) up to {@code maxSpins} times, then yields up to
 * {@code maxYields} times, then parks for a period that doubles from {@code minParkPeriodNs}
 * up to {@code maxParkPeriodNs}; after parking without work for {@code deepIdleAfterNs} it
 * parks {@code deepParkPeriodNs} per round: eager while traffic flows, nearly free when idle,
 * every wait bounded. One instance per thread (not thread-safe).
 */
public final class BackoffIdleStrategy implements IdleStrategy {

    private static final int NOT_IDLE = 0;
    private static final int SPINNING = 1;
    private static final int YIELDING = 2;
    private static final int PARKING = 3;

    private final long maxSpins;
    private final long maxYields;
    private final long minParkPeriodNs;
    private final long maxParkPeriodNs;
    private final long deepIdleAfterNs;
    private final long deepParkPeriodNs;

    private long parkingSinceNs;
    private int state = NOT_IDLE;
    private long spins;
    private long yields;
    private long parkPeriodNs;

    /**
     * @param maxSpins        spins before yielding (>= 0)
     * @param maxYields       yields before parking (>= 0)
     * @param minParkPeriodNs first park period (> 0)
     * @param maxParkPeriodNs longest park period (>= minParkPeriodNs)
     */
    public BackoffIdleStrategy(long maxSpins, long maxYields, long minParkPeriodNs, long maxParkPeriodNs) {
        this(maxSpins, maxYields, minParkPeriodNs, maxParkPeriodNs, Long.MAX_VALUE, maxParkPeriodNs);
    }

    /**
     * @param deepIdleAfterNs  time parked without work after which the deep period applies
     * @param deepParkPeriodNs park period once deeply idle (>= maxParkPeriodNs)
     */
    public BackoffIdleStrategy(long maxSpins, long maxYields, long minParkPeriodNs, long maxParkPeriodNs,
            long deepIdleAfterNs, long deepParkPeriodNs) {
        if (maxSpins < 0 || maxYields < 0 || minParkPeriodNs < 1 || maxParkPeriodNs < minParkPeriodNs
                || deepIdleAfterNs < 0 || deepParkPeriodNs < maxParkPeriodNs) {
            throw new IllegalArgumentException("bad back-off: spins " + maxSpins + ", yields " + maxYields
                    + ", park " + minParkPeriodNs + ".." + maxParkPeriodNs + " ns, deep " + deepParkPeriodNs
                + " ns after " + deepIdleAfterNs + " ns");
        }
        this.deepIdleAfterNs = deepIdleAfterNs;
        this.deepParkPeriodNs = deepParkPeriodNs;
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkPeriodNs = minParkPeriodNs;
        this.maxParkPeriodNs = maxParkPeriodNs;
    }

    @Override
    public void idle() {
        switch (state) {
            case NOT_IDLE:
                state = SPINNING;
                spins = 0;
                // fall through
            case SPINNING:
                Thread.onSpinWait();
                if (++spins > maxSpins) {
                    state = YIELDING;
                    yields = 0;
                }
                break;
            case YIELDING:
                if (++yields > maxYields) {
                    state = PARKING;
                    parkPeriodNs = minParkPeriodNs;
                    parkingSinceNs = System.nanoTime();
                } else {
                    Thread.yield();
                }
                break;
            default:
                LockSupport.parkNanos(parkPeriodNs);
                if (parkPeriodNs < maxParkPeriodNs) {
                    parkPeriodNs = Math.min(parkPeriodNs << 1, maxParkPeriodNs);
                } else if (parkPeriodNs < deepParkPeriodNs && System.nanoTime() - parkingSinceNs > deepIdleAfterNs) {
                    parkPeriodNs = deepParkPeriodNs;
                }
                break;
        }
    }

    @Override
    public void reset() {
        state = NOT_IDLE;
    }

    @Override
    public boolean isParking() {
        return state == PARKING;
    }

    @Override
    public String toString() {
        return "BackoffIdleStrategy[spins=" + maxSpins + ", yields=" + maxYields + ", parkNs="
                + minParkPeriodNs + ".." + maxParkPeriodNs + ", deepParkNs=" + deepParkPeriodNs + " after "
                + deepIdleAfterNs + " ns]";
    }
}
