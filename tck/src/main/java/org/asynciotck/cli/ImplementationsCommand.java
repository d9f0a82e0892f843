package org.asynciotck.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "implementations", mixinStandardHelpOptions = true,
        description = "Lists the kinds of implementation 'run --impl' accepts and whether this build has them.")
final class ImplementationsCommand implements Callable<Integer> {

    private static final Map<String, String> DESCRIPTIONS = Map.of(
            ImplementationOptions.REFERENCE, "the kit's Java reference loop (no options)",
            ImplementationOptions.PYTHON, "a Python event loop through the bundled agent "
                    + "(--python, --loop-factory, --python-path, --variant)",
            ImplementationOptions.PROCESS, "any agent speaking docs/protocol.md (--command)");

    @Spec
    private CommandSpec spec;

    private final ImplementationFactory factory;

    ImplementationsCommand(ImplementationFactory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (String kind : ImplementationOptions.KINDS) {
            out.printf("%-10s %-14s %s%n", kind, factory.isAvailable(kind) ? "available" : "not available",
                    DESCRIPTIONS.get(kind));
        }
        return ExitCode.CONFORMANT;
    }
}
