package org.karmi.bench.runner.node;

import org.karmi.bench.runner.remote.DataTypes;
import org.karmi.bench.runner.remote.Kernels;
import org.karmi.bench.runner.remote.Wireless;

/**
 * Every timed remote call of the collection: the paper's kernels, the CORBA paper's typed
 * getters and the wireless paper's cases. {@link #bind} makes the call ready to repeat.
 */
public enum Kernel {
    PING("void ping()", false),
    PING_2INT("void ping(int,int)", false),
    PING_2INT_2FLOAT("void ping(int,int,float,float)", false),
    PING_OBJ("void ping(obj)", true),
    PING_OBJ_RETURN("obj ping(obj)", true),
    PINGPONG_OBJ("void pingpong(obj)", true),
    PINGPONG_OBJ_RETURN("obj pingpong(obj)", true),
    STAR("obj star(obj)", true),
    NEXT("int next()", false),
    GET_BOOLEAN("boolean getBoolean()", false),
    GET_INT("int getInt()", false),
    GET_LONG("long getLong()", false),
    GET_FLOAT("float getFloat()", false),
    GET_DOUBLE("double getDouble()", false),
    GET_STRING("String text()", false),
    WIRELESS_VOID("Void", false),
    WIRELESS_RETURN_PING("ReturnPing byte[500]", false),
    WIRELESS_PING_TEXT("PingText byte[9689]", false),
    WIRELESS_NEW_REF("NewRef (a new remote object per call)", false);

    /** The method as the tables show it. */
    public final String title;
    /** Whether it takes the factory-made {@code obj}. */
    public final boolean takesObject;

    Kernel(String title, boolean takesObject) {
        this.title = title;
        this.takesObject = takesObject;
    }

    /** One repeatable call. */
    @FunctionalInterface
    public interface Op {
        Object invoke() throws Exception;
    }

    /** The remote objects a client calls. */
    public record Targets(Kernels kernels, Kernels session, DataTypes types, Wireless wireless) {
    }

    /** The call on {@code t} with argument {@code arg} (ignored by kernels without {@code obj}). */
    public Op bind(Targets t, Object arg) {
        Kernels k = t.kernels();
        return switch (this) {
            case PING -> () -> {
                k.ping();
                return null;
            };
            case PING_2INT -> () -> {
                k.ping(1, 2);
                return null;
            };
            case PING_2INT_2FLOAT -> () -> {
                k.ping(1, 2, 3f, 4f);
                return null;
            };
            case PING_OBJ -> () -> {
                k.ping(arg);
                return null;
            };
            case PING_OBJ_RETURN -> () -> k.pingReturn(arg);
            case PINGPONG_OBJ -> () -> {
                t.session().pingpong(arg);
                return null;
            };
            case PINGPONG_OBJ_RETURN -> () -> t.session().pingpongReturn(arg);
            case STAR -> () -> k.star(arg);
            case NEXT -> k::next;
            case GET_BOOLEAN -> t.types()::getBoolean;
            case GET_INT -> t.types()::getInt;
            case GET_LONG -> t.types()::getLong;
            case GET_FLOAT -> t.types()::getFloat;
            case GET_DOUBLE -> t.types()::getDouble;
            case GET_STRING -> t.types()::text;
            case WIRELESS_VOID -> () -> {
                t.wireless().voidCall();
                return null;
            };
            case WIRELESS_RETURN_PING -> () -> t.wireless().returnPing((byte[]) arg);
            case WIRELESS_PING_TEXT -> () -> {
                t.wireless().pingText((byte[]) arg);
                return null;
            };
            case WIRELESS_NEW_REF -> () -> {
                t.wireless().fresh(); // dropped at once: its collector hears of it at the next GC
                return null;
            };
        };
    }

    /** Whether the result is the one expected of {@code arg} (same class, same array length). */
    public boolean resultFits(Object arg, Object result) {
        boolean returnsArg = this == PING_OBJ_RETURN || this == PINGPONG_OBJ_RETURN || this == STAR
                || this == WIRELESS_RETURN_PING;
        if (!returnsArg) {
            return true;
        }
        if (arg == null || result == null) {
            return arg == result;
        }
        if (arg.getClass() != result.getClass()) {
            return false;
        }
        return !arg.getClass().isArray() || java.lang.reflect.Array.getLength(arg) == java.lang.reflect.Array.getLength(result);
    }
}
