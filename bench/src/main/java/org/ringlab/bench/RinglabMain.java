package org.ringlab.bench;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.ringlab.bench.cli.RinglabCommand;
import org.ringlab.bench.cli.RunCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

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
        RunCommand.addExperiments(cl.getSubcommands().get("run"));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // experiment ids share names with commands (history, growth, mapped): --experiment growth is a value
        cl.setAllowSubcommandsAsOptionParameters(true);
        cl.setExecutionStrategy(parseResult -> {
            String refused = topLevelOptionsWithACommand(parseResult);
            if (refused != null) {
                PrintWriter err = parseResult.commandSpec().commandLine().getErr();
                err.println("ringlab: " + refused);
                err.flush();
                return 2;
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
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

    /**
     * The top-level options are the default {@code compare}'s: given before a command they were
     * silently ignored ({@code ringlab --out DIR run driver} wrote to ringlab-report/). Null when
     * there is no command or no such option, else the message that refuses them and names the
     * form that works.
     */
    static String topLevelOptionsWithACommand(ParseResult parseResult) {
        List<OptionSpec> given = parseResult.matchedOptions().stream().filter(o -> !o.usageHelp() && !o.versionHelp())
                .toList();
        if (!parseResult.hasSubcommand() || given.isEmpty()) {
            return null;
        }
        List<String> path = new ArrayList<>();
        ParseResult last = parseResult;
        while (last.hasSubcommand()) {
            last = last.subcommand();
            path.add(last.commandSpec().name());
        }
        // The top-level options are the arguments before the command's name, as typed.
        List<String> args = parseResult.originalArgs();
        int at = args.indexOf(parseResult.subcommand().commandSpec().name());
        String typed = at < 0 ? "" : String.join(" ", args.subList(0, at));
        String command = String.join(" ", path);
        CommandSpec target = last.commandSpec();
        List<String> unknown = given.stream().map(OptionSpec::longestName).filter(n -> target.findOption(n) == null)
                .distinct().toList();
        String fix = unknown.isEmpty() ? "give it after the command: 'ringlab " + command + " " + typed + "'"
                : "'ringlab " + command + "' has no option " + String.join(", ", unknown) + "; see 'ringlab " + command
                + " --help'";
        return "option " + given.stream().map(OptionSpec::longestName).distinct().collect(Collectors.joining(", "))
                + " before the command '" + command + "' belongs to 'ringlab' alone (the default compare) and would be"
                + " ignored; " + fix + ".";
    }

    /** For an unknown option: the options this command allows, so the user sees what to type instead. */
    private static String allowedOptions(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u)
                || u.getUnmatched().stream().noneMatch(a -> a.startsWith("-"))) {
            return "";
        }
        List<String> names = ex.getCommandLine().getCommandSpec().options().stream()
                .map(o -> o.longestName()).filter(n -> !n.equals("--help")).toList();
        return "; allowed options of '" + ex.getCommandLine().getCommandSpec().qualifiedName() + "': "
                + String.join(", ", names);
    }

    private static String describe(Throwable t) {
        return t.getMessage() == null ? t.getClass().getName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
