package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code asyncio-tck agent --write DIR}: the zipapp a loop author runs by hand. */
class AgentFileCommandTest {

    @Test
    @Timeout(60)
    void writesTheZipappWhichRunsByHand(@TempDir Path folder) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"agent", "--write", folder.resolve("new").toString()},
                ImplementationFactory.standard(), RunCommand.RunSettings.standard(), new PrintWriter(out, true),
                new PrintWriter(err, true));
        Path zipapp = folder.resolve("new/asyncio-tck-agent.pyz");
        assertThat(code).as(err.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains("wrote " + zipapp).contains("python3 " + zipapp + " --help");
        assertThat(zipapp).isRegularFile();

        Path python = Path.of(System.getProperty("user.home"), ".pyenv/versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "no CPython 3.12.1 at " + python + "; the zipapp is not run");
        Process help = new ProcessBuilder(python.toString(), zipapp.toString(), "--help").redirectErrorStream(true).start();
        assertThat(help.waitFor(30, TimeUnit.SECONDS)).as("--help ends within 30 s").isTrue();
        String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(help.exitValue()).as(text).isZero();
        assertThat(text).contains("usage: asyncio-tck-agent.pyz").contains("--loop").contains("--variant");
    }

    @Test
    void aFolderThatCannotBeMadeIsAUsageError(@TempDir Path folder) throws Exception {
        Path file = Files.writeString(folder.resolve("a-file"), "x");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"agent", "--write", file.resolve("sub").toString()},
                ImplementationFactory.standard(), RunCommand.RunSettings.standard(),
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("asyncio-tck agent: cannot write asyncio-tck-agent.pyz into " + file.resolve("sub"));
    }
}
