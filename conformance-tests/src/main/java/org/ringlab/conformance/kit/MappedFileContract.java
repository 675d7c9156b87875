package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.ringlab.api.MappedFile;
import org.ringlab.api.MappedFileSpec;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.growth.ProcSelf;

/**
 * The {@link MappedFile} contract on a {@link MappedFileStrategy} (ringlab's or a third
 * party's): a created file is a zeroed header then chunks that grow the file when first asked
 * for; bytes written are seen by a second open of the same path, read-only or not; a read-only
 * open refuses a chunk past the end naming the sizes; unmapped chunks and everything after
 * close throw instead of crashing; bad specs are refused naming the value; many
 * create/write/close cycles leave no mapping, descriptor or file but the files themselves.
 */
public final class MappedFileContract {

    private MappedFileContract() {
    }

    private static void assumeAvailable(MappedFileStrategy s) {
        Assumptions.assumeTrue(s.availability().isAvailable(),
                () -> "skipped: " + s.name() + " is unavailable: " + s.availability().reason());
    }

    /** Layout, growth, sharing by path, read-only refusal, stale segments, use after close. */
    public static void contract(MappedFileStrategy s) {
        assumeAvailable(s);
        long chunk = s.granularity();
        Path dir = Faults.tempDirectory();
        Path file = dir.resolve("kit.mapped");
        try {
            MemorySegment stale;
            MemorySegment staleHeader;
            try (MappedFile f = s.open(MappedFileSpec.create(file, chunk))) {
                assertTrue(f.headerBytes() > 0 && f.headerBytes() % s.granularity() == 0, s.name()
                        + ": header of " + f.headerBytes() + " bytes is not a positive multiple of the granularity " + s.granularity());
                assertEquals(chunk, f.chunkBytes(), s.name() + ": chunkBytes()");
                assertEquals(f.headerBytes(), f.fileSize(), s.name() + ": a new file holds the header alone");
                MemorySegment header = f.header();
                assertEquals(-1, header.mismatch(MemorySegment.ofArray(new byte[(int) header.byteSize()])),
                        s.name() + ": the header of a new file " + file + " is not zeroed");
                MemorySegment c2 = f.chunk(2);
                assertEquals(chunk, c2.byteSize(), s.name() + ": chunk(2)'s size");
                assertTrue(f.fileSize() >= f.headerBytes() + 3 * chunk, s.name() + ": asking for chunk 2 grew " + file
                        + " to " + f.fileSize() + " bytes, it needs " + (f.headerBytes() + 3 * chunk));
                assertEquals(-1, c2.mismatch(MemorySegment.ofArray(new byte[(int) chunk])), s.name() + ": a new chunk is not zeroed");
                c2.set(ValueLayout.JAVA_LONG_UNALIGNED, 8, 0x1234_5678_9ABC_DEF0L);
                header.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 42L);
                assertTrue(f.isMapped(2), s.name() + ": chunk 2 is in use but isMapped(2) is false");
                stale = f.chunk(2);
                f.unmap(2);
                assertFalse(f.isMapped(2), s.name() + ": unmap(2) left chunk 2 mapped");
                MemorySegment unmapped = stale;
                assertThrows(IllegalStateException.class, () -> unmapped.get(ValueLayout.JAVA_BYTE, 0),
                        s.name() + ": a segment of an unmapped chunk must throw, not read unmapped memory");
                assertEquals(0x1234_5678_9ABC_DEF0L, f.chunk(2).get(ValueLayout.JAVA_LONG_UNALIGNED, 8),
                        s.name() + ": chunk 2 mapped again lost its bytes");
                stale = f.chunk(0);
                staleHeader = f.header();
                try (MappedFile reader = s.open(MappedFileSpec.openRead(file, chunk))) {
                    assertEquals(42L, reader.header().get(ValueLayout.JAVA_LONG_UNALIGNED, 0),
                            s.name() + ": a second open of " + file + " does not see the header written by the first");
                    assertEquals(0x1234_5678_9ABC_DEF0L, reader.chunk(2).get(ValueLayout.JAVA_LONG_UNALIGNED, 8),
                            s.name() + ": a second open of " + file + " does not see chunk 2's bytes");
                    long past = reader.chunksInFile();
                    IllegalStateException beyond = assertThrows(IllegalStateException.class, () -> reader.chunk(past + 3),
                            s.name() + ": a read-only open asked for chunk " + (past + 3) + " past the end of " + file);
                    assertTrue(beyond.getMessage().contains(Long.toString(reader.fileSize())), s.name()
                            + ": the refusal should name the file's " + reader.fileSize() + " bytes: " + beyond.getMessage());
                    assertTrue(reader.header().isReadOnly(), s.name() + ": a read-only open's header is writable");
                }
            }
            MemorySegment afterClose = stale;
            MemorySegment headerAfterClose = staleHeader;
            assertThrows(IllegalStateException.class, () -> afterClose.get(ValueLayout.JAVA_BYTE, 0),
                    s.name() + ": a chunk's segment after close must throw");
            assertThrows(IllegalStateException.class, () -> headerAfterClose.get(ValueLayout.JAVA_BYTE, 0),
                    s.name() + ": the header's segment after close must throw");
            assertTrue(Files.exists(file), s.name() + ": close removed " + file + " (a mapped file outlives its writer)");
        } finally {
            delete(file);
            delete(dir);
        }
    }

    /** Bad specs refused, naming the value; a refused open leaves no file behind. */
    public static void badInput(MappedFileStrategy s) {
        assumeAvailable(s);
        long g = s.granularity();
        Path dir = Faults.tempDirectory();
        Path file = dir.resolve("kit.mapped");
        try {
            if (g > 1) {
                IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                        () -> s.open(MappedFileSpec.create(file, g + 1)).close(), s.name() + ": chunk size " + (g + 1));
                assertTrue(odd.getMessage().contains(Long.toString(g + 1)), s.name() + ": should name " + (g + 1) + ": " + odd.getMessage());
                assertFalse(Files.exists(file), s.name() + ": a refused open left " + file + " behind");
            }
            RuntimeException missing = assertThrows(RuntimeException.class,
                    () -> s.open(MappedFileSpec.openRead(file, g)).close(), s.name() + ": opening a missing file " + file);
            assertTrue(missing.getMessage().contains(file.getFileName().toString()), s.name() + ": should name " + file + ": "
                    + missing.getMessage());
            s.open(MappedFileSpec.create(file, g)).close();
            RuntimeException exists = assertThrows(RuntimeException.class,
                    () -> s.open(MappedFileSpec.create(file, g)).close(), s.name() + ": CREATE over an existing " + file);
            assertTrue(exists.getMessage().contains(file.getFileName().toString()), s.name() + ": should name " + file + ": "
                    + exists.getMessage());
            Path nowhere = dir.resolve("no-such-directory").resolve("kit.mapped");
            RuntimeException noDir = assertThrows(RuntimeException.class,
                    () -> s.open(MappedFileSpec.create(nowhere, g)).close(), s.name() + ": a file in a missing directory");
            assertTrue(noDir.getMessage().contains("no-such-directory"), s.name() + ": should name the directory: " + noDir.getMessage());
        } finally {
            delete(file);
            delete(dir);
        }
    }

    /** {@code cycles} create/grow/write/close cycles leave the mappings and descriptors as they were, and only their files. */
    public static void createCloseCycles(MappedFileStrategy s, int cycles) {
        Assumptions.assumeTrue(ProcSelf.isSupported(), "needs /proc/self (Linux)");
        assumeAvailable(s);
        Path dir = Faults.tempDirectory();
        try {
            cycles(s, dir, 50); // warm up
            Resources before = Resources.take(List.of(dir));
            cycles(s, dir, cycles);
            before.assertUnchanged(cycles + " create/grow/close cycles of " + s.name() + " (each file deleted after close)");
        } finally {
            delete(dir);
        }
    }

    private static void cycles(MappedFileStrategy s, Path dir, int n) {
        for (int i = 0; i < n; i++) {
            Path file = dir.resolve("cycle-" + i);
            try (MappedFile f = s.open(MappedFileSpec.create(file, s.granularity()))) {
                f.chunk(1).set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
            }
            delete(file);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }
}
