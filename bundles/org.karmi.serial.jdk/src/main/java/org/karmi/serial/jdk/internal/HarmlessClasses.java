package org.karmi.serial.jdk.internal;

import java.util.Set;

/**
 * The JDK classes every message may carry without any allow-list entry: the same values the
 * {@code uka} serializer accepts by default (its built-in types, {@code java.*} enums and
 * exceptions, and a few value-like JDK classes), plus what JDK serialization names on the way
 * to them: the serial proxies {@code java.util.CollSer} and {@code java.time.Ser}, the classes
 * they resolve to ({@code List.of}, {@code LocalDate}, ...), the abstract bases of the boxes
 * and enums, and {@code Map.Entry[]}, the array {@code HashMap} and {@code HashSet} announce
 * before they allocate their table. None of them runs code chosen by the sender while being
 * read; a {@code TreeMap}'s or {@code TreeSet}'s comparator is an object of its own and is
 * checked as such. Only classes of the boot loader count, so a look-alike from an
 * application loader is never harmless. Stateless; thread-safe.
 */
final class HarmlessClasses {

    private static final Set<String> NAMES = Set.of(
            // values and their abstract bases
            "java.lang.Object", "java.lang.Number", "java.lang.Enum", "java.lang.Record",
            "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short",
            "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double",
            "java.math.BigInteger", "java.math.BigDecimal", "java.util.UUID", "java.util.Date", "java.net.URI",
            "java.lang.StackTraceElement",
            // collections uka has built-in marshallers for, and Map.Entry[] (their table, see above)
            "java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.HashMap",
            "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.HashSet", "java.util.LinkedHashSet",
            "java.util.TreeSet", "java.util.Map$Entry",
            // List.of, Set.of, Map.of: written as CollSer, read back as these
            "java.util.CollSer", "java.util.ImmutableCollections$ListN", "java.util.ImmutableCollections$List12",
            "java.util.ImmutableCollections$SetN", "java.util.ImmutableCollections$Set12",
            "java.util.ImmutableCollections$MapN", "java.util.ImmutableCollections$Map1",
            // java.time values: written as java.time.Ser, read back as these
            "java.time.Ser", "java.time.Duration", "java.time.Instant", "java.time.LocalDate", "java.time.LocalTime",
            "java.time.LocalDateTime", "java.time.OffsetDateTime", "java.time.OffsetTime", "java.time.ZonedDateTime",
            "java.time.ZoneOffset", "java.time.ZoneRegion", "java.time.Period", "java.time.Year",
            "java.time.YearMonth", "java.time.MonthDay",
            // the value-like JDK classes of uka's list
            "java.util.Arrays$ArrayList", "java.util.Collections$EmptyList", "java.util.Collections$EmptySet",
            "java.util.Collections$EmptyMap", "java.util.Collections$SingletonList",
            "java.util.Collections$SingletonSet", "java.util.Collections$SingletonMap",
            "java.util.Collections$UnmodifiableCollection", "java.util.Collections$UnmodifiableList",
            "java.util.Collections$UnmodifiableRandomAccessList", "java.util.Collections$UnmodifiableSet",
            "java.util.Collections$UnmodifiableMap", "java.util.Collections$UnmodifiableSortedSet",
            "java.util.Collections$UnmodifiableSortedMap", "java.util.Collections$ReverseComparator",
            "java.util.Collections$ReverseComparator2", "java.lang.String$CaseInsensitiveComparator",
            "java.util.Comparators$NaturalOrderComparator");

    private HarmlessClasses() {
    }

    /** Whether {@code c} (an element type, not an array) is harmless in every message. */
    static boolean contains(Class<?> c) {
        if (c.isPrimitive()) {
            return true;
        }
        if (c.getClassLoader() != null) {
            return false;
        }
        String name = c.getName();
        if (!name.startsWith("java.")) {
            return false;
        }
        return NAMES.contains(name) || c.isEnum() || Throwable.class.isAssignableFrom(c);
    }
}
