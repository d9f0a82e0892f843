package org.asynciotck.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Starts the fake agent of src/test/resources with a Python 3 interpreter. */
final class FakeAgents {

    private static final ObjectMapper REPLIES = new ObjectMapper();

    private FakeAgents() {}

    static Path pyenvRoot() {
        String root = System.getenv("PYENV_ROOT");
        return root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
    }

    /** A pyenv interpreter of that version, if installed. */
    static Optional<Path> pyenvPython(String version, String binary) {
        Path python = pyenvRoot().resolve("versions").resolve(version).resolve("bin").resolve(binary);
        return Files.isExecutable(python) ? Optional.of(python) : Optional.empty();
    }

    /**
     * A Python 3 to run fakes with: a concrete pyenv interpreter when there is one (starting through
     * the pyenv shim costs a tenth of a second per agent), else {@code python3} on PATH.
     */
    static String python() {
        return pyenvPython("3.12.1", "python3").map(Path::toString).orElse("python3");
    }

    static Path script() {
        try {
            return Path.of(FakeAgents.class.getResource("fake_agent.py").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("fake_agent.py is not a file on the test classpath", e);
        }
    }

    /** The fake agent with these options, and short bounds. */
    static AgentCommand.Builder fake(String... options) {
        List<String> argv = new ArrayList<>(List.of(python(), script().toString()));
        argv.addAll(List.of(options));
        return AgentCommand.commandLine(argv)
                .operationTimeout(Duration.ofSeconds(5))
                .handshakeTimeout(Duration.ofSeconds(5));
    }

    /**
     * Starts {@code agent}, sends each line in turn and reads one reply line for each, then waits a
     * bounded 10 s for it to exit (and kills it if it has not): the raw conversation, for tests that
     * check the replies themselves rather than what the kit makes of them.
     */
    static List<JsonNode> converse(ProcessBuilder agent, List<String> lines) throws IOException, InterruptedException {
        Process process = agent.redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<JsonNode> received = new ArrayList<>();
        try (OutputStream in = process.getOutputStream();
                BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line : lines) {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                received.add(REPLIES.readTree(out.readLine()));
            }
        } finally {
            process.waitFor(10, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
        return received;
    }
}
