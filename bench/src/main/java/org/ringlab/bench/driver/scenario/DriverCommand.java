package org.ringlab.bench.driver.scenario;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.util.Strategies;
import org.ringlab.bench.harness.Claim;
import org.ringlab.bench.report.Table;
import org.ringlab.bench.util.PicocliCommand;
import org.ringlab.bench.util.Sizes;
import org.ringlab.bench.util.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ringlab driver}: seed 001's whole driver ({@link WholeDriverPart}) with its knobs.
 * Progress to stderr, tables, notes and claims to stdout.
 */
@Command(name = "driver",
        header = "Seed 001's whole driver: frames at a fixed rate, interrupts vs NAPI, loss and CPU.",
        description = {"Seed 001's whole driver: a NIC thread delivering frames at a fixed rate, the interrupt cost",
                "on the consumer's CPU, every frame parsed and checksummed; before, after and each change alone,",
                "and a sweep of the interrupt cost (per packet vs NAPI). Loss, delivered rate, CPU, wake-ups;",
                "then seed 001's whole-driver results from its catalogue (its introduction's, NAPI table's and final",
                "table's), each with its id and a verdict on this run's intervals (bands: the seed's figure ÷/× 1.25)."},
        sortOptions = false)
public final class DriverCommand extends PicocliCommand {

    @Option(names = "--profile", paramLabel = "PROFILE", description = "quick (default: 4 forks × 1 run of 120 ms, "
            + "sweep of 6 costs) or full (3 forks × 2 runs of 1 s, sweep of 10 costs).")
    String profile = "quick";

    @Option(names = "--rate", paramLabel = "N", description = "Packets per second (default 1488095: 1 Gbit/s of 64-byte frames).")
    long rate = ScenarioConfig.GIGABIT_64_BYTE_FRAMES;

    @Option(names = "--packet-size", paramLabel = "BYTES", description = "Frame length, even, 64..2048 (default 64).")
    int packetSize = 64;

    @Option(names = "--interrupt-ns", paramLabel = "NS", description = "CPU per interrupt (default: seed 001's 1,000 "
            + "cycles at this CPU's clock).")
    Long interruptNanos;

    @Option(names = "--work-ns", paramLabel = "NS", description = "CPU per packet beyond parse + checksum (default 0).")
    long workNanos;

    @Option(names = "--flow-table", paramLabel = "SIZE", description = "Per-flow table updated per packet, e.g. 16m "
            + "(default none).")
    String flowTable;

    @Option(names = "--duration-ms", paramLabel = "MS", description = "NIC run time of one run (default: profile).")
    Long durationMillis;

    @Option(names = "--variant", paramLabel = "NAME", split = ",", description = "Variants to run (default all): "
            + "before, spsc-only, pool-only, napi-only, batch-only, after.")
    List<String> variants = new ArrayList<>();

    @Option(names = "--strategy", paramLabel = "NAME", description = "Memory strategy of the ring (default: the "
            + "default mirrored one).")
    String strategy;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of each round's order of the variants (default 1).")
    long seed = 1;

    @Override
    public Integer call() throws InterruptedException {
        ScenarioProfile p;
        ScenarioConfig config;
        List<DriverVariant> chosen;
        MemoryStrategy memory;
        try {
            p = ScenarioProfile.named(profile);
            config = ScenarioConfig.seed(durationMillis == null ? p.durationNanos() : durationMillis * 1_000_000L)
                    .withRate(rate).withPacketBytes(packetSize).withWorkNanos(workNanos);
            if (interruptNanos != null) {
                config = config.withInterruptNanos(interruptNanos);
            }
            if (flowTable != null) {
                config = config.withFlowTableBytes(Sizes.parse(flowTable));
            }
            chosen = variants.isEmpty() ? DriverVariant.STANDARD : variants.stream().map(DriverVariant::named).toList();
            memory = strategy == null ? Registries.defaultMirrored().chosen()
                    .orElseGet(() -> Registries.memoryStrategies().available().get(0))
                    : Strategies.memory(strategy);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw refused(e.getMessage());
        }
        PrintWriter out = out();
        PrintWriter err = err();
        // In this JVM, the profile's forks one after the other: the command explores knobs, the
        // driver experiment's part (e) forks.
        WholeDriverPart.Result r = WholeDriverPart.run(p, config, chosen, memory, seed, false, s -> {
            err.println("driver: " + s);
            err.flush();
        }, line -> { });
        for (Table t : r.tables()) {
            out.println(t.title());
            out.println(TextTable.render(t.headers(), t.rows(), 1, false));
        }
        r.notes().forEach(n -> out.println("note: " + n));
        for (Claim c : r.reportClaims()) {
            out.println(String.format(Locale.ROOT, "%s %s: %s%n    seed %s, agrees within %s%n    measured: %s",
                    c.verdict(), c.id(), c.claim(), c.judgement().seedFigure(), c.judgement().band(), c.measured()));
        }
        out.flush();
        return 0;
    }
}
