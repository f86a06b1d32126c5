package example.marshalled_stub;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.MarshalledObject;

/** Reads the stub from the file and passes stubs around in MarshalledObjects. */
public class Client {

    public static void main(String[] args) throws Exception {
        Vault vault;
        try (InputStream file = Files.newInputStream(Path.of(args[0], "vault.stub"));
                ObjectInputStream in = new ObjectInputStream(file)) {
            vault = (Vault) in.readObject();
        }
        System.out.println("stub read from the file answers: " + vault.name());
        MarshalledObject<Vault> wrapped = vault.wrapped();
        Vault unwrapped = wrapped.get();
        System.out.println("unwrapped stub answers: " + unwrapped.name() + ", equals the file's stub: "
                + unwrapped.equals(vault));
        System.out.println("the server opens a MarshalledObject made here: " + vault.open(new MarshalledObject<>(vault)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(vault);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            Vault copy = (Vault) in.readObject();
            System.out.println("stub copied through a byte array answers: " + copy.name() + ", equals: " + copy.equals(vault));
        }
        System.out.println("two MarshalledObjects of the same stub are equal: "
                + new MarshalledObject<>(vault).equals(new MarshalledObject<>(unwrapped)));
        vault.shutdown();
    }
}
