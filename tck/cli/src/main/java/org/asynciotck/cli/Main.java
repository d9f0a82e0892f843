package org.asynciotck.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import org.asynciotck.process.Discovery;
import org.asynciotck.untrusted.SanitisingPrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** {@code asyncio-tck run | baseline | matrix | docs | rules | implementations | smoke | agent | explore}. */
@Command(name = "asyncio-tck", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Conformance kit for asyncio event loops.",
        synopsisSubcommandLabel = "COMMAND")
public final class Main implements Runnable {

    /** Every command accepts it; read from the parse result before the command runs ({@link #execute}). */
    static final String NO_COLOR_OPTION = "--no-color";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = NO_COLOR_OPTION, scope = ScopeType.INHERIT,
            description = "no colour on the console (also off when NO_COLOR is set, and when not on a terminal)")
    private boolean noColor;

    public static void main(String[] args) {
        InterruptExit.install();
        boolean terminal = System.console() != null;
        String noColorVariable = System.getenv("NO_COLOR");
        boolean colour = terminal && (noColorVariable == null || noColorVariable.isEmpty()); // no-color.org
        Charset charset = Charset.defaultCharset();
        PrintWriter err = new SanitisingPrintWriter(new OutputStreamWriter(System.err, charset), terminal, colour);
        LoggingThroughTheConsole.install(err);
        System.exit(execute(args, ImplementationFactory.standard(), RunCommand.RunSettings.standard(),
                new SanitisingPrintWriter(new OutputStreamWriter(System.out, charset), terminal, colour), err));
    }

    /** Runs one command line and returns its exit code; the seam for tests. */
    static int execute(
            String[] args, ImplementationFactory factory, RunCommand.RunSettings settings, PrintWriter out,
            PrintWriter err) {
        // Everything printed may carry an implementation's text; the console writers escape it.
        out = SanitisingPrintWriter.around(out);
        err = SanitisingPrintWriter.around(err);
        CommandLine commandLine = new CommandLine(new Main())
                .addSubcommand(new RunCommand(factory, settings))
                .addSubcommand(new BaselineCommand(factory, settings))
                .addSubcommand(new MatrixCommand(factory, settings, Discovery::ofThisMachine))
                .addSubcommand(new DocsCommand(settings))
                .addSubcommand(new ScreenshotsCommand(settings))
                .addSubcommand(new RulesCommand(settings.featuresFolder()))
                .addSubcommand(new ImplementationsCommand(factory))
                .addSubcommand(new SmokeCommand(factory))
                .addSubcommand(new AgentFileCommand())
                .addSubcommand(new ExploreCommand(settings.reportsRoot()))
                // Colours would be escaped by the console writers; help text has no need of them.
                .setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .setOut(out)
                .setErr(err)
                // One line naming what was wrong and where to look, not the whole usage text.
                .setParameterExceptionHandler((e, params) -> {
                    CommandLine cmd = e.getCommandLine();
                    String name = cmd.getCommandSpec().qualifiedName();
                    cmd.getErr().println(name + ": " + e.getMessage() + suggestion(e, name)
                            + " (see '" + name + " --help')");
                    return ExitCode.USAGE;
                })
                // --no-color is known only once the line is parsed; the writers exist before.
                .setExecutionStrategy(parsed -> {
                    if (matched(parsed, NO_COLOR_OPTION)) {
                        noColour(parsed.commandSpec().commandLine().getOut());
                        noColour(parsed.commandSpec().commandLine().getErr());
                    }
                    CommandLine asked = helpRequested(parsed);
                    if (asked != null) {
                        // Line by line: the console writer caps one printed piece at ConsoleText.MAX_LINES.
                        asked.getUsageMessage().lines().forEach(asked.getOut()::println);
                        asked.getOut().flush();
                        return asked.getCommandSpec().exitCodeOnUsageHelp();
                    }
                    return new CommandLine.RunLast().execute(parsed);
                })
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    cmd.getErr().println("asyncio-tck: internal error in the kit: " + e);
                    e.printStackTrace(cmd.getErr());
                    return ExitCode.KIT_ERROR;
                });
        setExitCodeHelp(commandLine);
        return commandLine.execute(args);
    }

    /** Exit codes in every command's help, and {@code --version} on every command. */
    private static void setExitCodeHelp(CommandLine commandLine) {
        commandLine.getCommandSpec().usageMessage()
                .exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCode.DESCRIPTIONS);
        commandLine.getCommandSpec().versionProvider(new Version());
        commandLine.getSubcommands().values().forEach(Main::setExitCodeHelp);
    }

    /** "; did you mean 'asyncio-tck run'?" for an unknown command or option close to a known one. */
    static String suggestion(CommandLine.ParameterException e, String commandName) {
        if (!(e instanceof CommandLine.UnmatchedArgumentException unmatched)) {
            return "";
        }
        List<String> suggestions = nearest(unmatched);
        if (suggestions.isEmpty()) {
            return "";
        }
        boolean options = suggestions.get(0).startsWith("-");
        List<String> shown = suggestions.stream().limit(2)
                .map(s -> "'" + (options ? s : commandName + " " + s) + "'").toList();
        return "; did you mean " + String.join(" or ", shown) + "?";
    }

    /**
     * Names within two edits of the unknown word (so "rnu" finds "run", which picocli's bigram
     * similarity misses), nearest first; else picocli's own suggestions.
     */
    private static List<String> nearest(CommandLine.UnmatchedArgumentException unmatched) {
        List<String> words = unmatched.getUnmatched();
        if (words.isEmpty()) {
            return List.of();
        }
        String word = words.get(0);
        CommandLine.Model.CommandSpec spec = unmatched.getCommandLine().getCommandSpec();
        List<String> names = new java.util.ArrayList<>();
        if (word.startsWith("-")) {
            spec.options().stream().filter(o -> !o.hidden()).forEach(o -> names.addAll(List.of(o.names())));
        } else {
            names.addAll(spec.subcommands().keySet());
        }
        String bare = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        List<String> close = names.stream().filter(n -> editDistance(bare, n) <= 2)
                .sorted(java.util.Comparator.comparingInt(n -> editDistance(bare, n))).toList();
        return close.isEmpty() ? unmatched.getSuggestions() : close;
    }

    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    /** The command whose --help was asked for, or null. */
    private static CommandLine helpRequested(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (level.isUsageHelpRequested()) {
                return level.commandSpec().commandLine();
            }
        }
        return null;
    }

    private static boolean matched(CommandLine.ParseResult parsed, String option) {
        for (CommandLine.ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (level.hasMatchedOption(option)) {
                return true;
            }
        }
        return false;
    }

    private static void noColour(PrintWriter writer) {
        if (writer instanceof SanitisingPrintWriter sanitising) {
            sanitising.noColour();
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command: use 'asyncio-tck run', 'asyncio-tck baseline', 'asyncio-tck matrix', "
                        + "'asyncio-tck docs', 'asyncio-tck rules', 'asyncio-tck implementations', 'asyncio-tck smoke' or 'asyncio-tck agent' "
                        + "(see 'asyncio-tck --help')");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"asyncio-tck " + org.asynciotck.KitVersion.get()};
        }
    }
}
