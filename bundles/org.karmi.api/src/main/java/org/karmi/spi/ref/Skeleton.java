package org.karmi.spi.ref;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The server side of one remote interface (paper, section 4.2: {@code XdoApplicationCall}):
 * reads a call's arguments, invokes the method on the target object and writes the result.
 * The annotation processor of {@code org.karmi.codegen} generates one per remote interface,
 * named {@link StubNames#skeletonName}; the reference layer falls back to reflection for
 * interfaces without one.
 *
 * <p>The reference layer maps the method hash a call carries to the skeleton's method
 * number (the index into {@link #methodHashes()}) once per exported class, and dispatches
 * by number. A generated skeleton has a public no-argument constructor and is stateless:
 * thread-safe, one instance serves every call to every object of its interface.
 */
@ConsumerType
public interface Skeleton {

    /** The remote interface this skeleton serves. */
    Class<?> remoteInterface();

    /**
     * The {@linkplain MethodHash hash} of every method of the interface (inherited ones
     * included), indexed by method number. The caller must not modify the array.
     */
    long[] methodHashes();

    /**
     * Runs call {@code method} (an index into {@link #methodHashes()}) on {@code target},
     * which implements {@link #remoteInterface()}.
     *
     * @throws Exception what reading the arguments, the method or writing the result threw;
     *                   {@link ServerCall} explains how the reference layer tells them apart
     */
    void dispatch(int method, Object target, ServerCall call) throws Exception;
}
