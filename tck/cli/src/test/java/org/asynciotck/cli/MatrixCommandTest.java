package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.asynciotck.broken.BrokenLifoReadyQueue;
import org.asynciotck.process.PythonInstallation;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.RuleCatalogue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The matrix, the rules book and the Allure labels, against the real features. */
class MatrixCommandTest {

    private static final String SCRIPT = "<script>alert(1)</script> | pipe";

    @TempDir
    Path reports;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** reference: the reference loop; reference-sync: a broken loop; process: cannot start. */
    private final ImplementationFactory factory = new ImplementationFactory(Map.of(
            ImplementationOptions.REFERENCE, options -> new ReferenceImplementation(),
            ImplementationOptions.REFERENCE_SYNC, options -> BrokenLifoReadyQueue.implementation(),
            ImplementationOptions.PROCESS, options -> {
                throw new IllegalStateException(SCRIPT);
            }));

    private int run(String... args) {
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        return Main.execute(args, factory, real, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aMatrixShowsEachImplementationsVerdictsEscapedAndExitsOneWhenOneIsNotConformant() throws IOException {
        int code = run("matrix", "--impl", "reference", "--impl", "reference-sync", "--impl", "process:./agent");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);
        JsonNode matrix = new ObjectMapper().readTree(reports.resolve("matrix.json").toFile());
        assertThat(matrix.at("/implementations/0/key").asText()).isEqualTo("reference");
        assertThat(matrix.at("/implementations/1/key").asText()).isEqualTo("broken-lifo-ready-queue");
        assertThat(matrix.at("/implementations/2/started").asBoolean()).isFalse();
        JsonNode ntodo3 = rule(matrix, "NTODO-3");
        assertThat(ntodo3.at("/cells/reference/verdict").asText()).isEqualTo("pass");
        assertThat(ntodo3.at("/cells/broken-lifo-ready-queue/verdict").asText()).isEqualTo("fail");
        assertThat(ntodo3.at("/cells/broken-lifo-ready-queue/reason").asText()).contains("expected").contains("observed");
        assertThat(matrix.at("/implementations/2/key").asText()).isEqualTo("process_._agent");
        assertThat(ntodo3.at("/cells/process_._agent/reason").asText()).startsWith("could not start: ").contains(SCRIPT);

        String html = Files.readString(reports.resolve("matrix.html"));
        assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .contains("href=\"reference/certificate.html\"")
                .containsPattern("<td class=\"c fail\" title=\"NTODO-3 · broken-lifo-ready-queue: fail. "
                        + "\\[NTODO-3\\] broken-lifo-ready-queue: expected [^\"]+\"><details><summary class=\"fail\">✗</summary>");
        String md = Files.readString(reports.resolve("matrix.md"));
        assertThat(md).doesNotContain("<script>").contains("&lt;script&gt;").contains("\\| pipe")
                .contains("| NTODO-3 | MUST | The ready queue is first in, first out | pass | fail | could not start: ");
        for (String folder : List.of("reference", "broken-lifo-ready-queue")) {
            assertThat(reports.resolve(folder).resolve("conformance.json")).isRegularFile();
            assertThat(reports.resolve(folder).resolve("certificate.html")).isRegularFile();
        }
        assertThat(out.toString()).contains("broken-lifo-ready-queue").contains("NOT CONFORMANT");
    }

    @Test
    void columnsCertifiedSideBySideAreTheColumnsCertifiedInTurn_keysOrderAndOutputIncluded(@TempDir Path inTurn)
            throws IOException {
        String[] columns = {"--impl", "reference", "--impl", "reference-sync", "--impl", "process:./agent",
            "--impl", "reference", "--tags", "@NTODO-3 or @HANDLE-1"};
        int sideBySide = run(concat(new String[] {"matrix", "--jobs", "3"}, columns));
        String sideBySideErr = err.toString();
        JsonNode parallel = new ObjectMapper().readTree(reports.resolve("matrix.json").toFile());
        err.getBuffer().setLength(0);
        int oneAtATime = run(concat(new String[] {"matrix", "--out", inTurn.toString()}, columns));
        JsonNode sequential = new ObjectMapper().readTree(inTurn.resolve("matrix.json").toFile());

        assertThat(sideBySide).isEqualTo(oneAtATime).isEqualTo(ExitCode.NOT_CONFORMANT);
        // The same reference twice: the first listed keeps the plain name, as in turn.
        assertThat(parallel.at("/implementations").findValuesAsText("key"))
                .containsExactly("reference", "broken-lifo-ready-queue", "process_._agent", "reference-2")
                .isEqualTo(sequential.at("/implementations").findValuesAsText("key"));
        for (String rule : List.of("NTODO-3", "HANDLE-1")) {
            assertThat(rule(parallel, rule).at("/cells").toString()).as(rule)
                    .isEqualTo(rule(sequential, rule).at("/cells").toString());
        }
        // Each column's lines come whole and in order: its header, then its own run's lines, never another's.
        List<Integer> headers = Stream.of("== reference", "== reference-sync", "== process:./agent")
                .map(sideBySideErr::indexOf).toList();
        assertThat(headers).doesNotContain(-1).isSorted();
        assertThat(sideBySideErr.lastIndexOf("== reference\n")).isGreaterThan(headers.get(2));
        assertThat(run("matrix", "--jobs", "0")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --jobs [0]: use 1 (one implementation at a time) to 8");
    }

    private static String[] concat(String[] first, String[] second) {
        return Stream.concat(Stream.of(first), Stream.of(second)).toArray(String[]::new);
    }

    @Test
    void allureResultsCarryTheRuleAsStoryTheFamilyAsFeatureTheImplementationAndTheSourceLink() throws IOException {
        assertThat(run("run", "--tags", "@HANDLE-1", "--out", reports.toString())).as(err.toString()).isZero();

        List<JsonNode> results;
        try (Stream<Path> files = Files.list(reports.resolve("allure-results"))) {
            results = files.filter(p -> p.toString().endsWith("-result.json")).map(MatrixCommandTest::json).toList();
        }
        // HANDLE-1: three scenarios and an outline of four (a scenario outline's own parameters come first)
        assertThat(results).hasSize(7);
        for (JsonNode result : results) {
            assertThat(label(result, "story")).isEqualTo("HANDLE-1");
            assertThat(label(result, "feature")).isEqualTo("Cancelling a handle versus removing it from the ready queue");
            JsonNode parameters = result.at("/parameters");
            JsonNode implementation = parameters.get(parameters.size() - 1);
            assertThat(implementation.at("/name").asText()).isEqualTo("implementation");
            assertThat(implementation.at("/value").asText()).isEqualTo("reference");
            assertThat(result.findValuesAsText("url"))
                    .contains("https://github.com/python/cpython/blob/3.12/Lib/asyncio/events.py",
                            "https://github.com/python/cpython/blob/3.12/Lib/asyncio/base_events.py");
        }
    }

    @Test
    void aMatrixOfOnlyImplementationsThatCannotStartExitsThreeAndIsStillWritten() {
        assertThat(run("matrix", "--impl", "process:./agent")).isEqualTo(ExitCode.IMPLEMENTATION_NOT_STARTED);
        assertThat(reports.resolve("matrix.html")).isRegularFile();
    }

    @Test
    void aBadImplementationSpecIsAUsageError() {
        assertThat(run("matrix", "--impl", "jython:/x")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --impl [jython:/x]: use reference | reference-sync");
    }

    @Test
    void specsNameEachKindOfImplementation() {
        assertThat(ImplementationSpec.parse("python:/opt/py/bin/python3:py"))
                .isEqualTo(new ImplementationSpec("python:/opt/py/bin/python3:py", "python", Path.of("/opt/py/bin/python3"),
                        null, "py", null, null));
        assertThat(ImplementationSpec.parse("uvloop:/v/bin/python").loopFactory()).isEqualTo("uvloop");
        assertThat(ImplementationSpec.parse("nest_asyncio:/v/bin/python").loopFactory()).isEqualTo("nest_asyncio");
        assertThat(ImplementationSpec.parse("nest_asyncio2:/v/bin/python"))
                .isEqualTo(new ImplementationSpec("nest_asyncio2:/v/bin/python", "python", Path.of("/v/bin/python"),
                        "nest_asyncio2", null, null, null));
        assertThatThrownBy(() -> ImplementationSpec.parse("nest_asyncio:")).isInstanceOf(IllegalArgumentException.class);
        assertThat(ImplementationSpec.parse("process:./agent --fast").command()).isEqualTo("./agent --fast");
        assertThatThrownBy(() -> ImplementationSpec.parse("python:")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ImplementationSpec.parse("reference:x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDefaultMatrixHasOneInterpreterPerVersionPreferringPyenvAndUvloopWhereItImports() {
        List<PythonInstallation> found = List.of(
                new PythonInstallation(Path.of("/usr/bin/python3"), "/usr/bin/python3.11", "3.11.2", null,
                        PythonInstallation.Source.PATH),
                new PythonInstallation(Path.of("/pyenv/3.11.7"), "/pyenv/3.11.7", "3.11.2", null,
                        PythonInstallation.Source.PYENV),
                new PythonInstallation(Path.of("/pyenv/3.9"), "/pyenv/3.9", "3.9.18", null,
                        PythonInstallation.Source.PYENV),
                new PythonInstallation(Path.of("/venv/python3"), "/venv/python3", "3.12.1", "0.21.0",
                        PythonInstallation.Source.VENV));

        assertThat(DefaultMatrix.specs(found).stream().map(ImplementationSpec::text)).containsExactly(
                "reference", "reference-sync", "python:/pyenv/3.11.7:c", "python:/pyenv/3.11.7:py",
                "python:/venv/python3:c", "python:/venv/python3:py", "uvloop:/venv/python3");
    }

    @Test
    void theDefaultMatrixHasNestAsyncioAndNestAsyncio2OnOneInterpreterPerVersionPreferringPyenv() {
        List<PythonInstallation> found = List.of(
                new PythonInstallation(Path.of("/venv-a/python3"), "/venv-a/python3", "3.12.1", null,
                        PythonInstallation.Source.VENV, java.util.Map.of("nest_asyncio", "1.6.0")),
                new PythonInstallation(Path.of("/pyenv/3.12.1"), "/pyenv/3.12.1", "3.12.1", null,
                        PythonInstallation.Source.PYENV, java.util.Map.of("nest_asyncio", "1.6.0")),
                new PythonInstallation(Path.of("/venv-b/python3"), "/venv-b/python3", "3.12.1", null,
                        PythonInstallation.Source.VENV, java.util.Map.of("nest_asyncio2", "1.7.3")));

        assertThat(DefaultMatrix.specs(found).stream().map(ImplementationSpec::text)).containsExactly(
                "reference", "reference-sync", "python:/pyenv/3.12.1:c", "python:/pyenv/3.12.1:py",
                "nest_asyncio:/pyenv/3.12.1", "nest_asyncio2:/venv-b/python3");
    }

    @Test
    void theRulesBookHasEveryRuleOfTheCatalogueAndTheMatrixVerdicts() throws IOException {
        assertThat(run("matrix", "--impl", "reference", "--tags", "@HANDLE-1")).as(err.toString()).isZero();
        assertThat(run("docs", "--out", reports.toString())).as(err.toString()).isZero();

        String book = Files.readString(reports.resolve("rules.html"));
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath("features");
        assertThat(catalogue.rules()).hasSizeGreaterThan(20);
        catalogue.rules().forEach(rule -> assertThat(book).contains("id=\"" + rule.id() + "\""));
        assertThat(book).contains("When the handle &quot;h&quot; is cancelled")
                .contains("href=\"https://github.com/python/cpython/blob/3.12/Lib/asyncio/events.py\"")
                .contains("<tr class=\"pass\"><td>reference</td><td>pass</td>")
                .contains("<tr class=\"not-run\"><td>reference</td><td>not-run</td>");
    }

    private static JsonNode rule(JsonNode matrix, String id) {
        for (JsonNode rule : matrix.get("rules")) {
            if (rule.get("id").asText().equals(id)) {
                return rule;
            }
        }
        throw new AssertionError("no rule " + id + " in the matrix");
    }

    private static String label(JsonNode result, String name) {
        for (JsonNode label : result.get("labels")) {
            if (label.get("name").asText().equals(name)) {
                return label.get("value").asText();
            }
        }
        return null;
    }

    private static JsonNode json(Path file) {
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
