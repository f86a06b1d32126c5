package example.marshalled_stub;

import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.MarshalledObject;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;

/** A vault reachable only through the stub in a file. */
public class Server implements Vault {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    public String name() {
        return "the vault";
    }

    public MarshalledObject<Vault> wrapped() throws RemoteException {
        try {
            return new MarshalledObject<>((Vault) RemoteObject.toStub(this));
        } catch (java.io.IOException e) {
            throw new RemoteException("cannot wrap", e);
        }
    }

    public String open(MarshalledObject<Vault> wrapped) throws RemoteException {
        try {
            return "opened: " + wrapped.get().name();
        } catch (java.io.IOException | ClassNotFoundException e) {
            throw new RemoteException("cannot open", e);
        }
    }

    public void shutdown() {
        stopLater(this);
    }

    static void stopLater(Remote... objects) {
        Thread stopper = new Thread(() -> {
            try {
                for (Remote o : objects) {
                    while (!UnicastRemoteObject.unexportObject(o, false)) {
                        Thread.sleep(10);
                    }
                }
                System.out.println("stopped");
            } catch (Exception e) {
                System.out.println("stop failed: " + e);
            }
        });
        stopper.setDaemon(false); // else it inherits the daemon status of the thread running the remote call
        stopper.start();
    }

    public static void main(String[] args) throws Exception {
        Remote stub = UnicastRemoteObject.exportObject(impl = new Server(), 0);
        try (OutputStream file = Files.newOutputStream(Path.of(args[0], "vault.stub"));
                ObjectOutputStream out = new ObjectOutputStream(file)) {
            out.writeObject(stub);
        }
        System.out.println("stub written");
        System.out.println("ready");
    }
}
