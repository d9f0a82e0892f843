package org.asynciotck.cli;

import java.io.PrintWriter;
import org.asynciotck.process.Discovery;
import org.asynciotck.untrusted.SanitisingPrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tck run | baseline | matrix | docs | rules | implementations}. */
@Command(name = "tck", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Conformance kit for asyncio event loops.",
        synopsisSubcommandLabel = "COMMAND")
public final class Main implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        InterruptExit.install();
        System.exit(execute(args, ImplementationFactory.standard(), RunCommand.RunSettings.standard(),
                new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
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
                .addSubcommand(new RulesCommand(settings.featuresFolder()))
                .addSubcommand(new ImplementationsCommand(factory))
                // Colours would be escaped by the console writers; help text has no need of them.
                .setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .setOut(out)
                .setErr(err)
                // One line naming what was wrong and where to look, not the whole usage text.
                .setParameterExceptionHandler((e, params) -> {
                    CommandLine cmd = e.getCommandLine();
                    cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + e.getMessage()
                            + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
                    return ExitCode.USAGE;
                })
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    cmd.getErr().println("tck: internal error in the kit: " + e);
                    e.printStackTrace(cmd.getErr());
                    return ExitCode.KIT_ERROR;
                });
        setExitCodeHelp(commandLine);
        return commandLine.execute(args);
    }

    private static void setExitCodeHelp(CommandLine commandLine) {
        commandLine.getCommandSpec().usageMessage()
                .exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCode.DESCRIPTIONS);
        commandLine.getSubcommands().values().forEach(Main::setExitCodeHelp);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command: use 'tck run', 'tck baseline', 'tck matrix', 'tck docs', 'tck rules' or "
                        + "'tck implementations' (see 'tck --help')");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"asyncio-tck " + org.asynciotck.KitVersion.get()};
        }
    }
}
