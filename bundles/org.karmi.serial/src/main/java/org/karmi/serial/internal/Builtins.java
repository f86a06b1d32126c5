package org.karmi.serial.internal;

import static org.karmi.serial.internal.StreamFormat.*;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import org.karmi.serial.spi.Marshaller;

/**
 * The table of built-in types with fixed numbers ({@link StreamFormat}): by number for reading,
 * by class for writing. Boxes are not tracked (no handle); everything else is.
 *
 * <p>Threading: immutable after class initialization.
 */
final class Builtins {

    /** Indexed by header value; {@code null} where no type has that number. */
    static final ClassInfo[] BY_ID = new ClassInfo[END_FIXED];
    private static final Map<Class<?>, ClassInfo> BY_CLASS = new IdentityHashMap<>();

    static {
        add(String.class, STRING, true, true, ValueMarshallers.STRING);
        add(Boolean.class, BOOLEAN, false, false, ValueMarshallers.BOOLEAN);
        add(Byte.class, BYTE, false, false, ValueMarshallers.BYTE);
        add(Character.class, CHARACTER, false, false, ValueMarshallers.CHARACTER);
        add(Short.class, SHORT, false, false, ValueMarshallers.SHORT);
        add(Integer.class, INTEGER, false, false, ValueMarshallers.INTEGER);
        add(Long.class, LONG, false, false, ValueMarshallers.LONG);
        add(Float.class, FLOAT, false, false, ValueMarshallers.FLOAT);
        add(Double.class, DOUBLE, false, false, ValueMarshallers.DOUBLE);
        add(boolean[].class, BOOLEAN_ARRAY, true, true, ArrayMarshallers.BOOLEANS);
        add(byte[].class, BYTE_ARRAY, true, true, ArrayMarshallers.BYTES);
        add(char[].class, CHAR_ARRAY, true, true, ArrayMarshallers.CHARS);
        add(short[].class, SHORT_ARRAY, true, true, ArrayMarshallers.SHORTS);
        add(int[].class, INT_ARRAY, true, true, ArrayMarshallers.INTS);
        add(long[].class, LONG_ARRAY, true, true, ArrayMarshallers.LONGS);
        add(float[].class, FLOAT_ARRAY, true, true, ArrayMarshallers.FLOATS);
        add(double[].class, DOUBLE_ARRAY, true, true, ArrayMarshallers.DOUBLES);
        add(String[].class, STRING_ARRAY, true, false, new ArrayMarshallers.Objects(String.class));
        add(Object[].class, OBJECT_ARRAY, true, false, new ArrayMarshallers.Objects(Object.class));
        add(ArrayList.class, ARRAY_LIST, true, false, CollectionMarshallers.ARRAY_LIST);
        add(LinkedList.class, LINKED_LIST, true, false, CollectionMarshallers.LINKED_LIST);
        add(ArrayDeque.class, ARRAY_DEQUE, true, false, CollectionMarshallers.ARRAY_DEQUE);
        add(HashMap.class, HASH_MAP, true, false, CollectionMarshallers.HASH_MAP);
        add(LinkedHashMap.class, LINKED_HASH_MAP, true, false, CollectionMarshallers.LINKED_HASH_MAP);
        add(TreeMap.class, TREE_MAP, true, false, CollectionMarshallers.TREE_MAP);
        add(HashSet.class, HASH_SET, true, false, CollectionMarshallers.HASH_SET);
        add(LinkedHashSet.class, LINKED_HASH_SET, true, false, CollectionMarshallers.LINKED_HASH_SET);
        add(TreeSet.class, TREE_SET, true, false, CollectionMarshallers.TREE_SET);
        add(List.of().getClass(), IMMUTABLE_LIST, true, false, CollectionMarshallers.IMMUTABLE_LIST);
        alias(List.of(1).getClass(), IMMUTABLE_LIST);
        add(Set.of().getClass(), IMMUTABLE_SET, true, false, CollectionMarshallers.IMMUTABLE_SET);
        alias(Set.of(1).getClass(), IMMUTABLE_SET);
        add(Map.of().getClass(), IMMUTABLE_MAP, true, false, CollectionMarshallers.IMMUTABLE_MAP);
        alias(Map.of(1, 1).getClass(), IMMUTABLE_MAP);
        add(BigInteger.class, BIG_INTEGER, true, true, ValueMarshallers.BIG_INTEGER);
        add(BigDecimal.class, BIG_DECIMAL, true, true, ValueMarshallers.BIG_DECIMAL);
        add(UUID.class, StreamFormat.UUID, true, true, ValueMarshallers.UUID_M);
        add(Duration.class, DURATION, true, true, ValueMarshallers.DURATION);
        add(Instant.class, INSTANT, true, true, ValueMarshallers.INSTANT);
        add(LocalDate.class, LOCAL_DATE, true, true, ValueMarshallers.LOCAL_DATE);
        add(LocalTime.class, LOCAL_TIME, true, true, ValueMarshallers.LOCAL_TIME);
        add(LocalDateTime.class, LOCAL_DATE_TIME, true, true, ValueMarshallers.LOCAL_DATE_TIME);
        add(OffsetDateTime.class, OFFSET_DATE_TIME, true, true, ValueMarshallers.OFFSET_DATE_TIME);
        add(ZonedDateTime.class, ZONED_DATE_TIME, true, false, ValueMarshallers.ZONED_DATE_TIME);
        add(ZoneOffset.class, ZONE_OFFSET, true, true, ValueMarshallers.ZONE_OFFSET);
        add(ZoneId.of("Europe/Paris").getClass(), ZONE_REGION, true, true, ValueMarshallers.ZONE_REGION);
        add(Period.class, PERIOD, true, true, ValueMarshallers.PERIOD);
        add(Year.class, YEAR, true, true, ValueMarshallers.YEAR);
        add(YearMonth.class, YEAR_MONTH, true, true, ValueMarshallers.YEAR_MONTH);
        add(MonthDay.class, MONTH_DAY, true, true, ValueMarshallers.MONTH_DAY);
        add(OffsetTime.class, OFFSET_TIME, true, true, ValueMarshallers.OFFSET_TIME);
    }

    private Builtins() {
    }

    /** {@code leaf}: the marshaller never writes a nested object ({@link ClassInfo#leaf}). */
    private static void add(Class<?> c, int id, boolean tracked, boolean leaf, Marshaller<?> m) {
        ClassInfo info = ClassInfo.fixed(c, id, tracked, leaf, m);
        if (BY_ID[id] != null) {
            throw new IllegalStateException("fixed id " + id + " used twice");
        }
        BY_ID[id] = info;
        BY_CLASS.put(c, info);
    }

    private static void alias(Class<?> c, int id) {
        BY_CLASS.put(c, BY_ID[id]);
    }

    /** The built-in info of {@code c}, or {@code null}. */
    static ClassInfo of(Class<?> c) {
        return BY_CLASS.get(c);
    }

    /**
     * Whether reading objects of {@code c} is harmless without any allow-list entry: the
     * built-ins, {@code java.*} enums, and the abstract JDK bases a nested JDK stream names
     * ({@code Object}, {@code Number}, {@code Enum}, {@code Record}); arrays of such.
     */
    static boolean isSafe(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || BY_CLASS.containsKey(c)) {
            return true;
        }
        if (c == Object.class || c == Number.class || c == Enum.class || c == Record.class) {
            return true;
        }
        return c.isEnum() && c.getName().startsWith("java.");
    }
}
