package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.asynciotck.untrusted.ConsoleText;

/**
 * One hostile agent of tck/cli/src/test/resources/hostile/ and the three things no hostile agent
 * may achieve: a process left running, a file outside the output folder, an escape sequence on
 * the terminal. Every process an agent starts carries {@link #TOKEN_VARIABLE} in its
 * environment, or the token among its arguments where it clears its environment, so a survivor
 * is found without the agent's help.
 */
final class HostileAgent {

    static final String TOKEN_VARIABLE = "HOSTILE_TOKEN";
    /** How long the kit may take to end everything after it returned (it waits itself; this is slack). */
    private static final long GONE_WITHIN_MILLIS = 5000;

    private final String script;
    private final String token = UUID.randomUUID().toString();
    private final Map<String, String> environment = new LinkedHashMap<>();

    HostileAgent(String script) {
        this.script = script;
        environment.put(TOKEN_VARIABLE, token);
    }

    HostileAgent with(String variable, String value) {
        environment.put(variable, value);
        return this;
    }

    /** The agent's command line for {@code --command}: env, the variables, a Python 3, the script. */
    String command() {
        List<String> words = new ArrayList<>(List.of("env"));
        environment.forEach((name, value) -> words.add(name + "=" + value));
        words.add(python());
        words.add(scriptPath().toString());
        return String.join(" ", words);
    }

    /** The same as an argv, for starting the kit in a process of its own. */
    List<String> argv() {
        return List.of(command().split(" "));
    }

    /** Fails naming every process that carries this agent's token once the bound has passed. */
    void assertNoProcessLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GONE_WITHIN_MILLIS);
        List<Long> left = survivors();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50); // polling /proc: there is no event for "a process of another tree ended"
            left = survivors();
        }
        assertThat(left).as("processes of " + script + " still running").isEmpty();
    }

    /** Kills whatever survived (so one failing test does not leave sleepers behind). */
    void killSurvivors() {
        survivors().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    static void assertNothingOutside(Path root, String... allowed) throws IOException {
        try (var entries = Files.list(root)) {
            assertThat(entries.map(p -> p.getFileName().toString()).collect(Collectors.toSet()))
                    .as("files and folders in " + root).isSubsetOf(allowed);
        }
    }

    /** No control character reaches the console except the newlines of the kit's own lines. */
    static void assertNoEscapes(String console) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < console.length(); i++) {
            char c = console.charAt(i);
            if (c != '\n' && ConsoleText.isControl(c)) {
                found.add(String.format("U+%04X at %d", (int) c, i));
            }
        }
        assertThat(found).as("control characters on the console:\n" + console).isEmpty();
    }

    private List<Long> survivors() {
        List<Long> found = new ArrayList<>();
        String mark = TOKEN_VARIABLE + "=" + token + "\0";
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path entry : entries) {
                try {
                    String environ = new String(Files.readAllBytes(entry.resolve("environ")), StandardCharsets.ISO_8859_1);
                    String arguments = new String(Files.readAllBytes(entry.resolve("cmdline")), StandardCharsets.ISO_8859_1);
                    if ((environ.contains(mark) || arguments.contains("\0" + token + "\0")) && isRunning(entry)) {
                        found.add(Long.parseLong(entry.getFileName().toString()));
                    }
                } catch (IOException | SecurityException e) {
                    // gone meanwhile, or not ours
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return found;
    }

    /** A zombie has ended; only its parent's wait is missing. */
    private static boolean isRunning(Path entry) throws IOException {
        String stat = Files.readString(entry.resolve("stat"), StandardCharsets.ISO_8859_1);
        return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    }

    private Path scriptPath() {
        try {
            return Path.of(HostileAgent.class.getResource("/hostile/" + script).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no hostile agent " + script + " on the test classpath", e);
        }
    }

    static String python() {
        String root = System.getenv("PYENV_ROOT");
        Path pyenv = root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
        Path python = pyenv.resolve("versions/3.12.1/bin/python3");
        return Files.isExecutable(python) ? python.toString() : "python3";
    }
}
