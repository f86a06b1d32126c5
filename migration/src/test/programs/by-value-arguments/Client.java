package example.by_value_arguments;

import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Sends values and looks at what comes back. */
public class Client {

    public static void main(String[] args) throws Exception {
        Mirror mirror = (Mirror) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("mirror");
        Box box = new Box(1);
        Box back = mirror.modify(box);
        System.out.println("sent 1, got back " + back.value + ", the original still holds " + box.value
                + ", the result is a new object: " + (back != box));
        System.out.println("same box twice in one call arrives as one object: " + mirror.same(box, box));
        System.out.println("two equal boxes arrive as two objects: " + !mirror.same(box, new Box(1)));
        Box a = new Box(1);
        a.next = new Box(2);
        a.next.next = new Box(3);
        a.next.next.next = a;
        System.out.println("cycle length: " + mirror.cycleLength(a));
        System.out.println("RED arrives as the RED singleton: " + mirror.isRed(Color.RED) + ", GREEN: "
                + mirror.isRed(Color.GREEN));
        System.out.println("transient field arrives as: " + mirror.note(box));
        System.out.println("null arrives as: " + mirror.describe(null));
        List<Box> boxes = new ArrayList<>(List.of(new Box(1), new Box(2), new Box(3)));
        List<Box> doubled = mirror.doubleAll(boxes);
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < doubled.size(); i++) {
            values.append(doubled.get(i).value).append('/').append(boxes.get(i).value).append(' ');
        }
        System.out.println("doubled/original: " + values.toString().trim());
        System.out.println("reversed: " + Arrays.toString(mirror.reversed(new int[] {1, 2, 3, 4})));
        mirror.shutdown();
    }
}
