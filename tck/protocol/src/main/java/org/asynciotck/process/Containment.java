package org.asynciotck.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What holds every process an agent starts, so that the kit can end them all, chosen once per JVM
 * from what this system allows (docs/protocol.md, "Processes").
 *
 * <p>On Linux with {@code unshare} the agent runs in a PID namespace of its own: a process
 * cannot leave a PID namespace, whatever session it starts and whatever environment it clears,
 * and when the namespace's first process ends the kernel kills every other one in it. The first
 * process is a {@code sh} that runs the agent and waits for it; the agent itself is not that
 * first process, because the first process of a namespace ignores every signal it has no
 * handler for (a loop that raises SIGKILL at itself must die of it, as it would anywhere).
 * {@code --kill-child} ties the namespace to the {@code unshare} the kit started: killing that
 * one process ends everything. Where the kit is not root, a user namespace that maps the user to
 * itself makes the PID namespace possible (kernels that allow unprivileged user namespaces).
 *
 * <p>Elsewhere (no {@code unshare}, namespaces refused, macOS) the agent runs in a session of its
 * own and the marks of {@link AgentTree} find what it starts; a process that leaves the session
 * and clears its environment escapes them.
 */
public final class Containment {

    /** How long the one probe of {@code unshare} may take before it counts as unavailable. */
    private static final long PROBE_SECONDS = 5;
    /** The first process of the namespace: runs the agent (its arguments) and exits with its status. */
    private static final List<String> FIRST_PROCESS = List.of("/bin/sh", "-c", "\"$@\"; exit $?", "asyncio-tck-init");

    private static final Containment CHOSEN = choose();

    private final List<String> prefix;
    private final String description;

    private Containment(List<String> prefix, String description) {
        this.prefix = List.copyOf(prefix);
        this.description = description;
    }

    /** The containment this JVM uses for every agent. */
    public static Containment chosen() {
        return CHOSEN;
    }

    /** The command line that starts {@code argv} inside this containment. */
    List<String> wrap(List<String> argv) {
        List<String> wrapped = new ArrayList<>(prefix);
        wrapped.addAll(argv);
        return wrapped;
    }

    /** Whether a process that leaves the agent's session and clears its environment is still held. */
    public boolean holdsEscapees() {
        return prefix.stream().anyMatch(word -> word.endsWith("/unshare"));
    }

    /** Whether the process the kit starts leads a session (and group) of its own, keeping its pid. */
    boolean ownSession() {
        return !prefix.isEmpty() && prefix.get(0).endsWith("/setsid");
    }

    @Override
    public String toString() {
        return description;
    }

    private static Containment choose() {
        Optional<Path> setsid = executable("setsid");
        List<String> session = setsid.map(path -> List.of(path.toString())).orElse(List.of());
        Optional<Path> unshare = executable("unshare");
        if (unshare.isPresent() && Files.isExecutable(Path.of(FIRST_PROCESS.get(0)))) {
            for (List<String> namespaces : List.of(
                    List.of("--pid", "--fork", "--kill-child"),
                    List.of("--user", "--map-current-user", "--pid", "--fork", "--kill-child"))) {
                List<String> prefix = new ArrayList<>(session);
                prefix.add(unshare.get().toString());
                prefix.addAll(namespaces);
                prefix.addAll(FIRST_PROCESS);
                if (works(prefix)) {
                    return new Containment(prefix, "a PID namespace of its own (unshare " + String.join(" ", namespaces) + ")");
                }
            }
        }
        return new Containment(session, setsid.isPresent()
                ? "a session of its own (setsid) and the environment cookie"
                : "the environment cookie and the parent links");
    }

    /** Whether {@code prefix} runs {@code true} to a clean exit within the probe's bound. */
    private static boolean works(List<String> prefix) {
        List<String> probe = new ArrayList<>(prefix);
        probe.add("true");
        try {
            Process process = new ProcessBuilder(probe)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!process.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Optional<Path> executable(String name) {
        for (String folder : List.of("/usr/bin", "/bin")) {
            Path path = Path.of(folder, name);
            if (Files.isExecutable(path)) {
                return Optional.of(path);
            }
        }
        return Optional.empty();
    }
}
