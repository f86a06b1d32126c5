package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How the uka serializer combines the message's filter with its defaults (issue 11, item 1; the
 * jdk serializer follows the same rules): a class the filter allows brings along the generic
 * type arguments of its fields; a refusal also refuses built-in types; the JDK collections it
 * accepts by default also read inside a JDK-serialized object.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FilterMergeTest {

    /** A declared class whose fields' generic arguments name a class declared nowhere else. */
    public static final class Order implements Serializable {
        private static final long serialVersionUID = 1L;
        public List<Item> items = new ArrayList<>();
        public Map<String, Item[]> byName = new HashMap<>();
    }

    public static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name;

        public Item(String name) {
            this.name = name;
        }
    }

    /** Written by JDK serialization inside the uka stream (it has readObject), with JDK collections inside. */
    public static final class Hooks implements Serializable {
        private static final long serialVersionUID = 1L;
        public Map<String, Integer> map = new HashMap<>(Map.of("a", 1));
        public Set<String> set = new HashSet<>(Set.of("s"));
        public List<Integer> immutable = List.of(1, 2, 3);
        public LocalDate date = LocalDate.of(2024, 2, 29);
        public transient boolean read;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            read = true;
        }
    }

    private static ObjectInputFilter declaring(Class<?>... classes) {
        return ObjectInputFilter.allowFilter(c -> List.of(classes).contains(c), ObjectInputFilter.Status.UNDECIDED);
    }

    @Test
    void aDeclaredClassBringsAlongTheGenericArgumentsOfItsFields() throws Exception {
        Order o = new Order();
        o.items.add(new Item("a"));
        o.byName.put("b", new Item[] {new Item("b")});
        Trip trip = new Trip(UkaConfig.defaults());
        trip.filter = declaring(Order.class);
        Order back = (Order) trip.read(trip.write(o), 1)[0];
        assertEquals("a", back.items.get(0).name);
        assertEquals("b", back.byName.get("b")[0].name);
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> trip.read(trip.write(new Item("c")), 1),
                "not in a message without the declared class");
        assertTrue(e.getMessage().contains(Item.class.getName()), e.getMessage());
    }

    @Test
    void aRefusalAlsoRefusesBuiltInTypes() throws Exception {
        Trip trip = new Trip(UkaConfig.defaults());
        trip.filter = ObjectInputFilter.Config.createFilter("!java.util.LinkedList");
        byte[] list = trip.write(new LinkedList<>(List.of(1)));
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> trip.read(list, 1));
        assertTrue(e.getMessage().contains("java.util.LinkedList; rejected"), e.getMessage());
        assertEquals(List.of(2), trip.read(trip.write(new ArrayList<>(List.of(2))), 1)[0]);
        trip.filter = null;
        assertEquals(List.of(1), trip.read(list, 1)[0], "without the filter it reads");
    }

    @Test
    void jdkCollectionsReadInsideAJdkSerializedObject() throws Exception {
        Trip trip = new Trip(UkaConfig.defaults());
        trip.filter = declaring(Hooks.class);
        Hooks back = (Hooks) trip.read(trip.write(new Hooks()), 1)[0];
        assertTrue(back.read);
        assertEquals(Map.of("a", 1), back.map);
        assertEquals(Set.of("s"), back.set);
        assertEquals(List.of(1, 2, 3), back.immutable);
        assertEquals(LocalDate.of(2024, 2, 29), back.date);
    }
}
