package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.asynciotck.java.JavaLoopProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matrix --impl java[:ID] --class-path PATH}: Java loops are columns like any other, loaded from the
 * matrix's one class path. The worked example's provider (deque-loop) is registered in tck/java's test classes,
 * as {@link JavaImplCommandLineTest} uses it; {@link RefusingLoopProvider} is a second one, registered by a folder of
 * the test's own.
 */
class MatrixJavaColumnsTest {

    private static final String WORKED_EXAMPLE = "../java/target/test-classes";

    @TempDir
    Path reports;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        return Main.execute(args, ImplementationFactory.standard(), real, new PrintWriter(out, true),
                new PrintWriter(err, true));
    }

    @Test
    void theReferenceLoopAndAJavaLoopAreTwoColumnsEachInTheFolderOfItsId() throws IOException {
        int code = run("matrix", "--impl", "reference", "--impl", "java:deque-loop", "--class-path", WORKED_EXAMPLE,
                "--tags", "@NTODO-3 or @ENTER-1", "--no-allure-html");

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCode.CONFORMANT);
        JsonNode matrix = matrix();
        assertThat(matrix.at("/implementations").findValuesAsText("key")).containsExactly("reference", "deque-loop");
        assertThat(cell(matrix, "NTODO-3", "reference")).isEqualTo("pass");
        assertThat(cell(matrix, "NTODO-3", "deque-loop")).isEqualTo("pass");
        // DequeLoop does not offer _enter_task and _leave_task, which the reference loop does: the column is its own
        assertThat(cell(matrix, "ENTER-1", "reference")).isEqualTo("pass");
        assertThat(cell(matrix, "ENTER-1", "deque-loop")).isEqualTo("not-applicable");
        assertThat(reports.resolve("deque-loop").resolve("conformance.json")).isRegularFile();
        assertThat(reports.resolve("deque-loop").resolve("certificate.html")).isRegularFile();
        assertThat(err.toString()).contains("== java:deque-loop");
    }

    @Test
    void bareJavaIsTheOneRegisteredLoopNamedByItsId() throws IOException {
        int code = run("matrix", "--impl", "java", "--class-path", WORKED_EXAMPLE, "--tags", "@NTODO-3",
                "--no-allure-html");

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCode.CONFORMANT);
        assertThat(matrix().at("/implementations").findValuesAsText("key")).containsExactly("deque-loop");
        assertThat(cell(matrix(), "NTODO-3", "deque-loop")).isEqualTo("pass");
    }

    @Test
    void twoJavaLoopsOfOneClassPathAreTwoColumns_andBareJavaRefusesToChooseBetweenThem(@TempDir Path second)
            throws IOException {
        String classPath = WORKED_EXAMPLE + File.pathSeparator + registering(second, RefusingLoopProvider.class);

        assertThat(run("matrix", "--impl", "java", "--class-path", classPath)).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("several Java loops are registered")
                .contains("deque-loop").contains(RefusingLoopProvider.ID).contains("--impl java:ID");
        assertThat(reports.resolve("matrix.json")).doesNotExist();

        int code = run("matrix", "--impl", "java:deque-loop", "--impl", "java:" + RefusingLoopProvider.ID,
                "--class-path", classPath, "--tags", "@NTODO-3", "--no-allure-html");

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCode.NOT_CONFORMANT);
        JsonNode matrix = matrix();
        assertThat(matrix.at("/implementations").findValuesAsText("key"))
                .containsExactly("deque-loop", RefusingLoopProvider.ID);
        assertThat(cell(matrix, "NTODO-3", "deque-loop")).isEqualTo("pass");
        assertThat(matrix.at("/implementations/1/started").asBoolean()).isTrue();
        assertThat(cell(matrix, "NTODO-3", RefusingLoopProvider.ID)).isEqualTo("crashed");
        assertThat(rule(matrix, "NTODO-3").at("/cells/" + RefusingLoopProvider.ID + "/reason").asText())
                .contains("refuses");
        assertThat(reports.resolve(RefusingLoopProvider.ID).resolve("conformance.json")).isRegularFile();
    }

    @Test
    void aJavaLoopThatCannotStartIsAColumnNamedByItsId(@TempDir Path unmade) throws IOException {
        int code = run("matrix", "--impl", "java:" + RefusingLoopProvider.Unmade.ID, "--class-path",
                registering(unmade, RefusingLoopProvider.Unmade.class).toString(), "--no-allure-html");

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCode.IMPLEMENTATION_NOT_STARTED);
        JsonNode matrix = matrix();
        assertThat(matrix.at("/implementations/0/key").asText()).isEqualTo(RefusingLoopProvider.Unmade.ID);
        assertThat(matrix.at("/implementations/0/started").asBoolean()).isFalse();
        assertThat(rule(matrix, "NTODO-3").at("/cells/" + RefusingLoopProvider.Unmade.ID + "/reason").asText())
                .startsWith("could not start: ").contains("makes no loop");
    }

    @Test
    void aJavaColumnWithoutAClassPathIsAUsageErrorBeforeAnythingIsCertified() {
        assertThat(run("matrix", "--impl", "reference", "--impl", "java")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--impl java needs --class-path PATH");
        assertThat(reports.resolve("matrix.json")).doesNotExist();
        assertThat(reports.resolve("reference")).doesNotExist();
    }

    @Test
    void aClassPathWithoutAJavaColumnIsAUsageError() {
        assertThat(run("matrix", "--impl", "reference", "--class-path", WORKED_EXAMPLE)).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no Java column is asked for")
                .contains("add --impl java (or --impl java:ID), or leave out --class-path");
        assertThat(reports.resolve("matrix.json")).doesNotExist();
    }

    @Test
    void anUnknownIdIsAUsageErrorNamingTheRegisteredOnes() {
        assertThat(run("matrix", "--impl", "reference", "--impl", "java:dequeloop", "--class-path", WORKED_EXAMPLE))
                .isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--impl java:dequeloop: no Java loop with id [dequeloop] is registered")
                .contains("registered: [deque-loop]");
        assertThat(reports.resolve("reference")).doesNotExist();
    }

    @Test
    void aClassPathEntryThatDoesNotExistIsAUsageError() {
        assertThat(run("matrix", "--impl", "java", "--class-path", "no-such-loop.jar")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--class-path entry [no-such-loop.jar] does not exist");
    }

    @Test
    void javaSpecsNameTheOnlyRegisteredLoopOrOneById() {
        assertThat(ImplementationSpec.parse("java"))
                .isEqualTo(new ImplementationSpec("java", "java", null, null, null, null, null));
        assertThat(ImplementationSpec.parse("java:deque-loop").javaId()).isEqualTo("deque-loop");
        assertThatThrownBy(() -> ImplementationSpec.parse("java:")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java | java:ID");
    }

    /** A class folder whose META-INF/services registers {@code provider} (a class already on the kit's path). */
    private static Path registering(Path folder, Class<? extends JavaLoopProvider> provider) throws IOException {
        Path services = Files.createDirectories(folder.resolve("META-INF/services"));
        Files.writeString(services.resolve(JavaLoopProvider.class.getName()), provider.getName() + "\n");
        return folder;
    }

    private JsonNode matrix() throws IOException {
        return new ObjectMapper().readTree(reports.resolve("matrix.json").toFile());
    }

    private static String cell(JsonNode matrix, String rule, String column) {
        return rule(matrix, rule).at("/cells/" + column + "/verdict").asText();
    }

    private static JsonNode rule(JsonNode matrix, String id) {
        for (JsonNode row : matrix.get("rules")) {
            if (row.get("id").asText().equals(id)) {
                return row;
            }
        }
        throw new AssertionError("no rule " + id + " in the matrix");
    }
}
