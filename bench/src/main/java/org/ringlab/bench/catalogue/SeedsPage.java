package org.ringlab.bench.catalogue;

import java.util.List;
import java.util.Locale;

import org.ringlab.bench.harness.Band;

/**
 * docs/seeds.md, written from the catalogues ({@code ringlab seeds}): each article, each of its
 * results with the seed's words, figure and conditions, the band that reproduces it, and what
 * ringlab measures. A test holds the page to this text, so the page and the catalogues agree.
 */
public final class SeedsPage {

    private SeedsPage() {
    }

    public static String render(List<SeedCatalogue> catalogues) {
        StringBuilder b = new StringBuilder();
        b.append("# The seeds: every result the five articles report, and how ringlab judges it\n\n");
        b.append("This page is written from the seed catalogues "
                + "(`bench/src/main/resources/org/ringlab/bench/catalogue/seed-NNN.json`) by `./ringlab seeds`; a test "
                + "fails when it and the catalogues disagree. The experiments take every seed figure and band from the "
                + "catalogues and nowhere else, and the report's first page lists every entry, measured or not.\n\n");
        b.append("**How a result is judged.** Where the seed gives a figure, the band that reproduces it is that figure "
                + "×/÷ ").append(Band.WIDTH).append(", the same rule for every seed; a band is one-sided only where the "
                + "seed's sentence is (\"up to\", \"at least\"). A timed figure is judged on its 95 % interval over "
                + "paired, interleaved rounds: **reproduced** when the interval lies inside the band, **differs** when "
                + "wholly outside, else **inconclusive**. An exact figure (page faults, resident pages, bytes copied, "
                + "counts) is judged as it is and is always decided. A result no machine of this kind can measure is "
                + "listed as **not measurable here** with the reason; a figure tied to the article's own hardware may be "
                + "**reported** beside ringlab's without a verdict, when a comparable form of it has its own entry.\n\n");
        b.append("| seed | article | language | results | measurable | exact | not measurable here |\n"
                + "|---|---|---|---:|---:|---:|---:|\n");
        for (SeedCatalogue c : catalogues) {
            long measurable = c.results().stream().filter(SeedResult::measurable).count();
            long exact = c.results().stream().filter(r -> r.measurable() && r.exact()).count();
            b.append(String.format(Locale.ROOT, "| [%s](#seed-%s) | %s | %s | %d | %d | %d | %d |%n", c.seed(), c.seed(),
                    md(c.titleEnglish()), c.language(), c.results().size(), measurable, exact,
                    c.results().size() - measurable));
        }
        for (SeedCatalogue c : catalogues) {
            b.append("\n## Seed ").append(c.seed()).append("\n\n**").append(md(c.titleEnglish())).append("** (*")
                    .append(md(c.title())).append("*), ").append(md(c.author())).append(", ").append(c.language())
                    .append(", ").append(c.year()).append(". ").append(md(c.summary())).append("\n\n");
            b.append("| result | the seed says | seed's figure | seed's conditions | band | ringlab measures | where "
                    + "ringlab's conditions differ |\n|---|---|---|---|---|---|---|\n");
            for (SeedResult r : c.results()) {
                b.append("| ").append(r.id()).append(" | ").append(md(r.quoteEnglish())).append(" | ")
                        .append(md(r.seedFigure())).append(" | ").append(md(r.seedConditions())).append(" | ")
                        .append(band(r)).append(" | ")
                        .append(r.measurable() ? "`" + r.metric() + "` (" + r.kind() + ")"
                                + (r.conditions().isEmpty() ? "" : ": " + md(r.conditions()))
                                : "not measurable here: " + md(r.notMeasurable()))
                        .append(" | ").append(md(r.differs())).append(" |\n");
            }
            b.append("\nIn the article's words:\n\n");
            for (SeedResult r : c.results()) {
                b.append("* ").append(r.id()).append(r.where().isEmpty() ? "" : " (" + md(r.where()) + ")")
                        .append(": «").append(md(r.quote())).append("»\n");
            }
        }
        return b.toString();
    }

    static String band(SeedResult r) {
        return switch (r.form()) {
            case "band" -> r.band().toString();
            case "reported" -> "none (reported)";
            default -> r.band() + " (one-sided)";
        };
    }

    private static String md(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace('\n', ' ');
    }
}
