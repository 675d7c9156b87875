package org.ringlab.bench.history;

import java.util.ArrayList;
import java.util.List;

import org.ringlab.bench.report.ExperimentOptions;
import org.ringlab.bench.util.Sizes;
import picocli.CommandLine.Option;

/** {@code ringlab run history}'s own options: which element sizes. */
public final class HistoryRunOptions implements ExperimentOptions {

    @Option(names = "--sizes", paramLabel = "SIZE", split = ",",
            description = "history: element sizes of the steady state, comma-separated, multiples of 8 bytes"
                    + " (default: 4K,60K,240K,960K); seed 000's cold runs keep its own 48 x 240K and 48 x 960K.")
    List<String> sizes = new ArrayList<>();

    /** The element sizes in bytes: the ones given, else seed 000's. */
    public List<Long> sizes() {
        if (sizes.isEmpty()) {
            return Profile.DEFAULT_SIZES;
        }
        List<Long> out = new ArrayList<>();
        for (String s : sizes) {
            long v;
            try {
                v = Sizes.parse(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--sizes: " + e.getMessage());
            }
            if (v <= 0 || v % Long.BYTES != 0) {
                throw new IllegalArgumentException("--sizes: element size " + s
                        + " is not a positive multiple of 8 bytes (e.g. 4K, 60K, 240K)");
            }
            out.add(v);
        }
        return List.copyOf(out);
    }

    @Override
    public void validate() {
        sizes();
    }

    @Override
    public String describe() {
        return sizes.isEmpty() ? "" : " --sizes " + String.join(",", sizes().stream().map(Sizes::format).toList());
    }
}
