package org.asynciotck.explore;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;

/** The loops the exploration tests run against. */
final class Loops {

    private Loops() {}

    /** The pyenv interpreter of {@code version}; the test is skipped (never failed) when it is not installed. */
    static Path python(String version) {
        String root = System.getenv("PYENV_ROOT");
        Path pyenv = root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
        Path python = pyenv.resolve("versions").resolve(version).resolve("bin/python3");
        assumeTrue(Files.isExecutable(python), "CPython " + version + " is not installed (no " + python + ")");
        return python;
    }

    /** CPython through the agent, one agent process for every session; {@code loop} may be null (stock asyncio). */
    static ProcessImplementation agent(Path python, String variant, String loop) {
        return agent(python, variant, loop, loop == null ? null : gallery());
    }

    /** The same, with the loop factory {@code loop} found in {@code folder}. */
    static ProcessImplementation agent(Path python, String variant, String loop, Path folder) {
        AgentCommand.Builder command = AgentCommand.python(python).variant(variant)
                .operationTimeout(Duration.ofSeconds(10)).handshakeTimeout(Duration.ofSeconds(10));
        if (loop != null) {
            command.pythonPath(folder).loop(loop);
        }
        return new ProcessImplementation(command.build());
    }

    /** tck/cli's loops for the tests of declared profiles (badloops/declaration_loops.py), read in place. */
    static Path declarationLoops() {
        Path folder = gallery().getParent().resolve("badloops");
        assumeTrue(Files.isRegularFile(folder.resolve("declaration_loops.py")), "no declaration loops at " + folder);
        return folder;
    }

    /** tck/cli's gallery of broken loops, which this module's tests read in place. */
    static Path gallery() {
        try {
            Path here = Path.of(Loops.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // tck/explore/target/test-classes -> tck/cli/src/test/resources/gallery
            Path folder = here.getParent().getParent().getParent().resolve("cli/src/test/resources/gallery");
            assumeTrue(Files.isRegularFile(folder.resolve("broken_loops.py")), "no gallery at " + folder);
            return folder;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
