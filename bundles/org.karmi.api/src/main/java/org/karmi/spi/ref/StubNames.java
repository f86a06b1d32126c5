package org.karmi.spi.ref;

/**
 * Names of the classes the annotation processor generates for a remote interface, in the
 * interface's package: {@code <binary simple name>_KarmiStub} (a {@link RemoteStub}
 * subclass implementing the interface, constructor {@code (ClientRef)}) and
 * {@code <binary simple name>_KarmiSkeleton} (a {@link Skeleton}, no-argument
 * constructor). For a nested interface {@code a.Outer$Api} they are
 * {@code a.Outer$Api_KarmiStub} and {@code a.Outer$Api_KarmiSkeleton}. Stateless.
 */
public final class StubNames {

    /** Suffix of generated stubs. */
    public static final String STUB_SUFFIX = "_KarmiStub";
    /** Suffix of generated skeletons. */
    public static final String SKELETON_SUFFIX = "_KarmiSkeleton";

    private StubNames() {
    }

    /** Binary name of the stub generated for the interface with binary name {@code interfaceName}. */
    public static String stubName(String interfaceName) {
        return interfaceName + STUB_SUFFIX;
    }

    /** Binary name of the skeleton generated for the interface with binary name {@code interfaceName}. */
    public static String skeletonName(String interfaceName) {
        return interfaceName + SKELETON_SUFFIX;
    }
}
