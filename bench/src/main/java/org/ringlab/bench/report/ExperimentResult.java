package org.ringlab.bench.report;

import org.ringlab.bench.harness.Claim;

import java.util.List;

/**
 * Everything one experiment run produced.
 *
 * @param id           the experiment id
 * @param seed         the seed file it reproduces
 * @param title        section title in the report
 * @param profile      the profile it ran
 * @param measurements every figure with its repetitions (results.json)
 * @param tables       tables for the terminal and the report
 * @param charts       at least one chart per experiment
 * @param claims       the seed's claims beside the measurements
 * @param notes        free text: method, caveats, stability of the figures
 * @param skipped      combinations not measured, each with its reason
 */
public record ExperimentResult(String id, String seed, String title, String profile, List<Measurement> measurements,
                               List<Table> tables, List<Chart> charts, List<Claim> claims, List<String> notes,
                               List<String> skipped) {

    public ExperimentResult {
        measurements = List.copyOf(measurements);
        tables = List.copyOf(tables);
        charts = List.copyOf(charts);
        claims = List.copyOf(claims);
        notes = List.copyOf(notes);
        skipped = List.copyOf(skipped);
    }

    /** This result with {@code note} after its notes. */
    public ExperimentResult withNote(String note) {
        List<String> more = new java.util.ArrayList<>(notes);
        more.add(note);
        return new ExperimentResult(id, seed, title, profile, measurements, tables, charts, claims, more, skipped);
    }
}
