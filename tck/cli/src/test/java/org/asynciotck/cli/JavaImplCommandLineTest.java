package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asyncio-tck run --impl java}: the worked example's provider, registered in this module's test
 * resources (META-INF/services, tck/java/target/test-classes), is found through ServiceLoader by its id, or named by its class.
 */
class JavaImplCommandLineTest {

    private static int run(StringWriter out, StringWriter err, String... args) {
        return Main.execute(args, ImplementationFactory.standard(), RunCommand.RunSettings.standard(),
                new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aRegisteredJavaLoopIsCertifiedByItsId(@TempDir Path reports) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = run(out, err, "run", "--impl", "java", "--java-id", "deque-loop", "--class-path", "../java/target/test-classes",
                "--tags", "@NTODO-3", "--no-allure-html", "--out", reports.toString());
        assertThat(exit).as(out + "\n" + err).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains("deque-loop").contains("CONFORMANT");
        assertThat(Files.readString(reports.resolve("conformance.json"))).contains("\"NTODO-3\"");
    }

    @Test
    void aProviderClassThatIsNotOneIsRefusedWithTheReason(@TempDir Path reports) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = run(out, err, "run", "--impl", "java", "--class", "java.lang.String", "--no-allure-html",
                "--out", reports.toString());
        assertThat(exit).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("[java.lang.String] is not a org.asynciotck.java.JavaLoopProvider");
    }
}
