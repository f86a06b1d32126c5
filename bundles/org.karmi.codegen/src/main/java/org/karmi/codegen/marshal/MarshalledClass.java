package org.karmi.codegen.marshal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * The model of one {@code @Marshalled} class as the generator needs it: the canonical field order
 * of the UKA run-time marshaller ({@code FieldLayout} in {@code org.karmi.serial}: serializable
 * superclasses top-down, each class's non-static, non-transient fields sorted by name), with
 * the same fingerprint; or the reasons it cannot be generated.
 *
 * <p>Threading: confined to the processor's thread.
 */
final class MarshalledClass {

    /** One serialized field. */
    static final class FieldModel {
        final String name;
        final String declaringBinaryName;
        final char code;
        final boolean isFinal;
        /** The declaring class as source can name it from the marshaller's package, or null. */
        final String declaringType;
        /** The erased field type as source can name it from the marshaller's package, or null. */
        final String fieldType;
        /** Whether the generated marshaller (same package) may read and write the field directly. */
        final boolean direct;

        FieldModel(String name, String declaringBinaryName, char code, boolean isFinal, String declaringType,
                   String fieldType, boolean direct) {
            this.name = name;
            this.declaringBinaryName = declaringBinaryName;
            this.code = code;
            this.isFinal = isFinal;
            this.declaringType = declaringType;
            this.fieldType = fieldType;
            this.direct = direct;
        }

        /** Whether field access can be typed exactly (a VarHandle call the JIT inlines). */
        boolean exact() {
            return declaringType != null && fieldType != null;
        }
    }

    final TypeElement type;
    final String packageName;
    final String binaryName;
    final List<FieldModel> primitives = new ArrayList<>();
    final List<FieldModel> references = new ArrayList<>();
    final int fingerprint;
    final boolean ok;
    /** Whether the class declares a no-arg constructor the marshaller may call ({@code new T()}). */
    boolean ownConstructor;

    private MarshalledClass(TypeElement type, String packageName, String binaryName, int fingerprint, boolean ok) {
        this.type = type;
        this.packageName = packageName;
        this.binaryName = binaryName;
        this.fingerprint = fingerprint;
        this.ok = ok;
    }

    /** Analyses {@code type}, reporting every reason it cannot be marshalled as an error on it. */
    static MarshalledClass analyse(TypeElement type, Elements elements, Types types, Messager messager) {
        boolean ok = true;
        if (type.getKind() != ElementKind.CLASS) {
            ok = error(messager, type, "@Marshalled applies to classes only (records and enums are marshalled natively)");
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            ok = error(messager, type, "@Marshalled class must not be abstract");
        }
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                ok = error(messager, type, "@Marshalled class must not be private (nor nested in a private class)");
            }
        }
        if (type.getNestingKind().isNested() && !type.getModifiers().contains(Modifier.STATIC)) {
            ok = error(messager, type, "@Marshalled class must be top-level or a static nested class");
        }
        TypeMirror serializable = elements.getTypeElement("java.io.Serializable").asType();
        TypeMirror externalizable = elements.getTypeElement("java.io.Externalizable").asType();
        if (!types.isAssignable(type.asType(), serializable)) {
            ok = error(messager, type, "@Marshalled class must implement java.io.Serializable");
        }
        if (types.isAssignable(type.asType(), externalizable)) {
            ok = error(messager, type, "@Marshalled class must not be Externalizable (it falls back to JDK serialization)");
        }
        List<TypeElement> levels = new ArrayList<>();
        for (TypeElement k = type; k != null; k = superclass(k)) {
            if (!types.isAssignable(types.erasure(k.asType()), serializable)) {
                break;
            }
            levels.add(0, k);
        }
        for (TypeElement k = type; k != null; k = superclass(k)) {
            for (ExecutableElement m : ElementFilter.methodsIn(k.getEnclosedElements())) {
                String n = m.getSimpleName().toString();
                if ((n.equals("writeObject") || n.equals("readObject")) && m.getParameters().size() == 1
                        || (n.equals("readObjectNoData") || n.equals("writeReplace") || n.equals("readResolve"))
                        && m.getParameters().isEmpty()) {
                    ok = error(messager, type, "@Marshalled class must not use the JDK serialization hook "
                            + n + " (declared in " + k.getQualifiedName() + ")");
                }
            }
        }
        MarshalledClass model;
        StringBuilder sig = new StringBuilder();
        List<FieldModel> prims = new ArrayList<>();
        List<FieldModel> refs = new ArrayList<>();
        for (TypeElement level : levels) {
            List<VariableElement> fields = new ArrayList<>(ElementFilter.fieldsIn(level.getEnclosedElements()));
            fields.sort(Comparator.comparing(f -> f.getSimpleName().toString()));
            for (VariableElement f : fields) {
                if (f.getSimpleName().contentEquals("serialPersistentFields") && f.getModifiers().contains(Modifier.STATIC)) {
                    ok = error(messager, type, "@Marshalled class must not declare serialPersistentFields");
                }
                if (f.getModifiers().contains(Modifier.STATIC) || f.getModifiers().contains(Modifier.TRANSIENT)) {
                    continue;
                }
                char code = code(f.asType());
                String name = f.getSimpleName().toString();
                sig.append(name).append(':').append(code).append(';');
                boolean isFinal = f.getModifiers().contains(Modifier.FINAL);
                String declaring = nameable(level, pkg(elements, type), elements);
                String fieldType = code == 'L' ? nameable(types.erasure(f.asType()), pkg(elements, type), elements)
                        : f.asType().toString();
                boolean direct = !isFinal && declaring != null && fieldType != null
                        && !f.getModifiers().contains(Modifier.PRIVATE)
                        && (f.getModifiers().contains(Modifier.PUBLIC)
                            || elements.getPackageOf(level).equals(elements.getPackageOf(type)));
                FieldModel fm = new FieldModel(name, elements.getBinaryName(level).toString(), code, isFinal,
                        declaring, fieldType, direct);
                (code == 'L' ? refs : prims).add(fm);
            }
            sig.append('|');
        }
        String pkg = elements.getPackageOf(type).getQualifiedName().toString();
        model = new MarshalledClass(type, pkg, elements.getBinaryName(type).toString(), sig.toString().hashCode(), ok);
        for (ExecutableElement c : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            if (c.getParameters().isEmpty() && !c.getModifiers().contains(Modifier.PRIVATE)) {
                model.ownConstructor = true;
            }
        }
        model.primitives.addAll(prims);
        model.references.addAll(refs);
        return model;
    }

    private static String pkg(Elements elements, TypeElement t) {
        return elements.getPackageOf(t).getQualifiedName().toString();
    }

    /** The source name of erased type {@code t} if code in package {@code pkg} may name it, else null. */
    private static String nameable(TypeMirror t, String pkg, Elements elements) {
        if (t.getKind() == TypeKind.ARRAY) {
            TypeMirror component = ((javax.lang.model.type.ArrayType) t).getComponentType();
            String c = component.getKind().isPrimitive() ? component.toString() : nameable(component, pkg, elements);
            return c == null ? null : c + "[]";
        }
        if (t.getKind() != TypeKind.DECLARED) {
            return null;
        }
        return nameable((TypeElement) ((DeclaredType) t).asElement(), pkg, elements);
    }

    private static String nameable(TypeElement type, String pkg, Elements elements) {
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            java.util.Set<Modifier> m = e.getModifiers();
            if (m.contains(Modifier.PRIVATE) || !m.contains(Modifier.PUBLIC)
                    && !elements.getPackageOf(e).getQualifiedName().contentEquals(pkg)) {
                return null;
            }
            if (((TypeElement) e).getNestingKind() == javax.lang.model.element.NestingKind.LOCAL
                    || ((TypeElement) e).getNestingKind() == javax.lang.model.element.NestingKind.ANONYMOUS) {
                return null;
            }
        }
        String n = type.getQualifiedName().toString();
        return n.isEmpty() ? null : n;
    }

    private static TypeElement superclass(TypeElement k) {
        TypeMirror s = k.getSuperclass();
        if (s.getKind() != TypeKind.DECLARED) {
            return null;
        }
        return (TypeElement) ((DeclaredType) s).asElement();
    }

    static char code(TypeMirror t) {
        switch (t.getKind()) {
            case BOOLEAN: return 'Z';
            case BYTE: return 'B';
            case CHAR: return 'C';
            case SHORT: return 'S';
            case INT: return 'I';
            case LONG: return 'J';
            case FLOAT: return 'F';
            case DOUBLE: return 'D';
            default: return 'L';
        }
    }

    static int width(char code) {
        switch (code) {
            case 'Z': case 'B': return 1;
            case 'C': case 'S': return 2;
            case 'I': case 'F': return 4;
            default: return 8;
        }
    }

    private static boolean error(Messager messager, Element e, String msg) {
        messager.printMessage(Diagnostic.Kind.ERROR, msg, e);
        return false;
    }
}
