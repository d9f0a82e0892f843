package org.asynciotck.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.asynciotck.process.Containment;
import org.asynciotck.process.Smoke;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code asyncio-tck smoke}: does an agent speak the protocol, and which operations does it answer?
 * Before any verdict, as Bowtie's {@code smoke} checks the plumbing. Everything printed is the
 * implementation's text and goes through the console writers, which escape it.
 */
@Command(name = "smoke", mixinStandardHelpOptions = true,
        description = "Checks that an agent speaks docs/protocol.md: its hello, a few conversations with known "
                + "answers, then every operation of the vocabulary once (each in a fresh session), listing those "
                + "it answers and those it declares unsupported. Takes the implementation options of 'run'. "
                + "Each exchange is bounded by --timeout, the whole smoke by --bound.")
final class SmokeCommand implements Callable<Integer> {

    /** Operations per line in the lists. */
    private static final int PER_LINE = 6;

    @Spec
    private CommandSpec spec;

    @Option(names = "--impl", paramLabel = "KIND",
            description = "reference, python or process (default: process with --command, python with --python, "
                    + "--venv, --loop-factory, --variant or --python-path)")
    String impl;

    @Mixin
    PythonAgentOptions.ProcessCommand process = new PythonAgentOptions.ProcessCommand();

    /** --python, --venv, --loop-factory, --python-path, --variant: the kit's Python agent, as for 'run'. */
    @Mixin
    PythonAgentOptions agent = new PythonAgentOptions();

    @Mixin
    PythonAgentOptions.Timeout exchangeBound = new PythonAgentOptions.Timeout();

    @Option(names = "--bound", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "120s",
            description = "bound on the whole smoke; operations not tried by then are listed as not probed "
                    + "(default: ${DEFAULT-VALUE})")
    Duration bound;

    private final ImplementationFactory factory;

    SmokeCommand(ImplementationFactory factory) {
        this.factory = factory;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ImplementationOptions options;
        try {
            options = options();
        } catch (IllegalArgumentException e) {
            err.println("asyncio-tck smoke: " + e.getMessage());
            return ExitCode.USAGE;
        }
        try (LoopImplementation implementation = factory.create(options)) {
            ImplementationInfo info = implementation.info();
            out.println("hello: " + info.name() + " " + info.version() + " (" + info.id() + "), API level "
                    + info.apiLevel());
            out.println("  capabilities: " + (info.capabilities().isEmpty() ? "none"
                    : String.join(", ", new java.util.TreeSet<>(info.capabilities()))));
            out.println("  profiles: " + String.join(", ", info.profiles().names()));
            if (List.of(ImplementationOptions.PYTHON, ImplementationOptions.PROCESS).contains(options.kind())) {
                out.println("  processes the agent starts: held by " + Containment.chosen());
            }
            Smoke.Report report = new Smoke(implementation, bound).run();
            print(report, out);
            return report.passed() ? ExitCode.CONFORMANT : ExitCode.NOT_CONFORMANT;
        } catch (ImplementationFactory.UnavailableException e) {
            err.println("asyncio-tck smoke: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (ImplementationFactory.StartException e) {
            err.println("asyncio-tck smoke: " + e.getMessage());
            return ExitCode.IMPLEMENTATION_NOT_STARTED;
        } catch (IllegalArgumentException e) {
            err.println("asyncio-tck smoke: " + e.getMessage());
            return ExitCode.USAGE;
        }
    }

    private ImplementationOptions options() {
        String kind = impl;
        if (kind == null) {
            if (process.command == null && !agent.given()) {
                throw new IllegalArgumentException("name the agent to check: --command \"AGENT COMMAND\", or the kit's"
                        + " Python agent with --python PATH, --venv DIR or --loop-factory (or --impl reference)");
            }
            kind = process.command != null ? ImplementationOptions.PROCESS : ImplementationOptions.PYTHON;
        }
        if (bound.isZero() || bound.isNegative()) {
            throw new IllegalArgumentException("bad --bound [" + bound + "]: give a positive duration, e.g. 60s");
        }
        return agent.implementation(kind, process.command, exchangeBound.timeout, null);
    }

    private static void print(Smoke.Report report, PrintWriter out) {
        out.println("checks:");
        for (Smoke.Check check : report.checks()) {
            out.println("  " + (check.passed() ? "ok    " : "FAILED") + " " + check.claim()
                    + (check.passed() ? "" : ": " + check.detail()));
        }
        List<Smoke.Probe> answered = report.with(Smoke.Answer.ANSWERED);
        List<Smoke.Probe> unsupported = report.with(Smoke.Answer.UNSUPPORTED);
        out.println("operations: " + report.probes().size() + " probed, each in a fresh session: "
                + answered.size() + " answered, " + unsupported.size() + " unsupported, "
                + report.with(Smoke.Answer.NOT_UNDERSTOOD).size() + " not understood, "
                + report.with(Smoke.Answer.FAILED).size() + " failed, "
                + report.with(Smoke.Answer.NOT_PROBED).size() + " not probed");
        list("answered", answered, out);
        for (Smoke.Answer answer : List.of(Smoke.Answer.UNSUPPORTED, Smoke.Answer.NOT_UNDERSTOOD,
                Smoke.Answer.FAILED, Smoke.Answer.NOT_PROBED)) {
            for (Smoke.Probe probe : report.with(answer)) {
                out.println("  " + answer.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ": "
                        + probe.operation() + ": " + probe.detail());
            }
        }
        out.println("smoke: " + (report.passed() ? "OK, speaks protocol 1" : "NOT OK")
                + String.format(java.util.Locale.ROOT, " (%.1f s)", report.took().toMillis() / 1000.0));
    }

    private static void list(String heading, List<Smoke.Probe> probes, PrintWriter out) {
        List<String> names = probes.stream().map(Smoke.Probe::operation).sorted().toList();
        for (int i = 0; i < names.size(); i += PER_LINE) {
            out.println("  " + (i == 0 ? heading + ":" : " ".repeat(heading.length() + 1)) + " "
                    + names.subList(i, Math.min(names.size(), i + PER_LINE)).stream().collect(Collectors.joining(" ")));
        }
    }
}
