package org.ringlab.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.ringlab.api.PrefaultPolicy;
import org.ringlab.bench.mapped.LatencyReader;
import org.ringlab.bench.mapped.MappedExperiment;
import org.ringlab.bench.mapped.MappedProfile;
import org.ringlab.bench.report.ExperimentResult;
import org.ringlab.queues.mapped.MappedQueue;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ringlab mapped}: seed 004's two tables on the {@code mapped-file} memory and the
 * mapped queue ({@link MappedExperiment} with options). Progress goes to stderr, tables to
 * stdout, and with {@code --out DIR} the report folder (report.md, report.html, results.json...) is written.
 */
@Command(name = "mapped",
        description = {"Seed 004's experiment: the growing inter-process queue on a mapped file.",
                "(a) time to write 64 MiB (quick) or 256 MiB (full) in 128-byte blocks for the 11 prefault",
                "configurations of the seed plus 'background', with the prefault's own time and the writer's",
                "minor faults; (b) enqueue-to-dequeue latency to a reader in another JVM, tmpfs vs disk,",
                "pinned vs not (HdrHistogram); (c) the record checksum's cost: ns per record to write and",
                "read 100,000 records of 32, 128 and 1024 bytes with CRC32C and with NONE."},
        subcommands = MappedCommand.ReaderCommand.class, sortOptions = false)
public final class MappedCommand extends PicocliCommand {

    @Option(names = "--profile", paramLabel = "PROFILE", description = "quick (default: 64 MiB, 4 repetitions, "
            + "10k messages) or full (256 MiB, 11 repetitions, 3 x 100k messages); messages every 100 µs.")
    String profile = "quick";

    @Option(names = "--table", paramLabel = "WHICH", description = "prefault, latency, checksum or all (default).")
    String table = "all";

    @Option(names = "--dir", paramLabel = "DIR", description = "tmpfs directory (default /dev/shm).")
    Path dir;

    @Option(names = "--disk-dir", paramLabel = "DIR", description = "disk directory for the latency table "
            + "(default java.io.tmpdir).")
    Path diskDir;

    @Option(names = "--size", paramLabel = "SIZE", description = "Bytes written per prefault sample (default: profile).")
    String size;

    @Option(names = "--reps", paramLabel = "N", description = "Prefault repetitions (default: profile).")
    Integer repetitions;

    @Option(names = "--messages", paramLabel = "N", description = "Measured messages per latency run (default: profile).")
    Long messages;

    @Option(names = "--interval-us", paramLabel = "N", description = "Microseconds between messages (default: profile).")
    Long intervalMicros;

    @Option(names = "--writer-policy", paramLabel = "LIST", description = "Prefault list of the latency writer "
            + "(default background).")
    String writerPolicy = "background";

    @Option(names = "--reader-policy", paramLabel = "LIST", description = "Prefault list of the latency reader "
            + "(default none).")
    String readerPolicy = "none";

    @Option(names = "--out", paramLabel = "DIR", description = "Also write the report folder (report.md, report.html, results.json, charts) into DIR.")
    Path out;

    @Override
    public Integer call() {
        MappedExperiment.Setup p = checked("", () -> MappedExperiment.Setup.of(MappedProfile.parse(profile)));
        List<PrefaultPolicy> writer = checked("", () -> PrefaultPolicy.parseList(writerPolicy));
        List<PrefaultPolicy> reader = checked("", () -> PrefaultPolicy.parseList(readerPolicy));
        long bytes = size == null ? p.bytes() : Options.size(spec, "--size", size);
        Options.atLeast(spec, "--reps", repetitions, 1);
        Options.atLeast(spec, "--messages", messages, 1);
        Options.atLeast(spec, "--interval-us", intervalMicros, 0); // 0: back to back
        if (!List.of("all", "prefault", "latency", "checksum").contains(table)) {
            throw refused("--table must be prefault, latency, checksum or all, got '" + table + "'");
        }
        Path tmpfs = Options.writableDirectory(spec, "--dir", dir == null ? p.tmpfs() : dir);
        Path disk = Options.writableDirectory(spec, "--disk-dir", diskDir == null ? p.disk() : diskDir);
        Options.createOutDirectory(spec, out);
        boolean all = table.equals("all");
        MappedExperiment experiment = new MappedExperiment();
        SingleExperiment run = new SingleExperiment(spec, experiment);
        MappedExperiment.Setup setup = new MappedExperiment.Setup(p.profile(), all || table.equals("prefault"),
                all || table.equals("latency"), all || table.equals("checksum"),
                tmpfs, disk, bytes, repetitions == null ? p.repetitions() : repetitions,
                messages == null ? p.messages() : messages, intervalMicros == null ? p.intervalMicros() : intervalMicros,
                writer, reader);
        ExperimentResult result = experiment.run(setup, MappedQueue.defaultStrategy(), run.progress());
        return run.finish(result, true, out, "ringlab mapped --profile " + profile + " --table " + table, profile, 0,
                true, List.of());
    }

    /** The reader JVM of the latency table (started by the writer side; not for direct use). */
    @Command(name = "reader", hidden = true, description = "Latency reader child (internal).")
    static final class ReaderCommand implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--file", required = true)
        Path file;

        @Option(names = "--messages", required = true)
        long total;

        @Option(names = "--warmup")
        long warmup;

        @Option(names = "--cpu")
        int cpu = -1;

        @Option(names = "--reader-policy")
        String readerPolicy = "none";

        @Override
        public Integer call() {
            LatencyReader.run(file, total, warmup, cpu, PrefaultPolicy.parseList(readerPolicy),
                    spec.commandLine().getOut());
            return 0;
        }
    }
}
