package org.ringlab.bench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class SeedsPageTest {

    @Test
    void docsSeedsIsTheCataloguesPage() throws IOException {
        Path page = Path.of(System.getProperty("user.dir")).getParent().resolve("docs").resolve("seeds.md");
        assertEquals(SeedsPage.render(SeedCatalogue.all()), Files.readString(page, StandardCharsets.UTF_8),
                "docs/seeds.md is out of date: write it with './ringlab seeds > docs/seeds.md'");
    }
}
