package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The domain directory a node creates is its user's alone: whoever can write it can write every node's rings. */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DomainDirectoryPermissionTest {

    @Test
    void aDomainDirectoryTheNodeCreatesIsOwnerOnly(Path parent) throws Exception {
        Path domain = parent.resolve("domain");
        DomainDirectory.open(domain);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(domain)));
    }

    @Test
    void anExistingDirectoryKeepsThePermissionsTheAdministratorGaveIt(Path parent) throws Exception {
        Path domain = Files.createDirectory(parent.resolve("shared"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-x---")));
        Files.setPosixFilePermissions(domain, PosixFilePermissions.fromString("rwxrwx---"));
        DomainDirectory.open(domain);
        assertEquals("rwxrwx---", PosixFilePermissions.toString(Files.getPosixFilePermissions(domain)));
    }
}
