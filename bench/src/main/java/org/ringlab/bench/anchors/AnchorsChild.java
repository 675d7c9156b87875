package org.ringlab.bench.anchors;

/**
 * The child JVM of a forked anchors run: measures one anchor on one profile and prints its
 * samples ({@link AnchorSamples#lines()}) for the parent. A fresh JVM per anchor keeps the
 * call sites the anchors share (the driver's {@link AnchorQueue} calls, spsc's calls into
 * {@code RingMemory}) monomorphic, as they are in an application that uses one queue.
 * Usage: {@code AnchorsChild PROFILE ANCHOR}; exit 2 for bad arguments, 1 for a failed run.
 */
public final class AnchorsChild {

    private AnchorsChild() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: AnchorsChild PROFILE ANCHOR, got " + java.util.Arrays.toString(args));
            System.exit(2);
        }
        AnchorsProfile profile;
        try {
            profile = AnchorsProfile.parse(args[0]);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        try {
            for (String line : AnchorSamples.measure(args[1], profile).lines()) {
                System.out.println(line);
            }
        } catch (RuntimeException e) {
            System.err.println(args[1] + " failed: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }
}
