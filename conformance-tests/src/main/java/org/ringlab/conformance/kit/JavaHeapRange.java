package org.ringlab.conformance.kit;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.ObjectName;

import org.ringlab.growth.ProcSelf;

/**
 * The address range the JVM reserved for its Java heap, from the {@code GC.heap_info} diagnostic
 * command, so that the soak can tell the heap's own resident pages from native growth: G1 commits
 * a region long before the allocator first touches it, and that first touch raises VmRSS without
 * any change of the committed size.
 */
final class JavaHeapRange {

    private static final Pattern ADDRESS = Pattern.compile("0x([0-9a-fA-F]+)");

    private final long start;
    private final long end;

    private JavaHeapRange(long start, long end) {
        this.start = start;
        this.end = end;
    }

    /**
     * The envelope of every address range {@code GC.heap_info} prints (G1 prints one, Parallel
     * and Serial one per generation), or empty with the reason when this JVM's collector prints
     * none (ZGC) or the command is unavailable.
     */
    static Result find() {
        String info;
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcHeapInfo",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            info = String.valueOf(out);
        } catch (Exception | LinkageError e) {
            return new Result(Optional.empty(), "the GC.heap_info diagnostic command failed: " + e);
        }
        return parse(info);
    }

    /** {@link #find()}'s reading of {@code GC.heap_info}'s text, apart for tests. */
    static Result parse(String info) {
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        Matcher m = ADDRESS.matcher(info);
        int count = 0;
        while (m.find()) {
            long address = Long.parseUnsignedLong(m.group(1), 16);
            low = Math.min(low, address);
            high = Math.max(high, address);
            count++;
        }
        if (count < 2 || high <= low) {
            String first = info.lines().findFirst().orElse("").strip();
            return new Result(Optional.empty(), "GC.heap_info prints no address range for this collector (\"" + first + "\")");
        }
        return new Result(Optional.of(new JavaHeapRange(low, high)), "");
    }

    /** Resident bytes of the mappings that lie inside this range. */
    long residentBytes(List<ProcSelf.Mapping> mappings) {
        long sum = 0;
        for (ProcSelf.Mapping m : mappings) {
            if (contains(m)) {
                sum += m.rssBytes();
            }
        }
        return sum;
    }

    /** Whether {@code m} lies wholly inside the heap's range (a heap mapping is never split by its ends). */
    boolean contains(ProcSelf.Mapping m) {
        return m.start() >= start && m.end() <= end;
    }

    long start() {
        return start;
    }

    long end() {
        return end;
    }

    @Override
    public String toString() {
        return String.format("%x-%x", start, end);
    }

    /** The range, or why there is none. */
    record Result(Optional<JavaHeapRange> range, String unknownReason) {
    }
}
