package org.ringlab.linux;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ringlab.api.NativeCallException;
import org.ringlab.api.RingMemory;
import org.ringlab.api.RingSpec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

class FileMirroredMemoryTest {

    private static final long N = 2 * Strategies.PAGE;
    /** A header page, then the ring. */
    private static final long FILE_SIZE = Strategies.PAGE + N;
    private static final FileMirroredMemory FILE = Strategies.FILE;

    @TempDir
    Path dir;

    @Test
    void twoRingsOnTheSamePathSeeEachOthersBytesAndTheFileIsKept() throws IOException {
        Path path = dir.resolve("shared.ring");
        RingSpec spec = RingSpec.ofCapacity(N).atFile(path);
        byte[] hello = "hello across the seam".getBytes(StandardCharsets.US_ASCII);
        try (RingMemory a = FILE.allocate(spec); RingMemory b = FILE.allocate(spec)) {
            a.write(N - 5, MemorySegment.ofArray(hello));                 // crosses a's seam
            assertArrayEquals(hello, b.window(N - 5, hello.length).toArray(ValueLayout.JAVA_BYTE));
            b.claim(3 * N + 100, 1).set(ValueLayout.JAVA_BYTE, 0, (byte) 42);
            b.commit(3 * N + 100, 1);
            assertEquals(42, a.window(101, N).get(ValueLayout.JAVA_BYTE, N - 1)); // through a's second view
        }
        assertEquals(FILE_SIZE, Files.size(path), "the named file is persistent");
        try (RingMemory again = FILE.allocate(spec)) {
            assertArrayEquals(hello, again.window(N - 5, hello.length).toArray(ValueLayout.JAVA_BYTE));
        }
        assertTrue(Files.exists(path));
    }

    @Test
    void anEmptyExistingFileIsSizedToTheCapacity() throws IOException {
        Path path = Files.createFile(dir.resolve("empty.ring"));
        try (RingMemory ring = FILE.allocate(RingSpec.ofCapacity(N).atFile(path))) {
            assertEquals(FILE_SIZE, Files.size(path));
            ring.write(0, MemorySegment.ofArray(new byte[] {7}));
        }
        assertEquals(7, Files.readAllBytes(path)[(int) Strategies.PAGE], "ring byte 0 follows the header page");
    }

    @Test
    void anExistingFileOfAnotherSizeIsRefusedNamingPathAndSizes() throws IOException {
        Path path = dir.resolve("big.ring");
        Files.write(path, new byte[(int) (3 * N)]);
        Resources before = Resources.take();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FILE.allocate(RingSpec.ofCapacity(N).atFile(path)));
        assertTrue(e.getMessage().contains(path.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(String.valueOf(3 * N)), e.getMessage());
        assertTrue(e.getMessage().contains(String.valueOf(FILE_SIZE)), e.getMessage());
        before.assertUnchanged("size mismatch");
        assertEquals(3 * N, Files.size(path), "a refused file is left as it was");
    }

    @Test
    void aMissingDirectoryIsRefusedNamingThePath() {
        Path missing = dir.resolve("no-such-dir");
        for (RingSpec spec : List.of(RingSpec.ofCapacity(N).atFile(missing.resolve("ring")),
                RingSpec.ofCapacity(N).inDirectory(missing))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FILE.allocate(spec));
            assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Strategies.TMPFILE.allocate(RingSpec.ofCapacity(N).inDirectory(missing)));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("does not exist"),
                e.getMessage());
    }

    @Test
    void aLocationWhereNoFileCanBeCreatedIsRefusedNamingThePath() {
        Path proc = Path.of("/proc/ringlab-test.ring");
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> FILE.allocate(RingSpec.ofCapacity(N).atFile(proc)));
        assertEquals("open(create /proc/ringlab-test.ring)", e.call());
        assertTrue(e.getMessage().contains(proc.toString()), e.getMessage());
        NativeCallException t = assertThrows(NativeCallException.class,
                () -> Strategies.TMPFILE.allocate(RingSpec.ofCapacity(N).inDirectory(Path.of("/proc"))));
        assertEquals("mkstemp(/proc/" + Resources.OURS + "XXXXXX)", t.call());
    }

    @Test
    void anUnwritableDirectoryIsRefusedNamingThePath() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root may write anywhere");
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        assertTrue(readOnly.toFile().setWritable(false, false));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FILE.allocate(RingSpec.ofCapacity(N).inDirectory(readOnly)));
        assertTrue(e.getMessage().contains(readOnly.toString()) && e.getMessage().contains("not writable"),
                e.getMessage());
    }

    @Test
    void withoutANameAUniqueFileLivesAsLongAsTheRing() throws IOException {
        try (RingMemory ring = FILE.allocate(RingSpec.ofCapacity(N).inDirectory(dir))) {
            List<String> files = Resources.list(dir, "ringlab-");
            assertEquals(1, files.size(), files.toString());
            assertEquals(FILE_SIZE, Files.size(dir.resolve(files.getFirst())));
            ring.write(0, MemorySegment.ofArray(new byte[] {1}));
        }
        assertEquals(List.of(), Resources.list(dir, ""));
    }

    @Test
    void withoutADirectoryTheUniqueFileGoesToDevShm() {
        List<String> before = Resources.list(Resources.DEV_SHM, Resources.OURS);
        try (RingMemory ring = FILE.allocate(RingSpec.ofCapacity(N))) {
            assertEquals(before.size() + 1, Resources.list(Resources.DEV_SHM, Resources.OURS).size());
            ring.write(0, MemorySegment.ofArray(new byte[] {1}));
        }
        assertEquals(before, Resources.list(Resources.DEV_SHM, Resources.OURS));
    }
}
