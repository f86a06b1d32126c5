package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.MappedByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;

import org.karmi.spi.transport.LogLimiter;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;

/**
 * One domain: the shared-memory directory that a set of JVMs on one host share, its domain id
 * and port counter ({@link DomainDescriptor}), file naming, and the reclaiming of files that
 * dead nodes left behind. Thread-safe.
 */
final class DomainDirectory {

    private static final System.Logger LOG = System.getLogger(DomainDirectory.class.getName());
    /** A node file still initialising after this long belongs to a node that died starting. */
    private static final long STALLED_INIT_MS = 10_000;
    /** Any process that can write the directory can put files there: one line per 10 s about them, with a count. */
    private static final LogLimiter UNREADABLE = new LogLimiter(LOG, Level.WARNING,
            ParaStationConfig.DEFAULT_FAILURE_LOG_INTERVAL_MS);

    private final Path directory;
    private final MappedByteBuffer domainFile;
    private final long domainId;

    private DomainDirectory(Path directory, MappedByteBuffer domainFile) {
        this.directory = directory;
        this.domainFile = domainFile;
        this.domainId = ByteBufferAccess.getLong(domainFile, DomainDescriptor.DOMAIN_ID_OFFSET);
    }

    /**
     * Opens the domain at {@code directory}, creating the directory (not its parent) and the
     * domain file if they are missing.
     *
     * @throws IOException if the parent (for example {@code /dev/shm}) does not exist, or the
     *         directory holds a file that is not a domain file
     */
    static DomainDirectory open(Path directory) throws IOException {
        Path dir = directory.toAbsolutePath().normalize();
        Path parent = dir.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IOException("parastation: shared-memory directory " + parent + " does not exist (domain "
                    + dir + "); this technology needs a tmpfs such as /dev/shm");
        }
        if (!Files.isDirectory(dir)) {
            createOwnerOnly(dir);
        }
        Path file = dir.resolve(DomainDescriptor.DOMAIN_FILE);
        if (!Files.exists(file)) {
            createDomainFile(dir, file);
        }
        MappedByteBuffer b = ShmFile.open(file, DomainDescriptor.LENGTH);
        int version = ByteBufferAccess.getIntAcquire(b, DomainDescriptor.VERSION_OFFSET);
        int magic = ByteBufferAccess.getInt(b, DomainDescriptor.MAGIC_OFFSET);
        if (magic != DomainDescriptor.MAGIC || version != DomainDescriptor.VERSION) {
            throw new IOException(String.format("parastation: %s is not a version %d domain file (magic 0x%08X,"
                    + " version %d)", file, DomainDescriptor.VERSION, magic, version));
        }
        return new DomainDirectory(dir, b);
    }

    /**
     * Creates the domain directory readable and writable by this user only (0700): whoever can
     * write it can write every node's rings (docs/SECURITY.md). A domain shared by several users
     * needs a directory prepared by the administrator.
     */
    private static void createOwnerOnly(Path dir) throws IOException {
        try {
            Files.createDirectory(dir, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        } catch (java.nio.file.FileAlreadyExistsException raced) {
            // another node of the domain created it first
        } catch (UnsupportedOperationException notPosix) {
            Files.createDirectories(dir);
        }
    }

    private static void createDomainFile(Path dir, Path file) throws IOException {
        Path tmp = dir.resolve(DomainDescriptor.DOMAIN_FILE + "." + ProcessLiveness.currentPid() + "."
                + System.nanoTime() + ".tmp");
        try {
            MappedByteBuffer b = ShmFile.createNew(tmp, DomainDescriptor.LENGTH);
            long id = 0;
            SecureRandom random = new SecureRandom();
            while (id == 0) {
                id = random.nextLong();
            }
            ByteBufferAccess.putLong(b, DomainDescriptor.DOMAIN_ID_OFFSET, id);
            ByteBufferAccess.putInt(b, DomainDescriptor.NEXT_PORT_OFFSET, 0);
            ByteBufferAccess.putInt(b, DomainDescriptor.MAGIC_OFFSET, DomainDescriptor.MAGIC);
            ByteBufferAccess.putIntRelease(b, DomainDescriptor.VERSION_OFFSET, DomainDescriptor.VERSION);
            Files.createLink(file, tmp); // atomic: the first node to get here defines the domain
        } catch (FileAlreadyExistsException e) {
            // another node was faster; use its file
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    Path directory() {
        return directory;
    }

    long domainId() {
        return domainId;
    }

    /** A port no live node of this domain has, never handed out before (until 2^31 ports). */
    int allocatePort() {
        int port;
        do {
            port = ByteBufferAccess.getAndAddInt(domainFile, DomainDescriptor.NEXT_PORT_OFFSET, 1) + 1;
        } while (port <= 0);
        return port;
    }

    Path nodeFile(int port) {
        return directory.resolve(DomainDescriptor.nodeFileName(port));
    }

    /**
     * Where node {@code port} binds its doorbell: {@code <domain>/karmi-<domain id>-<port>.bell}
     * if that fits a UNIX-domain socket address, else the same name in the domain's parent
     * (for example {@code /dev/shm}), else in {@code java.io.tmpdir}; null if none fits.
     */
    Path doorbellPath(int port) {
        String name = DomainDescriptor.doorbellFileName(domainId, port);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir", "/tmp")).toAbsolutePath();
        for (Path dir : new Path[] {directory, directory.getParent(), tmp}) {
            Path p = dir == null ? null : dir.resolve(name);
            if (p != null && p.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                    <= NodeDescriptor.MAX_DOORBELL_PATH_BYTES) {
                return p;
            }
        }
        return null;
    }

    Path channelFile(int clientPort, int seq) {
        return directory.resolve(DomainDescriptor.channelFileName(clientPort, seq));
    }

    /**
     * Deletes the files of nodes that are dead (their process is gone or they closed) and of
     * channels whose client node is gone.
     *
     * @return number of files deleted
     */
    int reclaimDeadNodes() {
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, DomainDescriptor.NODE_PREFIX + "*")) {
            for (Path f : files) {
                int port = DomainDescriptor.portOfNodeFile(f.getFileName().toString());
                if (port > 0 && isDeadNodeFile(f)) {
                    deleted += deleteNodeFiles(port);
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "parastation: cannot list domain " + directory + " to reclaim dead nodes", e);
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, DomainDescriptor.CHANNEL_PREFIX + "*")) {
            for (Path f : files) {
                int client = DomainDescriptor.clientPortOfChannelFile(f.getFileName().toString());
                if (client > 0 && !Files.exists(nodeFile(client)) && Files.deleteIfExists(f)) {
                    deleted++;
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "parastation: cannot list domain " + directory + " to reclaim channels", e);
        }
        return deleted;
    }

    private static boolean isDeadNodeFile(Path f) {
        try {
            NodeFile node = NodeFile.openAny(f);
            if (node == null) { // still initialising
                return System.currentTimeMillis() - Files.getLastModifiedTime(f).toMillis() > STALLED_INIT_MS;
            }
            return node.stateAcquire() == NodeDescriptor.STATE_CLOSED
                    || !ProcessLiveness.isAlive(node.pid(), node.startMillis());
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            UNREADABLE.log("parastation: unreadable node file " + f + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * This node's permits to busy-wait: {@code limit} for the whole domain, counted in the
     * domain file, this node's share in {@code own}.
     */
    SpinPermits spinPermits(NodeFile own, int limit) {
        return new SpinPermits(domainFile, DomainDescriptor.SPINNING_WAITERS_OFFSET, own.buffer(),
                NodeDescriptor.SPINNING_WAITERS_OFFSET, limit);
    }

    /**
     * Deletes the doorbell socket named in node {@code port}'s file, if it has this domain's name
     * for it; first gives back the permits to busy-wait the node held if its process is gone.
     */
    private int deleteDoorbell(int port) {
        try {
            NodeFile f = NodeFile.openAny(nodeFile(port));
            if (f != null && !ProcessLiveness.isAlive(f.pid(), f.startMillis())) {
                int n = SpinPermits.reclaim(domainFile, DomainDescriptor.SPINNING_WAITERS_OFFSET, f.buffer(),
                        NodeDescriptor.SPINNING_WAITERS_OFFSET);
                if (n > 0) {
                    LOG.log(Level.DEBUG, () -> "parastation: gave back " + n + " permits to busy-wait of dead node "
                            + port);
                }
            }
            Path bell = f == null ? null : f.doorbellPath();
            if (bell != null && bell.getFileName() != null
                    && bell.getFileName().toString().equals(DomainDescriptor.doorbellFileName(domainId, port))
                    && Files.deleteIfExists(bell)) {
                return 1;
            }
        } catch (IOException e) {
            // no node file (already deleted) or unreadable: nothing to find
        }
        return 0;
    }

    /** Deletes the node file of {@code port}, its doorbell and the channel files it created; returns how many. */
    int deleteNodeFiles(int port) {
        int deleted = 0;
        try {
            deleted += deleteDoorbell(port);
            if (Files.deleteIfExists(nodeFile(port))) {
                deleted++;
            }
            try (DirectoryStream<Path> files = Files.newDirectoryStream(directory,
                    DomainDescriptor.CHANNEL_PREFIX + port + "-*" + DomainDescriptor.CHANNEL_SUFFIX)) {
                for (Path f : files) {
                    if (DomainDescriptor.clientPortOfChannelFile(f.getFileName().toString()) == port
                            && Files.deleteIfExists(f)) {
                        deleted++;
                    }
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "parastation: cannot delete the files of node " + port + " in " + directory, e);
        }
        return deleted;
    }
}
