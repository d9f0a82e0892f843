package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The implementation-selection options are one picocli mixin ({@link PythonAgentOptions}): every command
 * that starts the kit's Python agent prints the same help for each of them, and refuses the same mistakes.
 */
class SharedOptionsTest {

    @TempDir
    Path reports;

    private static final List<String> AGENT_OPTIONS = List.of("--python=PATH|VERSION", "--venv=DIR",
            "--loop-factory=MODULE:CALLABLE", "--python-path=DIR", "--variant=c|py");

    private String help(String command) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        RunCommand.RunSettings settings = new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", reports);
        int code = Main.execute(new String[] {command, "--help"}, ImplementationFactory.standard(), settings,
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    private int run(StringWriter err, String... args) {
        RunCommand.RunSettings settings = new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", reports);
        return Main.execute(args, ImplementationFactory.standard(), settings, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
    }

    /** Each option's help block: from its line to the next option's. */
    private static String block(String help, String option) {
        int start = help.indexOf("  " + option);
        assertThat(start).as(option + " in\n" + help).isNotNegative();
        java.util.regex.Matcher next = java.util.regex.Pattern.compile("\n {2,6}-").matcher(help);
        int end = next.find(start + 1) ? next.start() : help.length();
        return help.substring(start, end);
    }

    @Test
    void everyCommandThatStartsTheAgentHelpsAlikeOnEachOfItsOptions() {
        Map<String, String> helps = new LinkedHashMap<>();
        for (String command : List.of("run", "baseline", "smoke", "explore")) {
            helps.put(command, help(command));
        }
        for (String option : AGENT_OPTIONS) {
            String inRun = block(helps.get("run"), option);
            helps.forEach((command, help) -> assertThat(block(help, option)).as(command + " " + option).isEqualTo(inRun));
        }
        String timeout = block(helps.get("run"), "--timeout=DURATION");
        for (String command : List.of("baseline", "smoke", "explore", "matrix")) {
            assertThat(block(help(command), "--timeout=DURATION")).as(command + " --timeout").isEqualTo(timeout);
        }
    }

    @Test
    void theSameMistakesAreRefusedTheSameWay() {
        for (String command : List.of("run", "smoke")) {
            StringWriter err = new StringWriter();
            assertThat(run(err, command, "--impl", "python", "--python", "/usr/bin/python3", "--venv", "venv"))
                    .isEqualTo(ExitCode.USAGE);
            assertThat(err.toString()).as(command).contains("give --python or --venv, not both");
            StringWriter badVariant = new StringWriter();
            assertThat(run(badVariant, command, "--impl", "python", "--variant", "rust")).isEqualTo(ExitCode.USAGE);
            assertThat(badVariant.toString()).as(command).contains("bad --variant [rust]: use c or py");
        }
        StringWriter err = new StringWriter();
        assertThat(run(err, "run", "--impl", "python", "--venv", reports.toString())).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --venv [" + reports + "]: no executable");
    }
}
