package org.asynciotck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.runner.RunConfiguration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options shared by every command that runs the features: which implementation, which scenarios, where. */
final class RunOptions {

    @Option(names = "--impl", paramLabel = "KIND", defaultValue = ImplementationOptions.REFERENCE,
            description = "reference, python, process or java (default: ${DEFAULT-VALUE})")
    String impl;

    /** --python, --venv, --loop-factory, --python-path, --variant: the kit's Python agent. */
    @Mixin
    PythonAgentOptions agent = new PythonAgentOptions();

    @Mixin
    PythonAgentOptions.ProcessCommand process = new PythonAgentOptions.ProcessCommand();

    @Option(names = "--class", paramLabel = "NAME",
            description = "java: the loop's org.asynciotck.java.JavaLoopProvider (default: the one its jar registers)")
    String javaClass;

    @Option(names = "--java-id", paramLabel = "ID", description = "java: the id of the registered provider to run")
    String javaId;

    @Option(names = "--class-path", paramLabel = "PATH", split = "${sys:path.separator}",
            description = "java: the jars and class folders of the loop (the kit carries its Java module); repeatable")
    List<Path> classPath = new ArrayList<>();

    @Option(names = "--tags", paramLabel = "EXPR",
            description = "Cucumber tag expression selecting scenarios, e.g. \"@MUST and not @needs-ready-queue\"")
    String tags;

    @Option(names = "--out", paramLabel = "DIR", description = "report folder (default: reports/<implementation-id>/)")
    Path out;

    /** One default for run and matrix: on (the report, and its trend, is why the results are written). */
    static final String ALLURE_HTML_HELP = "render the Allure results (always written to <out>/allure-results/) into "
            + "<out>/allure-report/, carrying the previous report's history (a second JVM, some seconds); off by default";

    @Option(names = "--allure-html", negatable = true, description = ALLURE_HTML_HELP)
    Boolean allureHtml;

    @Mixin
    PythonAgentOptions.Timeout bound = new PythonAgentOptions.Timeout();

    @Option(names = "--junit", paramLabel = "PATH",
            description = "write the kit's verdicts as JUnit XML to PATH too (always in <out>/junit.xml): one "
                    + "testcase per rule, red exactly when the run is not conformant (docs/junit.md)")
    Path junit;

    @Option(names = "--id", paramLabel = "NAME",
            description = "pin the implementation's identity, the key of its baseline entry (default: its name "
                    + "without its version, e.g. cpython-3.12-c or uvloop-py3.11), so the gate survives renames too")
    String id;

    @Option(names = "--profile", paramLabel = "NAME", description = UserProfiles.HELP)
    List<String> profiles = new ArrayList<>();

    /** --explore, --explore-seed, --explore-programs, --explore-time: the exploration stage. */
    @Mixin
    ExplorationOptions exploration = new ExplorationOptions();

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1",
            description = "run N scenarios side by side, each on its own loop (and agent process), 1 to "
                    + RunConfiguration.MAX_JOBS + "; the verdicts are the same, the named waits overlap "
                    + "(docs/threads-and-time.md); default: ${DEFAULT-VALUE}, one at a time")
    int jobs = 1;

    /** @throws IllegalArgumentException naming --jobs, its value and the range */
    int jobs() {
        return JobsOption.require(jobs, RunConfiguration.MAX_JOBS, "scenario");
    }

    /** @throws IllegalArgumentException naming the bad option and how to fix it */
    ImplementationOptions implementation() {
        if (id != null && !id.equals(org.asynciotck.untrusted.ReportFolders.name(id))) {
            throw new IllegalArgumentException("bad --id [" + id + "]: use letters, digits, '.', '_' and '-', "
                    + "starting with a letter or digit, e.g. " + org.asynciotck.untrusted.ReportFolders.name(id));
        }
        return agent.implementation(impl, process.command, bound.timeout,
                new ImplementationOptions.JavaLoopChoice(javaClass, javaId, classPath));
    }
}
