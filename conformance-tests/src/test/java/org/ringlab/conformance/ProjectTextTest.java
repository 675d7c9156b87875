package org.ringlab.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The project's text speaks of the project as it is: the front page, the docs, the module
 * READMEs, the build files, the launcher and everything under {@code *}{@code /src/main} (comments
 * and program output alike) carry no development history (issue numbers, numbered stops,
 * "this session", "this round", who did what) and no path of a development machine or outside
 * the repository, which a user's clone does not have. History belongs in commit messages.
 */
class ProjectTextTest {

    /** Words of a development diary, wherever they appear. */
    private static final List<Pattern> EVERYWHERE = List.of(
            Pattern.compile("\\b[Ss]tops? [0-9]+"),
            Pattern.compile("\\b[Ii]ssues? [0-9]+"),
            Pattern.compile("\\b(?:[Tt]his|[Ee]arlier|[Ll]ast|[Pp]revious) session\\b"),
            Pattern.compile("\\b[Tt]his round\\b"),
            Pattern.compile("\\b[Tt]he lead\\b"),
            Pattern.compile("\\bengineers?\\b"),
            Pattern.compile("/work/"),
            Pattern.compile("/home/[a-z]"),
            Pattern.compile("\\.\\./shared"),
            Pattern.compile("SPEC\\.md"));

    /** In prose (Markdown) only: a scratch path or a commit hash as the key of a figure. */
    private static final List<Pattern> IN_DOCS = List.of(
            Pattern.compile("/tmp/[A-Za-z0-9_.-]+"),
            Pattern.compile("`(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}`"),
            Pattern.compile("\\b(?:commit|branch|main) (?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b"));

    /**
     * String literals that other work rewrites: claim texts of the bench experiments that still
     * name the issue that set their goal. Only a hit inside a string literal of exactly this file
     * with exactly this matched text is allowed; a comment never is. Delete an entry (and this
     * list) once the claim texts no longer carry it.
     */
    private static final Set<String> ALLOWED_LITERALS = Set.of(
            "bench/src/main/java/org/ringlab/bench/driver/DriverExperiment.java|issue 3",
            "bench/src/main/java/org/ringlab/bench/broadcast/BroadcastExperiment.java|issue 3",
            "bench/src/main/java/org/ringlab/bench/broadcast/BroadcastExperiment.java|issue 16");

    /**
     * Pages regenerated elsewhere (docs/seeds.md comes from the seed catalogue): not scanned until
     * the regenerated page lands; then delete the entry.
     */
    private static final Set<String> PENDING_REGENERATION = Set.of("docs/seeds.md");

    private static final Set<String> TEXT_EXTENSIONS =
            Set.of("java", "md", "properties", "json", "txt", "html", "css", "xml", "sh", "py");

    @Test
    void noDevelopmentHistoryOrMachinePathsInDocsCommentsOrOutput() throws IOException {
        Path root = repositoryRoot();
        List<String> offences = new ArrayList<>();
        for (Path file : scannedFiles(root)) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            if (PENDING_REGENERATION.contains(relative)) {
                continue;
            }
            boolean markdown = relative.endsWith(".md");
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                check(relative, i + 1, line, EVERYWHERE, markdown, offences);
                if (markdown) {
                    check(relative, i + 1, line, IN_DOCS, true, offences);
                }
            }
        }
        assertTrue(offences.isEmpty(), offences.size() + " line(s) speak of the project's history or of a "
                + "development machine; say what is true now (history goes in commit messages):\n"
                + String.join("\n", offences));
    }

    @Test
    void theScanSeesTheTreeAndCatchesAPlantedLine() throws IOException {
        Path root = repositoryRoot();
        List<Path> files = scannedFiles(root);
        assertTrue(files.contains(root.resolve("README.md")), "README.md not scanned: " + root);
        assertTrue(files.stream().anyMatch(f -> f.startsWith(root.resolve("docs"))), "docs/ not scanned");
        assertTrue(files.stream().anyMatch(f -> f.toString().endsWith(".java")), "no source scanned");
        List<String> found = new ArrayList<>();
        check("docs/x.md", 7, "Measured at stop 29 (see /work/run/results.json).", EVERYWHERE, true, found);
        check("docs/x.md", 8, "the run of `2d9e92a`", IN_DOCS, true, found);
        check("a/src/main/java/A.java", 3, "// fixed in issue 11", EVERYWHERE, false, found);
        assertEquals(4, found.size(), String.join("\n", found));
        assertTrue(found.getFirst().startsWith("docs/x.md:7: "), found.getFirst());
        // An allowed literal stays allowed only inside its string literal, never in a comment.
        List<String> literal = new ArrayList<>();
        String driver = "bench/src/main/java/org/ringlab/bench/driver/DriverExperiment.java";
        check(driver, 1, "    String goal = \"issue 3: spsc ≥ 5×\";", EVERYWHERE, false, literal);
        check(driver, 2, "    /** Issue 3's goals. */ // issue 3", EVERYWHERE, false, literal);
        assertEquals(2, literal.size(), String.join("\n", literal));
    }

    private static void check(String file, int lineNumber, String line, List<Pattern> patterns,
            boolean markdown, List<String> offences) {
        for (Pattern pattern : patterns) {
            Matcher m = pattern.matcher(line);
            while (m.find()) {
                if (!markdown && insideStringLiteral(line, m.start())
                        && ALLOWED_LITERALS.contains(file + "|" + m.group())) {
                    continue;
                }
                offences.add(file + ":" + lineNumber + ": \"" + m.group() + "\" in: " + line.strip());
            }
        }
    }

    /** Whether an odd number of unescaped double quotes precede {@code index} on the line. */
    private static boolean insideStringLiteral(String line, int index) {
        boolean inside = false;
        for (int i = 0; i < index; i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                inside = !inside;
            }
        }
        return inside;
    }

    /** README.md, docs/, every module's README.md, the poms, the launcher and every module's src/main. */
    private static List<Path> scannedFiles(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        files.add(root.resolve("pom.xml"));
        files.add(root.resolve("ringlab"));
        files.addAll(walk(root.resolve("docs")));
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(Files::isDirectory).sorted().toList()) {
                for (String name : List.of("README.md", "pom.xml")) {
                    if (Files.isRegularFile(module.resolve(name))) {
                        files.add(module.resolve(name));
                    }
                }
                files.addAll(walk(module.resolve("src").resolve("main")));
            }
        }
        return files.stream().filter(Files::isRegularFile).toList();
    }

    private static List<Path> walk(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> tree = Files.walk(dir)) {
            return tree.filter(Files::isRegularFile).filter(ProjectTextTest::isText).sorted().toList();
        }
    }

    private static boolean isText(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        // META-INF/services files have no extension and list class names.
        return dot < 0 ? file.toString().contains("META-INF") : TEXT_EXTENSIONS.contains(name.substring(dot + 1));
    }

    /** The repository root: the parent of this module's base directory (surefire's working directory). */
    private static Path repositoryRoot() {
        Path basedir = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        Path root = basedir.getParent();
        if (root == null || !Files.isRegularFile(root.resolve("pom.xml")) || !Files.isDirectory(root.resolve("docs"))) {
            throw new UncheckedIOException(new IOException("not a ringlab checkout above " + basedir
                    + ": expected pom.xml and docs/ in its parent"));
        }
        return root;
    }
}
