package org.karmi.codegen.stub;

import java.util.Set;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

import org.karmi.codegen.stub.RemoteInterfaceModel.RemoteMethod;

/**
 * Writes the Java source of the stub and the skeleton of one remote interface. The stub
 * writes each argument straight into the call's stream with the typed writer (no boxing) and
 * reads the result with the typed {@code invoke}; the skeleton does the mirror image. The
 * byte format is the one the reference layer's proxies and reflective skeletons use, so
 * generated and fallback code interoperate. Stateless; thread-safe.
 */
final class StubWriter {

    private final ProcessingEnvironment env;

    StubWriter(ProcessingEnvironment env) {
        this.env = env;
    }

    String stub(RemoteInterfaceModel m) {
        StringBuilder b = new StringBuilder();
        header(b, m);
        b.append("/** Generated KaRMI stub of {@link ").append(m.sourceName()).append("}: do not edit. */\n");
        b.append("@SuppressWarnings({\"unchecked\", \"rawtypes\"})\n");
        b.append("public final class ").append(m.stubSimpleName).append(m.typeParameterDeclaration())
                .append(" extends org.karmi.spi.ref.RemoteStub implements ").append(m.sourceName())
                .append(m.typeArguments()).append(" {\n\n");
        // stubs are Serializable (RemoteStub writes a StubReference in their place)
        b.append("    private static final long serialVersionUID = 1L;\n\n");
        for (int i = 0; i < m.methods.size(); i++) {
            b.append("    /** {@code ").append(m.methods.get(i).signature).append("} */\n");
            b.append("    private static final long M").append(i).append(" = ").append(m.methods.get(i).hash).append("L;\n");
        }
        b.append("\n    public ").append(m.stubSimpleName).append("(org.karmi.spi.ref.ClientRef ref) {\n        super(ref);\n    }\n");
        for (int i = 0; i < m.methods.size(); i++) {
            stubMethod(b, m.methods.get(i), i);
        }
        b.append("}\n");
        return b.toString();
    }

    private void stubMethod(StringBuilder b, RemoteMethod method, int index) {
        b.append("\n    @Override\n    public ");
        String typeParams = RemoteInterfaceModel.typeParameters(method.typeParameters);
        if (!typeParams.isEmpty()) {
            b.append(typeParams).append(' ');
        }
        b.append(method.returnType).append(' ').append(method.name).append('(');
        for (int i = 0; i < method.parameterTypes.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(method.parameterTypes.get(i)).append(" a").append(i);
        }
        b.append(')');
        if (!method.thrown.isEmpty()) {
            b.append(" throws ");
            for (int i = 0; i < method.thrown.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(method.thrown.get(i));
            }
        }
        b.append(" {\n");
        b.append("        org.karmi.spi.ref.RemoteCall call = ref.newCall(M").append(index).append(");\n");
        if (!method.parameterTypes.isEmpty()) {
            b.append("        try {\n            org.karmi.spi.serial.SerialOutput out = call.arguments();\n");
            int lastObject = method.parameterTypes.size() - 1;
            while (lastObject >= 0 && method.parameterTypes.get(lastObject).getKind().isPrimitive()) {
                lastObject--;
            }
            for (int i = 0; i < method.parameterTypes.size(); i++) {
                // the last reference argument tells the stream no object follows (SerialOutput.writeLastObject)
                String w = i == lastObject ? "writeLastObject" : writer(method.parameterTypes.get(i));
                b.append("            out.").append(w).append("(a").append(i).append(");\n");
            }
            b.append("        } catch (java.io.IOException | RuntimeException e) {\n            throw call.marshalFailed(e);\n        }\n");
        }
        String invoke = invocation(method.returnType);
        Set<String> rethrown = RemoteInterfaceModel.rethrown(env, method);
        if (rethrown.isEmpty()) {
            b.append("        ").append(invoke).append("\n    }\n");
            return;
        }
        b.append("        try {\n            ").append(invoke).append("\n        } catch (")
                .append(String.join(" | ", rethrown)).append(" e) {\n            throw e;\n")
                .append("        } catch (Exception e) {\n")
                .append("            throw new java.rmi.UnexpectedException(\"undeclared checked exception\", e);\n")
                .append("        }\n    }\n");
    }

    private static String invocation(TypeMirror r) {
        switch (r.getKind()) {
            case VOID: return "call.invokeVoid();";
            case BOOLEAN: return "return call.invokeBoolean();";
            case BYTE: return "return call.invokeByte();";
            case CHAR: return "return call.invokeChar();";
            case SHORT: return "return call.invokeShort();";
            case INT: return "return call.invokeInt();";
            case LONG: return "return call.invokeLong();";
            case FLOAT: return "return call.invokeFloat();";
            case DOUBLE: return "return call.invokeDouble();";
            default: return r.toString().equals("java.lang.Object") ? "return call.invokeObject();"
                    : "return (" + r + ") call.invokeObject();";
        }
    }

    private static String writer(TypeMirror t) {
        switch (t.getKind()) {
            case BOOLEAN: return "writeBoolean";
            case BYTE: return "writeByte";
            case CHAR: return "writeChar";
            case SHORT: return "writeShort";
            case INT: return "writeInt";
            case LONG: return "writeLong";
            case FLOAT: return "writeFloat";
            case DOUBLE: return "writeDouble";
            default: return "writeObject";
        }
    }

    private static String reader(TypeMirror t) {
        switch (t.getKind()) {
            case BOOLEAN: return "in.readBoolean()";
            case BYTE: return "in.readByte()";
            case CHAR: return "in.readChar()";
            case SHORT: return "in.readShort()";
            case INT: return "in.readInt()";
            case LONG: return "in.readLong()";
            case FLOAT: return "in.readFloat()";
            case DOUBLE: return "in.readDouble()";
            default: return null;
        }
    }

    String skeleton(RemoteInterfaceModel m) {
        StringBuilder b = new StringBuilder();
        header(b, m);
        b.append("/** Generated KaRMI skeleton of {@link ").append(m.sourceName()).append("}: do not edit. */\n");
        b.append("@SuppressWarnings({\"unchecked\", \"rawtypes\"})\n");
        b.append("public final class ").append(m.skeletonSimpleName).append(" implements org.karmi.spi.ref.Skeleton {\n\n");
        b.append("    private static final long[] HASHES = {");
        for (int i = 0; i < m.methods.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(m.methods.get(i).hash).append('L');
        }
        b.append("};\n\n    public ").append(m.skeletonSimpleName).append("() {\n    }\n\n");
        b.append("    @Override\n    public Class<?> remoteInterface() {\n        return ").append(m.sourceName()).append(".class;\n    }\n\n");
        b.append("    @Override\n    public long[] methodHashes() {\n        return HASHES;\n    }\n\n");
        b.append("    @Override\n    public void dispatch(int method, Object target, org.karmi.spi.ref.ServerCall call) throws Exception {\n");
        b.append("        ").append(m.sourceName()).append(" t = (").append(m.sourceName()).append(") target;\n");
        b.append("        org.karmi.spi.serial.SerialInput in = call.arguments();\n");
        b.append("        switch (method) {\n");
        for (int i = 0; i < m.methods.size(); i++) {
            skeletonCase(b, m.methods.get(i), i);
        }
        b.append("            default:\n                throw new IllegalArgumentException(\"no method number \" + method);\n");
        b.append("        }\n    }\n}\n");
        return b.toString();
    }

    private void skeletonCase(StringBuilder b, RemoteMethod method, int index) {
        b.append("            case ").append(index).append(": { // ").append(method.signature).append('\n');
        for (int i = 0; i < method.parameterTypes.size(); i++) {
            TypeMirror erased = env.getTypeUtils().erasure(method.parameterTypes.get(i));
            String read = reader(erased);
            b.append("                ").append(erased).append(" a").append(i).append(" = ")
                    .append(read != null ? read : erased.toString().equals("java.lang.Object") ? "in.readObject()"
                            : "(" + erased + ") in.readObject()").append(";\n");
        }
        b.append("                call.argumentsRead();\n                ");
        StringBuilder callExpr = new StringBuilder("t.").append(method.name).append('(');
        for (int i = 0; i < method.parameterTypes.size(); i++) {
            callExpr.append(i == 0 ? "" : ", ").append('a').append(i);
        }
        callExpr.append(')');
        TypeMirror r = method.returnType;
        if (r.getKind() == TypeKind.VOID) {
            b.append(callExpr).append(";\n");
        } else {
            TypeMirror erased = env.getTypeUtils().erasure(r);
            b.append(erased).append(" r = ").append(callExpr).append(";\n");
            String w = erased.getKind().isPrimitive() ? writer(erased) : "writeLastObject"; // the result is the reply's only object
            b.append("                call.result().").append(w).append("(r);\n");
        }
        b.append("                return;\n            }\n");
    }

    private static void header(StringBuilder b, RemoteInterfaceModel m) {
        if (!m.packageName.isEmpty()) {
            b.append("package ").append(m.packageName).append(";\n\n");
        }
    }
}
