package org.ringlab.bench.util;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A command of the {@code ringlab} command line: its picocli spec, {@code -h/--help} (listed
 * last), its streams, and bad input refused as a {@link ParameterException}, which the command
 * line prints with a hint and turns into exit code 2.
 */
public abstract class PicocliCommand implements Callable<Integer> {

    @Spec
    protected CommandSpec spec;

    // order: a superclass's option would otherwise be listed first in help that keeps declaration order.
    @Option(names = {"-h", "--help"}, usageHelp = true, order = Integer.MAX_VALUE,
            description = "Show this help and exit.")
    boolean help;

    protected final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    protected final PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** Bad input: {@code message} names the option or value at fault. */
    protected final ParameterException refused(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** {@code parse}'s value; an IllegalArgumentException from it is refused, its message after {@code prefix}. */
    protected final <T> T checked(String prefix, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw refused(prefix + e.getMessage());
        }
    }
}
