package org.ringlab.bench.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One seed article and every quantitative result it reports, read from
 * {@code org/ringlab/bench/catalogue/seed-NNN.json}. The experiments take their seed figures and
 * bands from here and nowhere else; the report lists every entry, measured or not.
 *
 * @param seed         {@code "000"}
 * @param title        the article's title in its language
 * @param titleEnglish the title in English
 * @param author       its author or site
 * @param language     the article's language ({@code "Russian"})
 * @param year         the year it was published
 * @param summary      one sentence: what the article does and measures
 * @param results      its results, in the article's order
 */
public record SeedCatalogue(String seed, String title, String titleEnglish, String author, String language, int year,
                            String summary, List<SeedResult> results) {

    /** The seeds ringlab reproduces, in order. */
    public static final List<String> SEEDS = List.of("000", "001", "002", "003", "004");

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public SeedCatalogue {
        results = List.copyOf(results);
    }

    /** The catalogue of seed {@code seed} ({@code "000"}), checked ({@link #check}). */
    public static SeedCatalogue load(String seed) {
        String resource = "seed-" + seed + ".json";
        try (InputStream in = SeedCatalogue.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no catalogue for seed '" + seed + "' (" + resource
                        + " is not on the class path); seeds: " + SEEDS);
            }
            SeedCatalogue c = JSON.readValue(in, SeedCatalogue.class);
            c.check(resource);
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException("catalogue " + resource + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Every seed's catalogue. */
    public static List<SeedCatalogue> all() {
        return SEEDS.stream().map(SeedCatalogue::load).toList();
    }

    /** The entry {@code id} of whichever seed its prefix names ({@code "001.loss-before"}). */
    public static SeedResult entry(String id) {
        int dot = id.indexOf('.');
        if (dot <= 0) {
            throw new IllegalArgumentException("a catalogue id is '<seed>.<name>', got '" + id + "'");
        }
        return load(id.substring(0, dot)).result(id);
    }

    /** This seed's entry {@code id}. */
    public SeedResult result(String id) {
        return results.stream().filter(r -> r.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("seed " + seed + "'s catalogue has no entry '" + id
                        + "'"));
    }

    /** The entries whose metric is {@code metric}. */
    public List<SeedResult> byMetric(String metric) {
        return results.stream().filter(r -> metric.equals(r.metric())).toList();
    }

    /** Refuses a catalogue that is not consistent, naming the file, the entry and the field. */
    void check(String file) {
        if (!SEEDS.contains(seed)) {
            throw bad(file, "(header)", "seed '" + seed + "' is not one of " + SEEDS);
        }
        if (blank(title) || blank(titleEnglish) || blank(author) || blank(language) || year < 1990) {
            throw bad(file, "(header)", "title, titleEnglish, author, language and year are all required");
        }
        Set<String> ids = new HashSet<>();
        for (SeedResult r : results) {
            String id = r.id();
            if (blank(id) || !id.startsWith(seed + ".") || id.length() == seed.length() + 1) {
                throw bad(file, String.valueOf(id), "the id must be '" + seed + ".<name>'");
            }
            if (!ids.add(id)) {
                throw bad(file, id, "the id appears twice");
            }
            if (blank(r.quote()) || blank(r.quoteEnglish()) || blank(r.seedFigure())) {
                throw bad(file, id, "quote, quoteEnglish and seedFigure are required");
            }
            if (!SeedResult.FORMS.contains(r.form())) {
                throw bad(file, id, "form '" + r.form() + "' is not one of " + SeedResult.FORMS);
            }
            if (!SeedResult.KINDS.contains(r.kind())) {
                throw bad(file, id, "kind '" + r.kind() + "' is not one of " + SeedResult.KINDS);
            }
            if (r.measurable() && (blank(r.metric()) || r.metric().indexOf('.') <= 0)) {
                throw bad(file, id, "a measurable result names its metric as '<experiment>.<name>', got '"
                        + r.metric() + "'");
            }
            if ("band".equals(r.form()) && (r.value() == null || !(r.value() > 0))) {
                throw bad(file, id, "a band needs the seed's figure as a positive value, got " + r.value());
            }
            if (r.form().startsWith("at-") && r.bound() == null && r.value() == null) {
                throw bad(file, id, "a one-sided result needs its bound (or value)");
            }
            if ("reported".equals(r.form()) && r.measurable() && blank(r.differs())) {
                throw bad(file, id, "a result reported without a verdict says why in 'differs'");
            }
            r.band();
        }
    }

    private static IllegalStateException bad(String file, String id, String what) {
        return new IllegalStateException("catalogue " + file + ", entry " + id + ": " + what);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
