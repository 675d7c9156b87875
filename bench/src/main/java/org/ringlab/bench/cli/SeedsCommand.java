package org.ringlab.bench.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedsPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringlab seeds}: the seed catalogues as Markdown (docs/seeds.md is this output). */
@Command(name = "seeds",
        description = "Every result of the five seed articles as the catalogues hold it: the seed's words, figure and"
                + " conditions, the band that reproduces it, what ringlab measures (Markdown; docs/seeds.md is this"
                + " output).")
public final class SeedsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--seed", paramLabel = "NNN", description = "Only this seed (000 … 004).")
    String seed;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        List<SeedCatalogue> catalogues = seed == null ? SeedCatalogue.all() : List.of(SeedCatalogue.load(seed));
        spec.commandLine().getOut().print(SeedsPage.render(catalogues));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
