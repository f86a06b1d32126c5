package org.karmi.codegen.stub;

import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.Set;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;

/**
 * Generates, at compile time, a stub and a skeleton ({@link org.karmi.spi.ref.StubNames})
 * for every interface in the compilation that extends {@link java.rmi.Remote}. It is switched
 * on by putting {@code org.karmi.codegen} on the annotation processor path (it is registered
 * in {@code META-INF/services/javax.annotation.processing.Processor}); it claims no
 * annotation, so other processors still run. Options: {@code -Akarmi.stubs=false} turns it
 * off, {@code -Akarmi.stubs.dump=true} prints every generated source as a compiler note. An
 * interface it cannot handle (a method without {@code RemoteException}, a private nested
 * interface) gets a warning and no stub: the reference layer then uses a dynamic proxy.
 *
 * <p>Used by one compiler thread, as javac does; not thread-safe.
 */
public final class StubProcessor extends AbstractProcessor {

    /** Option that turns the processor off ({@code false}). */
    public static final String OPTION_ENABLED = "karmi.stubs";
    /** Option that prints generated sources as notes ({@code true}). */
    public static final String OPTION_DUMP = "karmi.stubs.dump";

    private final Set<String> done = new HashSet<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(OPTION_ENABLED, OPTION_DUMP);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
        if ("false".equalsIgnoreCase(processingEnv.getOptions().get(OPTION_ENABLED)) || roundEnv.processingOver()) {
            return false;
        }
        TypeElement remote = processingEnv.getElementUtils().getTypeElement("java.rmi.Remote");
        if (remote == null) {
            return false;
        }
        for (Element e : roundEnv.getRootElements()) {
            visit(e, remote.asType());
        }
        return false;
    }

    private void visit(Element e, TypeMirror remote) {
        if (!(e instanceof TypeElement type)) {
            return;
        }
        if (type.getKind() == ElementKind.INTERFACE
                && !type.getQualifiedName().contentEquals("java.rmi.Remote")
                && processingEnv.getTypeUtils().isAssignable(processingEnv.getTypeUtils().erasure(type.asType()), remote)
                && done.add(type.getQualifiedName().toString())) {
            generate(type);
        }
        for (Element inner : type.getEnclosedElements()) {
            visit(inner, remote);
        }
    }

    private void generate(TypeElement iface) {
        RemoteInterfaceModel model = new RemoteInterfaceModel(processingEnv, iface);
        if (model.problem != null) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING,
                    "KaRMI: no stub generated (" + model.problem + "); a dynamic proxy will be used", iface);
            return;
        }
        StubWriter writer = new StubWriter(processingEnv);
        String prefix = model.packageName.isEmpty() ? "" : model.packageName + ".";
        write(prefix + model.stubSimpleName, writer.stub(model), iface);
        write(prefix + model.skeletonSimpleName, writer.skeleton(model), iface);
    }

    private void write(String name, String source, TypeElement origin) {
        Filer filer = processingEnv.getFiler();
        try (Writer w = filer.createSourceFile(name, origin).openWriter()) {
            w.write(source);
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "KaRMI: cannot write " + name + ": " + e.getMessage(), origin);
            return;
        }
        if ("true".equalsIgnoreCase(processingEnv.getOptions().get(OPTION_DUMP))) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.NOTE, "KaRMI generated " + name + ":\n" + source);
        }
    }
}
