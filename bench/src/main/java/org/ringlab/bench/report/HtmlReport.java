package org.ringlab.bench.report;

import org.ringlab.bench.harness.Judgement;

import org.ringlab.bench.harness.Claim;

import java.util.List;
import java.util.Locale;
import java.util.Map;


import static org.ringlab.bench.report.ReportText.*;
import static org.ringlab.bench.report.ReportWriter.*;

/** report.html, self-contained (charts inlined as SVG): the same content as report.md. */
final class HtmlReport {

    private HtmlReport() {
    }

    static String render(Run run, List<Section> sections, Map<String, List<String>> svgs, SeedResults seeds,
                         Map<String, String> bandCharts) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        b.append("<title>ringlab report</title>\n<style>\n")
                .append("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n")
                .append("table{border-collapse:collapse;margin:0.8em 0;font-size:0.9em}\n")
                .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:right}\n")
                .append("th:first-child,td:first-child{text-align:left}\n")
                .append(".confirmed{color:#1a7f37;font-weight:bold}.DIFFERS{color:#cf222e;font-weight:bold}")
                .append(".notmeasured{color:#777;font-weight:bold}.failed{color:#cf222e;font-weight:bold}")
                .append(".inconclusive{color:#9a6700;font-weight:bold}table.claims td{text-align:left}\n")
                .append(".reproduced{color:#1a7f37;font-weight:bold}.notmeasurablehere{color:#777}.quote{color:#444}\n")
                .append("figure{margin:1em 0}svg{max-width:100%;height:auto}\n</style>\n</head>\n<body>\n");
        b.append("<h1>ringlab report</h1>\n<p><code>").append(h(run.command())).append("</code>: profile <code>")
                .append(h(run.profile())).append("</code>, seed ").append(run.seed()).append(", started ")
                .append(h(run.started())).append(String.format(Locale.ROOT, ", %.1f s.</p>%n", run.seconds()));
        b.append("<table><tr><th>experiment</th><th>seed</th><th>status</th><th>seconds</th><th>claims</th></tr>\n");
        for (Section s : sections) {
            b.append("<tr><td><a href=\"#").append(h(s.id())).append("\">").append(h(s.id())).append("</a></td><td>")
                    .append(h(s.seed())).append("</td><td>").append(s.ok() ? "ok" : "<span class=\"failed\">FAILED</span>")
                    .append(String.format(Locale.ROOT, "</td><td>%.1f</td><td>%d</td></tr>%n", s.seconds(),
                            s.ok() ? s.result().claims().size() : 0));
        }
        b.append("</table>\n<h2 id=\"claims\">Does each seed reproduce?</h2>\n<p>").append(h(VERDICT_RULE).replace("**", ""))
                .append("</p>\n<p><b>").append(h(seeds.decidedSummary())).append("</b></p>\n");
        for (SeedResults.Seed seed : seeds.seeds()) {
            seed(b, seed, bandCharts.get(seed.catalogue().seed()));
        }
        b.append("<h2 id=\"goals\">ringlab's own goals</h2>\n<p>").append(h(GOALS_RULE)).append("</p>\n");
        placed(b, seeds.goals());
        if (!seeds.others().isEmpty()) {
            b.append("<h2>Other claims</h2>\n<p>Claims of experiments that name no seed catalogue entry.</p>\n");
            placed(b, seeds.others());
        }
        for (Section s : sections) {
            b.append("<section id=\"").append(h(s.id())).append("\">\n<h2>").append(h(s.id())).append("</h2>\n<p>Seed <code>")
                    .append(h(s.seed())).append("</code>: ").append(h(s.description())).append("</p>\n");
            if (!s.ok()) {
                b.append("<p class=\"failed\">FAILED: ").append(h(s.failure())).append("</p>\n</section>\n");
                continue;
            }
            ExperimentResult r = s.result();
            b.append("<p>").append(h(r.title())).append(String.format(Locale.ROOT, "; profile <code>%s</code>, %.1f s.</p>%n",
                    h(r.profile()), s.seconds()));
            b.append("<h3>Claims made by this experiment</h3>\n");
            if (r.claims().isEmpty()) {
                b.append("<p>No claim to check in this run.</p>\n");
            } else {
                b.append("<table><tr><th>claim</th><th>measured</th><th>verdict</th></tr>\n");
                for (Claim c : r.claims()) {
                    b.append("<tr><td>").append(h(c.claim())).append("</td><td>").append(h(c.measured()))
                            .append(verdictCell(c));
                }
                b.append("</table>\n");
            }
            for (Table t : r.tables()) {
                b.append("<h3>").append(h(t.title())).append("</h3>\n").append(htmlTable(t.headers(), t.rows()));
            }
            List<String> charts = svgs.getOrDefault(s.id(), List.of());
            for (int i = 0; i < charts.size(); i++) {
                b.append("<figure>").append(charts.get(i)).append("<figcaption>").append(h(r.charts().get(i).title()))
                        .append(" (").append(CHARTS).append('/').append(chartFile(s.id(), i)).append("). ")
                        .append(h(r.charts().get(i).caption())).append("</figcaption></figure>\n");
            }
            if (!r.notes().isEmpty()) {
                b.append("<h3>Notes</h3>\n").append(list(r.notes()));
            }
            b.append("<h3>Skipped</h3>\n");
            b.append(r.skipped().isEmpty() ? "<p>Nothing was skipped.</p>\n" : list(r.skipped()));
            b.append("<p>Stability of the figures: ").append(h(stabilitySummary(r))).append(" Per figure: <a href=\"#appendix-")
                    .append(h(s.id())).append("\">appendix</a>.</p>\n</section>\n");
        }
        b.append("<h2>Appendix: stability of each figure</h2>\n<p>").append(h(STABILITY_RULE))
                .append(" Every repetition is in results.json.</p>\n");
        for (Section s : sections) {
            if (s.ok()) {
                b.append("<h3 id=\"appendix-").append(h(s.id())).append("\">").append(h(s.id())).append("</h3>\n")
                        .append(htmlTable(STABILITY_HEADER, stabilityRows(s.result())));
            }
        }
        b.append("<h2>Environment</h2>\n<table>\n");
        environmentLines(run).forEach((k, v) -> b.append("<tr><td>").append(h(k)).append("</td><td style=\"text-align:left\">")
                .append(h(v)).append("</td></tr>\n"));
        return b.append("</table>\n</body>\n</html>\n").toString();
    }

    private static String htmlTable(List<String> headers, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("<table>\n<tr>");
        headers.forEach(x -> b.append("<th>").append(h(x)).append("</th>"));
        b.append("</tr>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            row.forEach(x -> b.append("<td>").append(h(x)).append("</td>"));
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    private static void seed(StringBuilder b, SeedResults.Seed seed, String chart) {
        org.ringlab.bench.catalogue.SeedCatalogue c = seed.catalogue();
        b.append("<h3 id=\"seed-").append(c.seed()).append("\">Seed ").append(c.seed()).append(": ")
                .append(h(c.titleEnglish())).append("</h3>\n<p><i>").append(h(c.title())).append("</i>, ")
                .append(h(c.author())).append(", ").append(h(c.language())).append(", ").append(c.year()).append(". ")
                .append(h(c.summary())).append("</p>\n<p>")
                .append(h(seedCounts(seed))).append("</p>\n");
        b.append("<table class=\"claims\"><tr><th>result</th><th>the seed says</th><th>seed's figure and conditions</th>"
                + "<th>band</th><th>this run</th><th>verdict</th></tr>\n");
        for (SeedResults.Row r : seed.rows()) {
            org.ringlab.bench.catalogue.SeedResult e = r.result();
            for (Claim cl : r.claims()) {
                b.append("<tr><td>").append(h(e.id())).append("</td><td>").append(h(e.quoteEnglish()))
                        .append("<br><span class=\"quote\" lang=\"").append(h(lang(c.language()))).append("\">«")
                        .append(h(e.quote())).append("»</span> (").append(h(e.where())).append(")</td><td>")
                        .append(h(e.seedFigure())).append(e.seedConditions().isEmpty() ? "" : "; " + h(e.seedConditions()))
                        .append("</td><td>").append(h(MarkdownReport.band(e))).append("</td><td>")
                        .append(h(cl.measured())).append(e.conditions().isEmpty() ? "" : " <i>(" + h(e.conditions())
                                + ")</i>").append(verdictCell(cl));
            }
        }
        b.append("</table>\n");
        if (chart != null) {
            b.append("<figure>").append(chart).append("<figcaption>Seed ").append(c.seed())
                    .append(": each claim's measured figure over the seed's, its 95 % interval as a bar; shaded, the band"
                            + " that reproduces it (").append(CHARTS).append('/').append(bandChartFile(c.seed()))
                    .append(").</figcaption></figure>\n");
        }
    }

    private static String lang(String language) {
        return switch (language.toLowerCase(Locale.ROOT)) {
            case "russian" -> "ru";
            case "czech" -> "cs";
            case "chinese", "chinese (simplified)" -> "zh";
            case "chinese (traditional)" -> "zh-Hant";
            default -> "";
        };
    }

    private static void placed(StringBuilder b, List<SeedResults.Placed> claims) {
        if (claims.isEmpty()) {
            b.append("<p>None in this run.</p>\n");
            return;
        }
        b.append("<table class=\"claims\"><tr><th>experiment</th><th>claim</th><th>judged as</th><th>this run</th>"
                + "<th>verdict</th></tr>\n");
        for (SeedResults.Placed p : claims) {
            Claim c = p.claim();
            Judgement g = c.judgement();
            b.append("<tr><td><a href=\"#").append(h(p.experiment())).append("\">").append(h(p.experiment()))
                    .append("</a></td><td>").append(h(c.claim())).append("</td><td>")
                    .append(g == Judgement.POINT ? "one figure" : h(g.side())).append("</td><td>").append(h(c.measured()))
                    .append(verdictCell(c));
        }
        b.append("</table>\n");
    }

    /** The end of a claim's row: its verdict, in the verdict's colour. */
    private static String verdictCell(Claim c) {
        String v = c.verdict().word();
        return "</td><td class=\"" + v.replace(" ", "") + "\">" + h(v) + "</td></tr>\n";
    }

    private static String list(List<String> items) {
        StringBuilder b = new StringBuilder("<ul>\n");
        items.forEach(x -> b.append("<li>").append(h(x)).append("</li>\n"));
        return b.append("</ul>\n").toString();
    }

    static String h(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
