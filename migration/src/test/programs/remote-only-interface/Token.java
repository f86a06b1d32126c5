package example.remote_only_interface;

import java.rmi.Remote;

/** A remote object with no remote methods: only its identity matters. */
public class Token implements Remote {
}
