package org.ringlab.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;

import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.Registries;
import org.ringlab.bench.fixtures.UnavailableTestStrategy;

/** Runs the CLI in this JVM with captured output. */
final class Cli {

    record Result(int exitCode, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private Cli() {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = RinglabMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Available strategies; fails the test with every reason when there are none. */
    static List<MemoryStrategy> available() {
        List<MemoryStrategy> available = Registries.memoryStrategies().available();
        if (available.isEmpty()) {
            throw new AssertionError("no memory strategy is available on the test class path; discovered: "
                    + Registries.memoryStrategies().all().stream()
                    .map(s -> s.name() + " (" + s.availability().reason() + ")").toList());
        }
        return available;
    }

    /** Names of the real providers (the test fixtures excluded). */
    static Set<String> realNames() {
        return Set.copyOf(Registries.memoryStrategies().names().stream()
                .filter(n -> !n.equals(UnavailableTestStrategy.NAME))
                .filter(n -> !n.equals(org.ringlab.bench.fixtures.SlowedTestStrategy.NAME)).toList());
    }
}
