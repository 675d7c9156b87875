package org.ringlab.queues.mapped;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * One thread's record checksum ({@link RecordChecksum}): one class per kind, so the writer's and
 * the reader's hot paths call a type, not a flag. Allocation-free: the payload goes through a
 * small scratch array that stays in L1 (CRC32C has no API for a raw address).
 */
abstract sealed class RecordSummer {

    /** The checksum of a record of {@code length} bytes at data {@code position}, payload at {@code payloadOffset} of {@code chunk}. */
    abstract int sum(long position, MemorySegment chunk, long payloadOffset, int length);

    /** Whether a matching checksum proves a record was written at its position (so a hint may be trusted). */
    abstract boolean proves();

    static final class Crc32c extends RecordSummer {
        private static final int SCRATCH = 4096;
        private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.LITTLE_ENDIAN);
        private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class,
                ByteOrder.LITTLE_ENDIAN);

        private final CRC32C crc = new CRC32C();
        private final byte[] scratch = new byte[SCRATCH];

        @Override
        int sum(long position, MemorySegment chunk, long payloadOffset, int length) {
            CRC32C c = crc;
            byte[] s = scratch;
            c.reset();
            LONG_LE.set(s, 0, position);
            INT_LE.set(s, 8, length);
            c.update(s, 0, 12);
            for (long done = 0; done < length; ) {
                int n = (int) Math.min(SCRATCH, length - done);
                MemorySegment.copy(chunk, ValueLayout.JAVA_BYTE, payloadOffset + done, s, 0, n);
                c.update(s, 0, n);
                done += n;
            }
            return (int) c.getValue();
        }

        @Override
        boolean proves() {
            return true;
        }
    }

    static final class None extends RecordSummer {
        @Override
        int sum(long position, MemorySegment chunk, long payloadOffset, int length) {
            return 0;
        }

        @Override
        boolean proves() {
            return false;
        }
    }
}
