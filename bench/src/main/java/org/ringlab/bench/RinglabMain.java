package org.ringlab.bench;

import java.io.PrintWriter;
import java.nio.charset.Charset;

import org.ringlab.bench.cli.RinglabCommand;
import picocli.CommandLine;

/**
 * Entry point of the {@code ringlab} command line ({@code ./ringlab} at the project root
 * starts it). Without arguments it runs every experiment ({@code ringlab compare --profile quick}).
 */
public final class RinglabMain {

    private RinglabMain() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, Charset.defaultCharset());
        PrintWriter err = new PrintWriter(System.err, true, Charset.defaultCharset());
        int code = execute(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command with the given streams; returns the exit code (0 ok, 1 failure, 2 bad input). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    /** The configured picocli command tree: clear messages, exit 2 for bad input, 1 for failures. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new RinglabCommand());
        org.ringlab.bench.cli.RunCommand.addExperiments(cl.getSubcommands().get("run"));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("ringlab: " + ex.getMessage() + allowedOptions(ex));
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            err.flush();
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            err.println("ringlab: " + commandLine.getCommandName() + " failed: " + describe(ex));
            for (Throwable c = ex.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                err.println("  caused by " + describe(c));
            }
            if (System.getenv("RINGLAB_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return 1;
        });
        return cl;
    }

    /** For an unknown option: the options this command allows, so the user sees what to type instead. */
    private static String allowedOptions(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u)
                || u.getUnmatched().stream().noneMatch(a -> a.startsWith("-"))) {
            return "";
        }
        java.util.List<String> names = ex.getCommandLine().getCommandSpec().options().stream()
                .map(o -> o.longestName()).filter(n -> !n.equals("--help")).toList();
        return "; allowed options of '" + ex.getCommandLine().getCommandSpec().qualifiedName() + "': "
                + String.join(", ", names);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
