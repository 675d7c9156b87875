package org.ringlab.bench.mapped;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.util.Platform;
import org.ringlab.queues.mapped.MappedQueue;
import org.ringlab.queues.mapped.MappedQueueReader;
import org.ringlab.queues.mapped.WriterState;

/**
 * The reader side of the latency table, in its own JVM: attaches from the start, pins itself if
 * asked, says {@code ready}, busy-polls, and records {@code nanoTime() - stamp} of every record
 * after the warm-up. Prints {@code result <base64 of the compressed histogram>} at the end.
 */
public final class LatencyReader {

    private LatencyReader() {
    }

    public static void run(Path file, long total, long warmup, int cpu, List<PrefaultPolicy> policies, PrintWriter out) {
        if (cpu >= 0) {
            Platform.requireThreads().pinCurrentThread(cpu);
        }
        Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        try (MappedQueueReader reader = MappedQueue.attach(file, MappedQueue.StartAt.BEGINNING, policies)) {
            out.println("ready");
            out.flush();
            long seen = 0;
            long idle = 0;
            while (seen < total) {
                MemorySegment record = reader.peek();
                if (record == null) {
                    // The writer's state costs a look at /proc: only now and then, when idle.
                    if (++idle % 4_000_000 == 0 && reader.writerState() != WriterState.ALIVE && reader.peek() == null) {
                        break;
                    }
                    Thread.onSpinWait();
                    continue;
                }
                long now = System.nanoTime();
                long seq = record.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                long stamp = record.get(ValueLayout.JAVA_LONG_UNALIGNED, 8);
                reader.release();
                if (seq >= warmup) {
                    histogram.recordValue(Math.min(Math.max(0, now - stamp), histogram.getHighestTrackableValue()));
                }
                seen++;
            }
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        out.println("result " + Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length)));
        out.flush();
    }
}
