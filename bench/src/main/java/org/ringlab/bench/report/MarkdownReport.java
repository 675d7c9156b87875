package org.ringlab.bench.report;

import org.ringlab.bench.harness.Band;

import org.ringlab.bench.harness.Judgement;

import org.ringlab.bench.harness.Claim;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ringlab.bench.util.TextTable;

import static org.ringlab.bench.report.ReportText.*;
import static org.ringlab.bench.report.ReportWriter.*;

/** report.md: the seeds' results first, then ringlab's goals, then a section per experiment. */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(Run run, List<Section> sections, SeedResults seeds) {
        StringBuilder b = new StringBuilder("# ringlab report\n\n");
        b.append(String.format(Locale.ROOT, "`%s`: profile `%s`, seed %d, %s, started %s, %.1f s.%n%n", run.command(),
                run.profile(), run.seed(), run.fork() ? "forked JVMs where supported" : "no forked JVMs", run.started(),
                run.seconds()));
        if (!run.strategies().isEmpty() || !run.disciplines().isEmpty()) {
            b.append("Filters: strategies ").append(run.strategies()).append(", disciplines ").append(run.disciplines())
                    .append(".\n\n");
        }
        b.append("| experiment | seed | status | seconds | claims |\n|---|---|---|---:|---:|\n");
        for (Section s : sections) {
            b.append("| [").append(s.id()).append("](#").append(s.id()).append(") | ").append(s.seed()).append(" | ")
                    .append(s.ok() ? "ok" : "FAILED").append(String.format(Locale.ROOT, " | %.1f | ", s.seconds()))
                    .append(s.ok() ? s.result().claims().size() : 0).append(" |\n");
        }
        b.append("\n## Does each seed reproduce?\n\n").append(VERDICT_RULE).append("\n\n")
                .append(seeds.decidedSummary()).append("\n");
        for (SeedResults.Seed seed : seeds.seeds()) {
            seed(b, seed);
        }
        b.append("\n## ringlab's own goals\n\n").append(GOALS_RULE).append("\n\n");
        placed(b, seeds.goals());
        if (!seeds.others().isEmpty()) {
            b.append("\n## Other claims\n\nClaims of experiments that name no seed catalogue entry.\n\n");
            placed(b, seeds.others());
        }
        for (Section s : sections) {
            b.append("\n## ").append(s.id()).append("\n\n");
            b.append("Seed `").append(s.seed()).append("`: ").append(s.description()).append("\n\n");
            if (!s.ok()) {
                b.append("**FAILED** after ").append(String.format(Locale.ROOT, "%.1f s", s.seconds())).append(": ")
                        .append(s.failure()).append("\n");
                continue;
            }
            ExperimentResult r = s.result();
            b.append(String.format(Locale.ROOT, "%s; profile `%s`, %.1f s.%n%n", r.title(), r.profile(), s.seconds()));
            b.append("### Claims made by this experiment\n\n");
            if (r.claims().isEmpty()) {
                b.append("No claim to check in this run.\n");
            } else {
                b.append("| claim | measured | verdict |\n|---|---|---|\n");
                for (Claim c : r.claims()) {
                    b.append("| ").append(md(c.claim())).append(" | ").append(md(c.measured())).append(" | **")
                            .append(c.verdict().word()).append("** |\n");
                }
                for (Claim c : r.claims()) {
                    if (c.verdict() == Claim.Verdict.DIFFERS) {
                        b.append("\nThis run differs from the seed: ").append(c.claim()).append(", but ")
                                .append(c.measured()).append(".\n");
                    }
                }
            }
            for (Table t : r.tables()) {
                b.append("\n### ").append(t.title()).append("\n\n").append(TextTable.render(t.headers(),
                        t.rows().stream().map(row -> row.stream().map(MarkdownReport::md).toList()).toList(), 1, true));
            }
            for (int i = 0; i < r.charts().size(); i++) {
                b.append("\n![").append(r.charts().get(i).title()).append("](").append(CHARTS).append('/')
                        .append(chartFile(s.id(), i)).append(")\n\n*").append(r.charts().get(i).caption()).append("*\n");
            }
            if (!r.notes().isEmpty()) {
                b.append("\n### Notes\n\n");
                r.notes().forEach(n -> b.append("* ").append(n).append('\n'));
            }
            b.append("\n### Skipped\n\n");
            if (r.skipped().isEmpty()) {
                b.append("Nothing was skipped.\n");
            } else {
                r.skipped().forEach(x -> b.append("* ").append(x).append('\n'));
            }
            b.append("\nStability of the figures: ").append(stabilitySummary(r)).append(" Per figure: [appendix](#appendix-")
                    .append(s.id()).append(").\n");
        }
        b.append("\n## Appendix: stability of each figure\n\n").append(STABILITY_RULE).append(" Every repetition is in"
                + " results.json.\n");
        for (Section s : sections) {
            if (s.ok()) {
                b.append("\n### appendix-").append(s.id()).append("\n\n");
                b.append(TextTable.render(STABILITY_HEADER, stabilityRows(s.result()), 1, true));
            }
        }
        b.append("\n## Environment\n\n");
        environmentLines(run).forEach((k, v) -> b.append("* ").append(k).append(": `").append(v).append("`\n"));
        return b.toString();
    }

    /** A table cell or claim in Markdown: pipes escaped, newlines flattened. */
    private static void seed(StringBuilder b, SeedResults.Seed seed) {
        org.ringlab.bench.catalogue.SeedCatalogue c = seed.catalogue();
        b.append("\n### Seed ").append(c.seed()).append(": ").append(md(c.titleEnglish())).append("\n\n")
                .append("*").append(md(c.title())).append("*, ").append(md(c.author())).append(", ")
                .append(c.language()).append(", ").append(c.year()).append(". ").append(md(c.summary())).append("\n\n")
                .append(seedCounts(seed)).append("\n\n");
        b.append("| result | the seed says | seed's figure and conditions | band | this run | verdict |\n"
                + "|---|---|---|---|---|---|\n");
        for (SeedResults.Row r : seed.rows()) {
            org.ringlab.bench.catalogue.SeedResult e = r.result();
            for (Claim cl : r.claims()) {
                b.append("| ").append(e.id()).append(" | ").append(md(e.quoteEnglish())).append(" | ")
                        .append(md(e.seedFigure())).append(e.seedConditions().isEmpty() ? "" : "; "
                                + md(e.seedConditions())).append(" | ").append(band(e)).append(" | ")
                        .append(md(cl.measured())).append(e.conditions().isEmpty() ? "" : " (" + md(e.conditions())
                                + ")").append(" | **").append(cl.verdict().word()).append("** |\n");
            }
        }
        b.append("\n![seed ").append(c.seed()).append(" against its bands](").append(CHARTS).append('/')
                .append(bandChartFile(c.seed())).append(")\n\nIn the seed's words:\n\n");
        for (SeedResults.Row r : seed.rows()) {
            b.append("* ").append(r.result().id()).append(" (").append(md(r.result().where())).append("): «")
                    .append(md(r.result().quote())).append("»\n");
        }
    }

    /** A result's band as the first page prints it, with the rule that made it. */
    static String band(org.ringlab.bench.catalogue.SeedResult e) {
        return switch (e.form()) {
            case "band" -> e.band() + " (seed's figure ×/÷ " + Band.WIDTH + ")";
            case "reported" -> "none: reported beside";
            default -> e.band() + " (the seed's sentence is one-sided)";
        };
    }

    private static void placed(StringBuilder b, List<SeedResults.Placed> claims) {
        if (claims.isEmpty()) {
            b.append("None in this run.\n");
            return;
        }
        b.append("| experiment | claim | judged as | this run | verdict |\n|---|---|---|---|---|\n");
        for (SeedResults.Placed p : claims) {
            Claim c = p.claim();
            Judgement g = c.judgement();
            b.append("| [").append(p.experiment()).append("](#").append(p.experiment()).append(") | ")
                    .append(md(c.claim())).append(" | ").append(g == Judgement.POINT ? "one figure" : md(g.side()))
                    .append(" | ").append(md(c.measured())).append(" | **").append(c.verdict().word())
                    .append("** |\n");
        }
    }

    static String md(String text) {
        return text.replace("|", "\\|").replace('\n', ' ');
    }
}
