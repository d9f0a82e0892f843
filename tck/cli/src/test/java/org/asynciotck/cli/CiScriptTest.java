package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.kit.PyenvPythons;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ci/certify, the one script a loop's CI runs (docs/ci.md), run as a CI runs it: its exit code is the kit's,
 * its reports land where it was told, and docs/ci.md calls it by the path it has. The kit command it runs is
 * a small launcher of this JVM's class path ({@code ASYNCIO_TCK}), because the kit's own launcher would build
 * the jar with Maven, inside this Maven build.
 */
@Timeout(300)
class CiScriptTest {

    /** One certification of the reference loop takes some seconds; this bounds a stuck one. */
    private static final long SCRIPT_ENDS_WITHIN_SECONDS = 120;
    /** Where docs/ci.md checks the kit out, beside the loop's own sources. */
    private static final String KIT_CHECKOUT = "asyncio-tck";
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);
    /** A path to the script, however the doc spells it (a job named certify is not a call), and the word after it. */
    private static final Pattern SCRIPT_CALL = Pattern.compile("([\\w./${}-]*/certify)\\b( \\S+)?");

    private static final Path ROOT = repositoryRoot();
    private static final Path SCRIPT = ROOT.resolve("ci/certify");

    @TempDir
    Path work;

    /** The script's process while it runs, ended with what it started should a wait run out. */
    private Process script;

    @AfterEach
    void endWhatIsLeft() {
        if (script != null && script.isAlive()) {
            script.descendants().forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
        }
    }

    @Test
    void aRunAsItsBaselineSaysExitsZeroWithTheFourReportsInTheGivenFolder() throws Exception {
        Path baseline = Files.writeString(work.resolve("baseline.json"),
                "{\"implementations\": {\"reference\": {\"rules\": {}}}}");

        Ran ran = certify("run", "--impl", "reference", "--no-explore", "--baseline", baseline.toString(),
                "--out", "report");

        assertThat(ran.exit).as(ran.output).isEqualTo(ExitCode.CONFORMANT);
        for (String report : List.of("certificate.html", "conformance.json", "badge.svg", "junit.xml")) {
            assertThat(work.resolve("report").resolve(report)).as(report).isNotEmptyFile();
        }
        JsonNode json = new ObjectMapper().readTree(work.resolve("report/conformance.json").toFile());
        assertThat(json.at("/implementation/id").asText()).isEqualTo("reference");
        assertThat(ran.lastLine()).isEqualTo("ci/certify: exit 0; reports in report: certificate.html, "
                + "conformance.json, badge.svg, junit.xml");
    }

    @Test
    void aBaselineListingARuleThatPassesExitsOneOnTheUnexpectedPass() throws Exception {
        // NTODO-3 passes on the reference loop, so a baseline that expects it to fail no longer holds.
        Path baseline = Files.writeString(work.resolve("baseline.json"), "{\"implementations\": {\"reference\": "
                + "{\"rules\": {\"NTODO-3\": {\"verdict\": \"fail\", \"reason\": \"a failure since fixed\"}}}}}");

        Ran ran = certify("run", "--impl", "reference", "--no-explore", "--baseline", baseline.toString(),
                "--out", "report");

        assertThat(ran.exit).as(ran.output).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(ran.output).contains("unexpected pass: NTODO-3");
        assertThat(ran.lastLine()).startsWith("ci/certify: exit 1; reports in report: ");
    }

    @Test
    void aMissingBaselineIsBadInputNamedByTheKit() throws Exception {
        Path missing = work.resolve("no-such-baseline.json");

        Ran ran = certify("run", "--impl", "reference", "--no-explore", "--baseline", missing.toString(),
                "--out", "report");

        assertThat(ran.exit).as(ran.output).isEqualTo(ExitCode.USAGE);
        assertThat(ran.output).contains("baseline [" + missing + "] does not exist");
        assertThat(ran.lastLine()).isEqualTo("ci/certify: exit 2; no report of this run in report (the kit said why above)");
    }

    @Test
    void mergeMakesOneMatrixWithAColumnPerReportFolder() throws Exception {
        // Two jobs' folders, as a CI's last job downloads them; one rule each is enough to make a column.
        for (String impl : List.of("reference", "reference-sync")) {
            Ran ran = certify("run", "--impl", impl, "--no-explore", "--tags", "@NTODO-3", "--out", "jobs/" + impl);
            assertThat(ran.exit).as(ran.output).isEqualTo(ExitCode.CONFORMANT);
        }

        Ran ran = certify("merge", "--out", "matrix", "jobs/reference", "jobs/reference-sync");

        assertThat(ran.exit).as(ran.output).isEqualTo(ExitCode.CONFORMANT);
        JsonNode matrix = new ObjectMapper().readTree(work.resolve("matrix/matrix.json").toFile());
        List<String> columns = new ArrayList<>();
        matrix.at("/implementations").forEach(column -> columns.add(column.at("/key").asText()));
        assertThat(columns).containsExactly("reference", "reference-sync");
        assertThat(work.resolve("matrix/matrix.html")).isNotEmptyFile();
        assertThat(work.resolve("matrix/matrix.md")).isNotEmptyFile();
        assertThat(ran.lastLine()).isEqualTo("ci/certify: exit 0; matrix in matrix: matrix.html, matrix.md, matrix.json");
    }

    /** Without --impl the script certifies a Python loop, not the kit's own reference loop. */
    @Test
    void withoutImplItCertifiesTheLoopOfTheGivenPython() throws Exception {
        Path python = PyenvPythons.installed("3.12.1");

        Ran ran = certify("run", "--python", python.toString(), "--no-explore", "--tags", "@NTODO-3", "--out", "report");

        assertThat(ran.exit).as(ran.output).isEqualTo(ExitCode.CONFORMANT);
        JsonNode json = new ObjectMapper().readTree(work.resolve("report/conformance.json").toFile());
        assertThat(json.at("/implementation/id").asText()).isEqualTo("cpython-3.12.1-c");
    }

    @Test
    void anUnknownModeIsAUsageError() throws Exception {
        Ran ran = certify("certify");

        assertThat(ran.exit).isEqualTo(ExitCode.USAGE);
        assertThat(ran.output).startsWith("usage: ci/certify run");
    }

    /** So that docs/ci.md cannot drift from the script: what CI runs is what this class runs. */
    @Test
    void docsCiCallsTheScriptByItsPathInBothModes() throws IOException {
        String expected = KIT_CHECKOUT + "/" + ROOT.relativize(SCRIPT);
        assertThat(SCRIPT).isExecutable();
        Matcher blocks = YAML_BLOCK.matcher(Files.readString(ROOT.resolve("docs/ci.md")));
        List<String> modes = new ArrayList<>();
        int count = 0;
        while (blocks.find()) {
            count++;
            String yaml = blocks.group(1);
            Matcher calls = SCRIPT_CALL.matcher(yaml);
            int callsInBlock = 0;
            while (calls.find()) {
                callsInBlock++;
                assertThat(calls.group(1)).as("the script's path in docs/ci.md").isEqualTo(expected);
                modes.add(String.valueOf(calls.group(2)).strip());
            }
            assertThat(callsInBlock).as("calls of the script in yaml block " + count + ":\n" + yaml).isPositive();
            // CI runs the kit only through the script.
            assertThat(yaml).as("yaml block " + count).doesNotContain(KIT_CHECKOUT + "/asyncio-tck ");
        }
        assertThat(count).as("yaml blocks of docs/ci.md (GitHub and GitLab, one loop and a matrix)").isEqualTo(4);
        assertThat(modes).containsOnly("run", "merge").contains("run", "merge");
    }

    /** What the script printed (both streams, in order) and its exit code. */
    private record Ran(int exit, String output) {
        String lastLine() {
            List<String> lines = output.strip().lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    private Ran certify(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
        command.addAll(List.of(arguments));
        Path output = work.resolve("script.out");
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("ASYNCIO_TCK", kitOfThisClassPath().toString());
        builder.environment().put("CI_SCRIPT_TEST_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        builder.environment().put("CI_SCRIPT_TEST_CLASS_PATH", System.getProperty("java.class.path"));
        script = builder.start();
        if (!script.waitFor(SCRIPT_ENDS_WITHIN_SECONDS, TimeUnit.SECONDS)) {
            endWhatIsLeft();
            throw new AssertionError("ci/certify did not end within " + SCRIPT_ENDS_WITHIN_SECONDS + " s: "
                    + String.join(" ", command) + "\n" + Files.readString(output));
        }
        return new Ran(script.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    /** The kit as the script would find it, without Maven: Main on the test's class path, started as the launcher starts it. */
    private Path kitOfThisClassPath() throws IOException {
        Path kit = work.resolve("kit");
        if (!Files.exists(kit)) {
            Files.writeString(kit, "#!/bin/sh\nexec \"$CI_SCRIPT_TEST_JAVA\" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
                    + " -cp \"$CI_SCRIPT_TEST_CLASS_PATH\" " + Main.class.getName() + " \"$@\"\n");
            assertThat(kit.toFile().setExecutable(true)).as("chmod +x " + kit).isTrue();
        }
        return kit;
    }

    /** The checkout's root: the folder with features/ and docs/ that holds the working directory. */
    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("features")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no features/ and docs/ in [" + Path.of("").toAbsolutePath() + "] or above");
    }
}
