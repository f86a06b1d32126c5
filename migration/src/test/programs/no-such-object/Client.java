package example.no_such_object;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;

/** Calls a widget before and after it is unexported. */
public class Client {

    public static void main(String[] args) throws Exception {
        Control control = (Control) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("control");
        Widget widget = control.widget();
        System.out.println("before: " + widget.ping());
        System.out.println("unexportObject(widget, true): " + control.unexportWidget());
        for (int i = 1; i <= 2; i++) {
            try {
                System.out.println("after, call " + i + ": " + widget.ping());
            } catch (RemoteException e) {
                System.out.println("after, call " + i + ": " + e.getClass().getName());
            }
        }
        System.out.println("unexport it again: " + control.unexportWidgetAgain());
        System.out.println("unexport an object never exported: " + control.unexportStranger());
        control.shutdown();
    }
}
