package org.ringlab.queues.mapped;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.PrefaultPolicy;

/**
 * Every fault has its own clear cause: a file truncated under each method, a FIFO, device,
 * directory or socket in place of the file, a full file system, permissions, a zombie writer.
 */
class MappedFaultTest {

    static final long CHUNK = 64 * 1024;
    static final MappedQueue.Config CONFIG = MappedQueue.Config.defaults().withChunkBytes(CHUNK)
            .withMaxRecordBytes(Numbered.MAX_RECORD);

    @TempDir
    Path dir;

    /**
     * Each public method that touches the file, after another process truncated it to 0 bytes:
     * the same clear error, never InternalError. ({@code claim} touches nothing; a caller writing
     * into the claimed slice is outside the queue's methods.)
     */
    @Test
    void truncationUnderEveryMethodIsTheSameClearError() throws IOException {
        List<String> writerMethods = List.of("offer", "offer[]", "commit", "lastRecord", "generation", "close");
        for (String method : writerMethods) {
            Path path = dir.resolve("w-" + method);
            MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
            MappedQueueWriter writer = MappedQueue.create(path, CONFIG);
            try {
                for (long s = 0; s < 1_000; s++) {
                    writer.offer(Numbered.fill(buffer, s));
                }
                if (method.equals("commit")) {
                    writer.claim(8);
                }
                truncate(path, 0);
                Executable call = switch (method) {
                    case "offer" -> () -> writer.offer(Numbered.fill(buffer, 1_000));
                    case "offer[]" -> () -> writer.offer(new MemorySegment[] {Numbered.fill(buffer, 1_000)}, 0, 1);
                    case "commit" -> () -> writer.commit(8);
                    case "lastRecord" -> () -> writer.lastRecord().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                    case "generation" -> writer::generation;
                    case "close" -> writer::close;
                    default -> throw new AssertionError(method);
                };
                assertShrank("writer." + method, path, call);
            } finally {
                if (writer.isOpen()) {
                    assertShrank("writer.close after writer." + method, path, writer::close);
                }
                assertTrue(!writer.isOpen() && !writer.mappedFile().isOpen(), "closed and unmapped even so");
            }
        }
        List<String> readerMethods = List.of("peek", "poll", "drain", "writerState", "generation");
        for (String method : readerMethods) {
            Path path = dir.resolve("r-" + method);
            MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
            try (MappedQueueWriter writer = MappedQueue.create(path, CONFIG)) {
                for (long s = 0; s < 1_000; s++) {
                    writer.offer(Numbered.fill(buffer, s));
                }
            }
            try (MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
                truncate(path, 0);
                Executable call = switch (method) {
                    case "peek" -> reader::peek;
                    case "poll" -> () -> reader.poll(buffer);
                    case "drain" -> () -> reader.drain(r -> { }, 10);
                    case "writerState" -> reader::writerState;
                    case "generation" -> reader::generation;
                    default -> throw new AssertionError(method);
                };
                assertShrank("reader." + method, path, call);
            }
        }
    }

    private static void assertShrank(String what, Path path, Executable call) {
        IllegalStateException e = assertThrows(IllegalStateException.class, call, what);
        assertTrue(e.getMessage().contains(path.toString()) && e.getMessage().contains("shrank under this process: it now"
                + " has 0 bytes") && e.getMessage().contains("data position "), what + ": " + e.getMessage());
    }

    @Test
    void aFifoIsRefusedAtOnceNotWaitedOn() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available here");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertNotRegular(fifo, "a FIFO (named pipe)");
            IllegalArgumentException strategy = assertThrows(IllegalArgumentException.class, () -> MappedQueue
                    .defaultStrategy().open(org.ringlab.api.MappedFileSpec.openWrite(fifo, CHUNK)));
            assertTrue(strategy.getMessage().contains("is a FIFO (named pipe), not a regular file"), strategy.getMessage());
        }, "attaching to a FIFO must not block in open()");
    }

    @Test
    void aDirectoryADeviceAndASocketAreRefusedByWhatTheyAre() throws Exception {
        assertNotRegular(dir, "a directory");
        Path nul = Path.of("/dev/null");
        if (Files.exists(nul)) {
            assertNotRegular(nul, "a character device");
        }
        Path socket = dir.resolve("sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            assertNotRegular(socket, "a socket");
        }
    }

    private static void assertNotRegular(Path path, String kind) {
        for (Executable open : List.<Executable>of(() -> MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING),
                () -> MappedQueue.attach(path, MappedQueue.StartAt.END), () -> MappedQueue.takeOver(path, CONFIG))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, open);
            assertTrue(e.getMessage().contains(path + " is " + kind + ", not a regular file"), e.getMessage());
        }
    }

    @Test
    void permissionDeniedSaysSo() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")),
                "running as root: file permissions do not deny root, so there is no 'permission denied' to see");
        Path path = dir.resolve("private");
        try (MappedQueueWriter writer = MappedQueue.create(path, CONFIG)) {
            writer.offer(MemorySegment.ofArray(new byte[8]));
        }
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("---------"));
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING));
        assertTrue(e.getMessage().contains("permission denied") && e.getMessage().contains(path.toString()), e.getMessage());
    }

    /** A writer process that has ended but is not reaped (a zombie) writes nothing more: it is gone. */
    @Test
    void aZombieWriterCountsAsGone() throws Exception {
        // The child sleep 0 ends at once; its parent becomes sleep 30 by exec, which never reaps it.
        Process parent = new ProcessBuilder("sh", "-c", "sleep 0 & echo $!; exec sleep 30").start();
        try {
            long zombie = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(
                    parent.getInputStream())).readLine().trim());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!QueueFile.zombie(zombie)) {
                assertTrue(System.nanoTime() < deadline, "process " + zombie + " never became a zombie");
                Thread.sleep(10);
            }
            Path path = dir.resolve("zombie");
            try (MappedQueueWriter writer = MappedQueue.create(path, CONFIG)) {
                writer.offer(MemorySegment.ofArray(new byte[8]));
            }
            MappedDamageTest.putInt(path, MappedQueueDescriptor.WRITER_STATE_OFFSET, MappedQueueDescriptor.STATE_ACTIVE);
            MappedDamageTest.putLong(path, MappedQueueDescriptor.WRITER_PID_OFFSET, zombie);
            MappedDamageTest.putLong(path, MappedQueueDescriptor.WRITER_START_OFFSET, 0);
            try (MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING)) {
                assertEquals(WriterState.GONE, reader.writerState(), "zombie pid " + zombie);
                try (MappedQueueWriter next = MappedQueue.takeOver(path, CONFIG)) {
                    assertEquals(2, next.generation());
                }
            }
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }

    /**
     * A small tmpfs filled up under each prefault policy: the writer says "no space left on
     * device" (never "truncated"), every record it committed is readable, and a reader at the end
     * polls empty. Mounts its own tmpfs, so it runs as root only (CI does).
     */
    @Test
    void aFullFileSystemIsSaidAsFullUnderEveryPolicy() throws Exception {
        Path mount = dir.resolve("tmpfs");
        Files.createDirectories(mount);
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to mount a small tmpfs");
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assumeTrue(p.waitFor() == 0, "cannot mount a tmpfs here: " + out.trim());
        try {
            for (List<PrefaultPolicy> policies : List.of(List.of(PrefaultPolicy.NONE), List.of(PrefaultPolicy.PREALLOC),
                    List.of(PrefaultPolicy.POPULATE), List.of(PrefaultPolicy.MANUAL), List.of(PrefaultPolicy.WILLNEED),
                    List.of(PrefaultPolicy.BACKGROUND))) {
                fill(mount.resolve("q-" + PrefaultPolicy.describe(policies)), policies);
            }
        } finally {
            new ProcessBuilder("umount", "-l", mount.toString()).inheritIO().start().waitFor();
        }
    }

    private static void fill(Path path, List<PrefaultPolicy> policies) throws IOException {
        String name = PrefaultPolicy.describe(policies);
        MemorySegment buffer = MemorySegment.ofArray(new byte[Numbered.MAX_RECORD]);
        long written = 0;
        IllegalStateException full = null;
        MappedQueue.Config config = CONFIG.withPolicies(policies).withBackgroundWindow(4 * CHUNK);
        try (MappedQueueWriter writer = MappedQueue.create(path, config);
             MappedQueueReader reader = MappedQueue.attach(path, MappedQueue.StartAt.BEGINNING, policies.contains(
                     PrefaultPolicy.PREALLOC) ? List.of(PrefaultPolicy.NONE) : policies)) {
            Numbered.Checker checker = new Numbered.Checker(0);
            try {
                for (long s = 0; s < 1_000_000; s++) {
                    writer.offer(Numbered.fill(buffer, s));
                    written++;
                    if (s % 64 == 0) {
                        reader.drain(checker, 1_000); // a reader following the writer, as in production
                    }
                }
            } catch (IllegalStateException e) {
                full = e;
            }
            assertTrue(full != null, name + ": a 1 MiB tmpfs took " + written + " records");
            assertTrue(full.getMessage().contains("no space left on device"), name + ": " + full.getMessage());
            assertTrue(!full.getMessage().contains("shrank") && !full.getMessage().contains("truncated"),
                    name + ": " + full.getMessage());
            for (int poll = 0; poll < 3; poll++) {
                reader.drain(checker, Integer.MAX_VALUE);
                assertNull(reader.peek(), name + ": a reader at the end polls empty");
            }
            assertEquals(0, checker.violations, name + ": " + checker.summary());
            assertEquals(written, checker.delivered, name + ": every committed record is readable " + checker.summary());
        } finally {
            Files.deleteIfExists(path);
        }
    }

    private static void truncate(Path path, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(size);
        }
    }
}
