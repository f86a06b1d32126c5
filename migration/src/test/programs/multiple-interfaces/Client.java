package example.multiple_interfaces;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;

/** Uses the buffer through each of its interfaces. */
public class Client {

    public static void main(String[] args) throws Exception {
        Remote r = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("buffer");
        System.out.println("stub is a Reader: " + (r instanceof Reader) + ", Writer: " + (r instanceof Writer)
                + ", Buffer: " + (r instanceof Buffer) + ", Admin: " + (r instanceof Admin) + ", Local: "
                + (r instanceof Local));
        Writer w = (Writer) r;
        w.write("ab");
        w.write(7);
        w.write("xy", 3);
        w.write(null, 1);
        Reader reader = (Reader) r;
        System.out.println("read through Reader: " + reader.read() + ", size through Reader: " + reader.size()
                + ", through Writer: " + w.size() + ", through Buffer: " + ((Buffer) r).size());
        ((Admin) r).clear();
        System.out.println("after Admin.clear: size " + ((Buffer) r).size());
        ((Buffer) r).shutdown();
    }
}
