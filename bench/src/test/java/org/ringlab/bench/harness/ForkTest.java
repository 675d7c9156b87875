package org.ringlab.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The one fork mechanism: a task record goes to a fresh JVM, one result record comes back
 * through Jackson, exactly (NaN included); the child's chatter reaches the parent's output and
 * cannot corrupt the record; a failing, silent or hung child is an error that says which.
 */
class ForkTest {

    /** What the test child measures: it echoes its input into a result, after printing chatter. */
    record EchoTask(String name, double[] values, String mode) implements ForkedTask<EchoResult> {

        @Override
        public EchoResult measure() {
            System.out.println("WARNING: some JVM chatter on stdout {\"not\": \"the record\"}");
            System.err.println("and some on stderr");
            switch (mode) {
                case "fail" -> throw new IllegalStateException("the measurement broke on purpose");
                case "silent" -> System.exit(0);
                case "hang" -> {
                    try {
                        Thread.sleep(Duration.ofMinutes(10));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                default -> { }
            }
            return new EchoResult(name + " in pid " + ProcessHandle.current().pid(), values, values.length,
                    new double[][] {values, {Double.NaN}});
        }

        @Override
        public Class<EchoResult> resultType() {
            return EchoResult.class;
        }

        @Override
        public String describe() {
            return "echo " + name;
        }

        /** Mode {@code memory}: a task normalised by the memory kernel, whose child times that kernel too. */
        @Override
        public ReferenceLoop.Kernel referenceKernel() {
            return mode.equals("memory") ? ReferenceLoop.Kernel.MEMORY : ReferenceLoop.Kernel.CPU;
        }
    }

    record EchoResult(String who, double[] values, int n, double[][] rows) {
    }

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @Test
    void theResultRecordComesBackExactlyFromAnotherJvm() {
        double[] values = {1.5, Double.NaN, 1e-300, Double.POSITIVE_INFINITY, 0.1 + 0.2};
        List<String> output = new ArrayList<>();
        ReferenceLog.take();
        EchoResult r = Fork.run(new EchoTask("cell", values, "ok"), TIMEOUT, output::add);
        assertTrue(r.who().startsWith("cell in pid "), r.who());
        // After its cell the child ran the reference loop, and the parent logged that sample: the
        // cpu and core kernels; not the memory kernel, which normalises no figure of this task.
        List<ReferenceLoop.Sample> reference = ReferenceLog.take();
        assertEquals(1, reference.size(), "one child, one reference sample");
        assertKernels(reference.getFirst(), ReferenceLoop.REPETITIONS, 0, ReferenceLoop.REPETITIONS);
        assertTrue(ReferenceLog.take().isEmpty(), "take() empties the log");
        assertTrue(!r.who().endsWith(" " + ProcessHandle.current().pid()), "measured in another process: " + r.who());
        assertArrayEquals(values, r.values());
        assertEquals(values.length, r.n());
        assertArrayEquals(values, r.rows()[0]);
        assertTrue(Double.isNaN(r.rows()[1][0]));
        assertTrue(output.stream().anyMatch(l -> l.contains("chatter on stdout")), output.toString());
        assertTrue(output.contains("and some on stderr"), output.toString());
    }

    /** A task normalised by the memory kernel gets that kernel's repetitions as well. */
    @Test
    void aTaskNormalisedByTheMemoryKernelHasItsChildTimeIt() {
        ReferenceLog.take();
        Fork.run(new EchoTask("cell", new double[] {1}, "memory"), TIMEOUT, line -> { });
        List<ReferenceLoop.Sample> reference = ReferenceLog.take();
        assertEquals(1, reference.size(), "one child, one reference sample");
        assertKernels(reference.getFirst(), ReferenceLoop.REPETITIONS, ReferenceLoop.REPETITIONS, ReferenceLoop.REPETITIONS);
    }

    private static void assertKernels(ReferenceLoop.Sample sample, int cpu, int memory, int core) {
        int[] expected = {cpu, memory, core};
        for (ReferenceLoop.Kernel k : ReferenceLoop.Kernel.values()) {
            double[] reps = sample.of(k);
            assertEquals(expected[k.ordinal()], reps.length, k.id() + ": " + java.util.Arrays.toString(reps));
            assertTrue(java.util.Arrays.stream(reps).allMatch(v -> v > 0 && Double.isFinite(v)),
                    k.id() + ": " + java.util.Arrays.toString(reps));
        }
    }

    @Test
    void aFailingChildIsAnErrorNamingTheTaskAndShowingWhy() {
        List<String> output = new ArrayList<>();
        Fork.ForkFailedException e = assertThrows(Fork.ForkFailedException.class,
                () -> Fork.run(new EchoTask("cell", new double[0], "fail"), TIMEOUT, output::add));
        assertTrue(e.getMessage().startsWith("the child JVM of echo cell exited with 1"), e.getMessage());
        assertTrue(output.stream().anyMatch(l -> l.contains("the measurement broke on purpose")), output.toString());
    }

    @Test
    void aChildThatWritesNoRecordIsAnError() {
        Fork.ForkFailedException e = assertThrows(Fork.ForkFailedException.class,
                () -> Fork.run(new EchoTask("cell", new double[0], "silent"), TIMEOUT, line -> { }));
        assertTrue(e.getMessage().contains("exited with 0 without a result"), e.getMessage());
    }

    @Test
    void aHungChildIsKilledAtItsTimeout() {
        Fork.ForkFailedException e = assertThrows(Fork.ForkFailedException.class,
                () -> Fork.run(new EchoTask("cell", new double[0], "hang"), Duration.ofSeconds(2), line -> { }));
        assertTrue(e.getMessage().contains("did not finish within 2 s and was killed"), e.getMessage());
    }

    @Test
    void theChildRunsWithThisJvmsFlagsAndPath() {
        List<String> cmd = Fork.command(Fork.class.getName(), List.of("a", "b"));
        assertTrue(cmd.getFirst().endsWith("java"), cmd.toString());
        assertEquals(List.of("a", "b"), cmd.subList(cmd.size() - 2, cmd.size()));
        assertTrue(cmd.get(cmd.size() - 3).endsWith(Fork.class.getName()), cmd.toString());
        assertTrue(cmd.stream().noneMatch(f -> f.startsWith("-agentlib:jdwp")), cmd.toString());
    }

    @Test
    void theClassArchiveIsLeftOutWhenThePathHoldsADirectoryOrTheUserChoseSharing() {
        // This test's class path holds target/classes: with an archive the JVM would refuse to start.
        String here = System.getProperty("java.class.path") + java.io.File.pathSeparator
                + System.getProperty("jdk.module.path", "");
        assertTrue(!ClassArchive.onlyJars(here), here);
        assertEquals(List.of(), ClassArchive.flags(List.of(), true));
        assertTrue(ClassArchive.onlyJars(""));
        assertTrue(ClassArchive.choosesSharing("-Xshare:off"));
        assertTrue(ClassArchive.choosesSharing("-XX:SharedArchiveFile=/x.jsa"));
        assertTrue(!ClassArchive.choosesSharing("-Xmx1g"));
    }
}
