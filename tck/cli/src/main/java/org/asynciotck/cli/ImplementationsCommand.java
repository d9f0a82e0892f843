package org.asynciotck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.process.Discovery;
import org.asynciotck.process.PythonInstallation;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "implementations", mixinStandardHelpOptions = true,
        description = "Lists the kinds of implementation 'run --impl' accepts, and the Python interpreters "
                + "(PATH, pyenv, --venv) found on this machine with whether uvloop, nest_asyncio and nest_asyncio2 import for each.")
final class ImplementationsCommand implements Callable<Integer> {

    private static final Map<String, String> DESCRIPTIONS = Map.of(
            ImplementationOptions.REFERENCE, "the kit's Java reference loop (no options)",
            ImplementationOptions.REFERENCE_SYNC, "the reference loop with futures that call back inside set_result",
            ImplementationOptions.REFERENCE_NESTED, "the reference loop made reentrant: it may be run from its own callbacks"
                    + " (profile nested-runs)",
            ImplementationOptions.PYTHON, "a Python event loop through the bundled agent "
                    + "(--python, --loop-factory, --python-path, --variant)",
            ImplementationOptions.PROCESS, "any agent speaking docs/protocol.md (--command)",
            ImplementationOptions.JAVA, "a loop written in Java against tck/interpreter's JavaLoop (--class-path, --class, "
                    + "--java-id; in matrix: --impl java or java:ID with --class-path)");

    @Spec
    private CommandSpec spec;

    private final ImplementationFactory factory;

    @Option(names = "--venv", paramLabel = "DIR", description = "a virtual environment to look in too; repeatable")
    private List<Path> venvs = new ArrayList<>();

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
        out.println();
        out.println("Python interpreters found (use with --impl python --python PATH):");
        List<PythonInstallation> found = Discovery.ofThisMachine().find(venvs);
        if (found.isEmpty()) {
            out.println("  none (looked on PATH, under pyenv and in the --venv folders)");
        }
        for (PythonInstallation python : found) {
            out.printf("  %-8s %-6s %-52s %s%n", python.version(), python.source().name().toLowerCase(java.util.Locale.ROOT),
                    python.interpreter(), python.supported()
                            ? python.uvloop().map(version -> "uvloop " + version).orElse("no uvloop")
                                    + python.reentrantLoops().entrySet().stream()
                                            .map(loop -> ", " + loop.getKey() + " " + loop.getValue())
                                            .collect(java.util.stream.Collectors.joining())
                            : "too old: the agent needs Python 3.10 or newer");
        }
        return ExitCode.CONFORMANT;
    }
}
