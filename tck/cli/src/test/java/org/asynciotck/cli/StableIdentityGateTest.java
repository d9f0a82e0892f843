package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.runner.RunConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CI gate built as docs/baseline.md describes survives a release of the implementation: the
 * fake agent of the process tests, which fails most rules the same way in every version, is
 * certified at 0.0.1, its baseline written, and the same gate run at 0.0.2.
 */
class StableIdentityGateTest {

    /** Enough rules to have failures of several kinds, few enough to stay quick. */
    private static final String TAGS = "@NTODO-1 or @NTODO-2 or @TASK-1 or @HANDLE-1";

    @TempDir
    Path root;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static String agent(String name, String version) {
        Path script;
        try {
            script = Path.of(StableIdentityGateTest.class.getResource("/org/asynciotck/process/fake_agent.py").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return "python3 " + script + " --name " + name + " --version " + version;
    }

    private int run(String command, String agent, String... extra) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        List<String> args = new ArrayList<>(List.of(command, "--impl", "process", "--command", agent,
                "--no-allure-html", "--tags", TAGS, "--out", root.resolve("reports-" + command).toString()));
        args.addAll(List.of(extra));
        RunCommand.RunSettings settings = new RunCommand.RunSettings(RunConfiguration.DEFAULT_FEATURES_FOLDER,
                RunConfiguration.DEFAULT_GLUE_PACKAGE, root.resolve("reports"));
        return Main.execute(args.toArray(String[]::new), ImplementationFactory.standard(), settings,
                new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path baselineOf(String agent, String... extra) throws IOException {
        assertThat(run("baseline", agent, extra)).as(err.toString()).isZero();
        return Files.writeString(root.resolve("baseline.json"), out.toString());
    }

    @Test
    void theGatePassesAfterAVersionBumpWithANote() throws IOException {
        Path baseline = baselineOf(agent("Fakeloop", "0.0.1"));
        String python = pythonMinor();
        assertThat(baseline).content().contains("\"fakeloop-py" + python + "\"", "\"version\": \"0.0.1\"")
                .doesNotContain("fakeloop-0.0.1");

        int code = run("run", agent("Fakeloop", "0.0.2"), "--baseline", baseline.toString());

        assertThat(code).as(out.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains("NOT CONFORMANT")
                .contains("baseline note: version changed: the entry for fakeloop-py" + python
                        + " was recorded with version 0.0.1, this run is version 0.0.2")
                .contains(": MATCHES for fakeloop-py" + python).doesNotContain("new failure");
    }

    @Test
    void aPinnedIdentitySurvivesARenameToo() throws IOException {
        Path baseline = baselineOf(agent("Fakeloop", "0.0.1"), "--id", "my-loop");
        assertThat(baseline).content().contains("\"my-loop\"");

        int code = run("run", agent("Renamedloop", "0.0.2"), "--id", "my-loop", "--baseline", baseline.toString());

        assertThat(code).as(out.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains(": MATCHES for my-loop");
    }

    @Test
    void aBaselineKeyedByTheVersionedIdStillMatchesAndSaysHowToRekeyIt() throws IOException {
        Path baseline = baselineOf(agent("Fakeloop", "0.0.1"));
        String python = pythonMinor();
        Path old = Files.writeString(root.resolve("old.json"), Files.readString(baseline)
                .replace("\"fakeloop-py" + python + "\"", "\"fakeloop-0.0.1-py" + python + "\"")
                .replace("\"version\": \"0.0.1\",", ""));

        int code = run("run", agent("Fakeloop", "0.0.1"), "--baseline", old.toString());

        assertThat(code).as(out.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains("baseline note: the entry is keyed by the versioned id \"fakeloop-0.0.1-py"
                + python + "\"").contains("rename the key to the identity \"fakeloop-py" + python + "\"");

        assertThat(run("baseline", agent("Fakeloop", "0.0.1"), "--merge", old.toString())).isZero();
        assertThat(out.toString()).contains("\"fakeloop-py" + python + "\"").doesNotContain("fakeloop-0.0.1");
    }

    @Test
    void aBadIdIsAUsageError() {
        assertThat(run("run", agent("Fakeloop", "0.0.1"), "--id", "../up")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --id [../up]");
    }

    /** The feature release of the python3 the fake agent runs on, as the identity names it. */
    private static String pythonMinor() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import sys; print('%d.%d' % sys.version_info[:2])")
                    .redirectErrorStream(true).start();
            return new String(p.getInputStream().readAllBytes()).strip();
        } catch (IOException e) {
            throw new IllegalStateException("python3 is needed for the fake agent", e);
        }
    }
}
