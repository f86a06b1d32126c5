package org.karmi.codegen.stub;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

import org.karmi.spi.ref.MethodHash;
import org.karmi.spi.ref.StubNames;

/**
 * What the generators need to know about one remote interface, read from the compiler's
 * model: names, type parameters, and every remote method (inherited ones included) with its
 * {@link MethodHash}, source types and thrown types, sorted by signature. Immutable after
 * construction; used by one processor thread.
 */
final class RemoteInterfaceModel {

    /** One remote method. */
    static final class RemoteMethod {
        final String name;
        final String signature;
        final long hash;
        final List<TypeMirror> parameterTypes;
        final TypeMirror returnType;
        final List<TypeMirror> thrown;
        final List<? extends TypeParameterElement> typeParameters;

        RemoteMethod(String name, String signature, List<TypeMirror> parameterTypes, TypeMirror returnType,
                List<TypeMirror> thrown, List<? extends TypeParameterElement> typeParameters) {
            this.name = name;
            this.signature = signature;
            this.hash = MethodHash.of(signature);
            this.parameterTypes = parameterTypes;
            this.returnType = returnType;
            this.thrown = thrown;
            this.typeParameters = typeParameters;
        }
    }

    final TypeElement element;
    final String packageName;
    /** Binary name without the package: {@code Outer$Api}. */
    final String binarySimpleName;
    final String stubSimpleName;
    final String skeletonSimpleName;
    final List<RemoteMethod> methods;
    /** Why no stub can be generated, or {@code null}. */
    final String problem;

    RemoteInterfaceModel(ProcessingEnvironment env, TypeElement iface) {
        Elements elements = env.getElementUtils();
        Types types = env.getTypeUtils();
        this.element = iface;
        PackageElement pkg = elements.getPackageOf(iface);
        this.packageName = pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
        String binary = elements.getBinaryName(iface).toString();
        this.binarySimpleName = packageName.isEmpty() ? binary : binary.substring(packageName.length() + 1);
        this.stubSimpleName = StubNames.stubName(binarySimpleName);
        this.skeletonSimpleName = StubNames.skeletonName(binarySimpleName);
        TypeMirror remoteException = elements.getTypeElement("java.rmi.RemoteException").asType();
        DeclaredType self = (DeclaredType) iface.asType();
        Map<String, RemoteMethod> bySignature = new TreeMap<>();
        String trouble = null;
        for (Element member : elements.getAllMembers(iface)) {
            if (member.getKind() != ElementKind.METHOD || member.getModifiers().contains(Modifier.STATIC)
                    || member.getEnclosingElement().getKind() != ElementKind.INTERFACE) {
                continue;
            }
            ExecutableElement m = (ExecutableElement) member;
            ExecutableType asMember = (ExecutableType) types.asMemberOf(self, m);
            StringBuilder sig = new StringBuilder(m.getSimpleName()).append('(');
            for (int i = 0; i < m.getParameters().size(); i++) {
                sig.append(i == 0 ? "" : ",").append(typeName(env, types.erasure(m.getParameters().get(i).asType())));
            }
            sig.append(')');
            boolean throwsRemote = false;
            for (TypeMirror t : asMember.getThrownTypes()) {
                if (types.isSubtype(remoteException, types.erasure(t))) {
                    throwsRemote = true;
                }
            }
            if (!throwsRemote && trouble == null) {
                trouble = "method " + m.getSimpleName() + " of remote interface " + iface.getQualifiedName()
                        + " does not declare java.rmi.RemoteException";
            }
            bySignature.putIfAbsent(sig.toString(), new RemoteMethod(m.getSimpleName().toString(), sig.toString(),
                    new ArrayList<>(asMember.getParameterTypes()), asMember.getReturnType(),
                    new ArrayList<>(asMember.getThrownTypes()), m.getTypeParameters()));
        }
        this.methods = List.copyOf(bySignature.values());
        if (trouble == null && iface.getModifiers().contains(Modifier.PRIVATE)) {
            trouble = "remote interface " + iface.getQualifiedName() + " is private";
        }
        this.problem = trouble;
    }

    /** Binary name of an erased type as {@link Class#getTypeName()} writes it. */
    static String typeName(ProcessingEnvironment env, TypeMirror erased) {
        if (erased.getKind() == TypeKind.ARRAY) {
            return typeName(env, ((ArrayType) erased).getComponentType()) + "[]";
        }
        if (erased.getKind() == TypeKind.DECLARED) {
            return env.getElementUtils().getBinaryName((TypeElement) ((DeclaredType) erased).asElement()).toString();
        }
        return erased.toString();
    }

    /** Qualified source name of the interface, {@code p.Outer.Api}. */
    String sourceName() {
        return element.getQualifiedName().toString();
    }

    /** {@code <T extends Bound, U>} of the interface, or "". */
    String typeParameterDeclaration() {
        return typeParameters(element.getTypeParameters());
    }

    /** {@code <T, U>} of the interface, or "". */
    String typeArguments() {
        List<? extends TypeParameterElement> ps = element.getTypeParameters();
        if (ps.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (TypeParameterElement p : ps) {
            names.add(p.getSimpleName().toString());
        }
        return "<" + String.join(", ", names) + ">";
    }

    static String typeParameters(List<? extends TypeParameterElement> ps) {
        if (ps.isEmpty()) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (TypeParameterElement p : ps) {
            List<String> bounds = new ArrayList<>();
            for (TypeMirror b : p.getBounds()) {
                if (!b.toString().equals("java.lang.Object")) {
                    bounds.add(b.toString());
                }
            }
            out.add(p.getSimpleName() + (bounds.isEmpty() ? "" : " extends " + String.join(" & ", bounds)));
        }
        return "<" + String.join(", ", out) + ">";
    }

    /**
     * The exception types a stub re-throws as they are: the declared ones plus
     * {@link RuntimeException}, each erased, minus those a wider one in the set covers; empty
     * if a declared type is {@link Exception} or wider (then everything passes through).
     */
    static Set<String> rethrown(ProcessingEnvironment env, RemoteMethod m) {
        Types types = env.getTypeUtils();
        Elements elements = env.getElementUtils();
        TypeMirror exception = elements.getTypeElement("java.lang.Exception").asType();
        List<TypeMirror> all = new ArrayList<>();
        for (TypeMirror t : m.thrown) {
            TypeMirror e = types.erasure(t);
            if (types.isSubtype(exception, e)) {
                return Set.of();
            }
            all.add(e);
        }
        all.add(elements.getTypeElement("java.lang.RuntimeException").asType());
        Set<String> out = new LinkedHashSet<>();
        for (TypeMirror t : all) {
            boolean covered = false;
            for (TypeMirror u : all) {
                if (u != t && !types.isSameType(u, t) && types.isSubtype(t, u)) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                out.add(t.toString());
            }
        }
        return out;
    }
}
