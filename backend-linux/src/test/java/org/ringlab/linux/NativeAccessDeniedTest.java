package org.ringlab.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With native access denied, the strategies are unavailable with a reason and a cause: no throw. */
class NativeAccessDeniedTest {

    @Test
    void deniedNativeAccessMakesEveryStrategyUnavailableWithTheCause() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "--illegal-native-access=deny", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), DeniedNativeAccessMain.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        List<String> lines = output.lines().filter(l -> l.startsWith("mirrored-")).toList();
        assertEquals(4, lines.size(), output);
        for (String line : lines) {
            String[] f = line.split(" \\| ");
            assertEquals("false", f[1], line);
            assertTrue(f[2].contains("probe") && f[2].contains("IllegalCallerException"), line);
            assertEquals("UnavailableException", f[4], line);
            assertEquals("UnavailableException", f[5], line);
        }
    }
}
