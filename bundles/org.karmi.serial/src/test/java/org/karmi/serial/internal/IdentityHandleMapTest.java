package org.karmi.serial.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.IdentityHashMap;
import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The writer's identity table against a model ({@link IdentityHashMap} numbering keys in order
 * of arrival): the first key kept outside the table, its move into the table when a second
 * arrives, growth, and {@code clear()} between messages.
 */
class IdentityHandleMapTest {

    @Property(tries = 300)
    void handlesAreFirstArrivalOrderByIdentity(
            @ForAll @Size(min = 1, max = 6) List<@Size(max = 200) List<@IntRange(min = 0, max = 80) Integer>> messages) {
        // 81 distinct objects that are equal to each other: only identity may tell them apart
        String[] pool = new String[81];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = new String("same");
        }
        IdentityHandleMap map = new IdentityHandleMap(4);
        for (List<Integer> message : messages) {
            IdentityHashMap<Object, Integer> model = new IdentityHashMap<>();
            for (int index : message) {
                Object key = pool[index];
                Integer known = model.get(key);
                int got = map.putIfAbsent(key);
                if (known == null) {
                    assertEquals(-1, got, "a new key");
                    model.put(key, model.size());
                } else {
                    assertEquals(known.intValue(), got, "the handle of a key met before");
                }
                assertEquals(model.size(), map.size());
            }
            map.clear();
            assertEquals(0, map.size());
        }
    }
}
