package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import javax.inject.Inject;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.itests.serialpayload.SerialParcel;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.WireBuffer;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Issue 3 inside Felix: an object whose class lives in a second bundle (built here as a jar
 * holding a copy of {@link SerialParcel}'s class file) round-trips through the {@code uka}
 * {@link Serializer} service when that bundle's loader is given to {@code begin}; given a loader
 * that cannot see it, reading fails with a {@link ClassNotFoundException} naming the class and
 * the bundle tried.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class SerialBundleClassIT {

    private static final String PAYLOAD = SerialParcel.class.getName();

    @Inject
    BundleContext context;

    private Bundle payload;
    private ServiceTracker<Serializer, Serializer> tracker;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options();
    }

    @Before
    public void setUp() throws Exception {
        payload = installPayloadBundle();
        tracker = new ServiceTracker<>(context,
                context.createFilter("(&(objectClass=" + Serializer.class.getName() + ")("
                        + Serializer.PROPERTY_NAME + "=uka))"), null);
        tracker.open();
    }

    @After
    public void tearDown() throws Exception {
        tracker.close();
        payload.uninstall();
    }

    @Test(timeout = 60_000)
    public void objectOfAClassInAnotherBundleRoundTripsThroughThatBundlesLoader() throws Exception {
        Class<?> c = payload.loadClass(PAYLOAD);
        assertNotSame("the probe's copy must not be used", SerialParcel.class, c);
        assertEquals(payload, FrameworkUtil.getBundle(c));
        Object original = c.getConstructor(int.class, String.class).newInstance(42, "parcel");

        WireBuffer buf = write(uka(), original);
        SerialInput in = uka().newInput(null);
        in.begin(buf, c.getClassLoader(), allowing(c));
        Object back = in.readObject();
        in.resetObjects();

        assertSame(c, back.getClass());
        assertEquals(original, back);
        assertTrue("the cycle through a field is kept", (Boolean) c.getMethod("cycleKept").invoke(back));
        assertEquals("every byte read", 0, buf.remaining());
    }

    @Test(timeout = 60_000)
    public void classNotVisibleThroughTheGivenBundleIsNamedWithTheBundleTried() throws Exception {
        Class<?> c = payload.loadClass(PAYLOAD);
        WireBuffer buf = write(uka(), c.getConstructor(int.class, String.class).newInstance(1, "x"));
        SerialInput in = uka().newInput(null);
        ClassLoader api = Serializer.class.getClassLoader();
        String apiBundle = FrameworkUtil.getBundle(Serializer.class).getSymbolicName();
        in.begin(buf, api, allowing(c));
        try {
            Object o = in.readObject();
            fail("read " + o + " through a bundle that cannot see " + PAYLOAD);
        } catch (ClassNotFoundException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(PAYLOAD));
            assertTrue(e.getMessage(), e.getMessage().contains(apiBundle));
        }
    }

    private Serializer uka() throws InterruptedException {
        Serializer s = tracker.waitForService(TimeUnit.SECONDS.toMillis(20));
        assertNotNull("no uka Serializer service", s);
        return s;
    }

    private static WireBuffer write(Serializer s, Object o) throws Exception {
        SerialOutput out = s.newOutput(null);
        WireBuffer buf = new WireBuffer(256);
        buf.clearForWrite(0);
        out.begin(buf);
        out.writeObject(o);
        out.finish();
        out.resetObjects();
        buf.flipForRead(0, buf.position);
        return buf;
    }

    private static ObjectInputFilter allowing(Class<?> c) {
        return ObjectInputFilter.allowFilter(k -> k == c, ObjectInputFilter.Status.UNDECIDED);
    }

    /** A bundle that holds only a copy of the payload's class file and imports nothing. */
    private Bundle installPayloadBundle() throws Exception {
        String entry = PAYLOAD.replace('.', '/') + ".class";
        byte[] classFile;
        try (InputStream in = SerialParcel.class.getClassLoader().getResourceAsStream(entry)) {
            assertNotNull("class file " + entry, in);
            classFile = in.readAllBytes();
        }
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "org.karmi.test.serialpayload");
        a.putValue("Bundle-Version", "1.0.0");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, m)) {
            jar.putNextEntry(new JarEntry(entry));
            jar.write(classFile);
            jar.closeEntry();
        }
        return context.installBundle("test:org.karmi.test.serialpayload", new ByteArrayInputStream(bytes.toByteArray()));
    }
}
