package org.ringlab.bench.cli;

import java.util.List;

import org.ringlab.bench.catalogue.SeedCatalogue;
import org.ringlab.bench.catalogue.SeedsPage;
import org.ringlab.bench.util.PicocliCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ringlab seeds}: the seed catalogues as Markdown (docs/seeds.md is this output). */
@Command(name = "seeds",
        description = "Every result of the five seed articles as the catalogues hold it: the seed's words, figure and"
                + " conditions, the band that reproduces it, what ringlab measures (Markdown; docs/seeds.md is this"
                + " output).")
public final class SeedsCommand extends PicocliCommand {

    @Option(names = "--seed", paramLabel = "NNN", description = "Only this seed (000 … 004).")
    String seed;

    @Override
    public Integer call() {
        List<SeedCatalogue> catalogues = seed == null ? SeedCatalogue.all() : List.of(SeedCatalogue.load(seed));
        out().print(SeedsPage.render(catalogues));
        out().flush();
        return 0;
    }
}
