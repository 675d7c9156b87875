package org.ringlab.bench.broadcast;

import org.ringlab.bench.report.ExperimentOptions;
import picocli.CommandLine.Option;

/** {@code ringlab run broadcast}'s own options: how the in-process producer makes its records. */
public final class BroadcastRunOptions implements ExperimentOptions {

    @Option(names = "--no-assembly",
            description = "broadcast: the in-process producer offers a record prepared once, so each discipline's own "
                    + "copies alone are measured; by default it assembles every record as seed 003's producer does "
                    + "(broadcast in its claimed slot, copy-per-consumer in its own buffer, then into each "
                    + "consumer's queue), and the seed's claims are judged only then.")
    boolean noAssembly;

    /** Whether the producer assembles each record (the seed's conditions). */
    public boolean assembly() {
        return !noAssembly;
    }

    @Override
    public void validate() {
        // a flag: nothing to check
    }

    @Override
    public String describe() {
        return noAssembly ? " --no-assembly" : "";
    }
}
