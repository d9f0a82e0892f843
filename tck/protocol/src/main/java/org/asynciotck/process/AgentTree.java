package org.asynciotck.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Everything one agent starts, and how the kit ends all of it: the agent is the kit's to end,
 * and so is every process it starts, however that process tries to get away.
 *
 * <p>Where the system allows it the agent runs in a PID namespace of its own ({@link Containment}),
 * which no process can leave: killing the agent ends the namespace. Three marks find them as well,
 * because the namespace is not everywhere and no one mark is enough:
 * <ul>
 *   <li>the agent runs in a session (and process group) of its own, started through
 *       {@code setsid} where the system has it: its descendants stay in that group even when
 *       the agent exits and they are re-parented to init, which
 *       {@link ProcessHandle#descendants()} (a snapshot of the parent links) misses;</li>
 *   <li>a descendant that starts a session of its own leaves the group, but keeps the
 *       environment it inherited: {@value #COOKIE_VARIABLE} holds a value unique to this agent,
 *       and {@code /proc/<pid>/environ} shows it (the way build servers find the processes a
 *       build left behind);</li>
 *   <li>where there is no {@code /proc}, the descendants the parent links still show.</li>
 * </ul>
 * Without the namespace, a process that both leaves the session and clears its environment escapes.
 */
final class AgentTree {

    /** Set in every agent's environment to a value of its own; inherited by what it starts. */
    static final String COOKIE_VARIABLE = "ASYNCIO_TCK_AGENT_COOKIE";
    /** Rounds of finding and killing, for processes started while the last round was killing. */
    private static final int KILL_ROUNDS = 5;
    private static final Path PROC = Path.of("/proc");
    private static final Containment CONTAINMENT = Containment.chosen();

    private final String cookie = UUID.randomUUID().toString();
    /** The agent's pid once started; also its process group and session id when it runs in its own. */
    private volatile long pid = -1;
    private volatile ProcessHandle handle;

    /** The command line to start: {@code argv} inside this system's {@link Containment}. */
    List<String> argv(List<String> argv) {
        return CONTAINMENT.wrap(argv);
    }

    /** Adds the cookie to the agent's environment. */
    void mark(Map<String, String> environment) {
        environment.put(COOKIE_VARIABLE, cookie);
    }

    /** The agent as started ({@code setsid} replaces itself with what follows it, keeping the pid). */
    void started(Process process) {
        this.handle = process.toHandle();
        this.pid = process.pid();
    }

    /**
     * Kills the agent and every process that carries one of its marks, round after round until
     * none is left (bounded). Never throws; safe to call more than once and from a shutdown hook.
     */
    void killAll() {
        long self = ProcessHandle.current().pid();
        for (int round = 0; round < KILL_ROUNDS; round++) {
            List<ProcessHandle> found = members(self);
            if (found.isEmpty()) {
                return;
            }
            found.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** The processes this tree owns that are alive now (the agent itself included). */
    List<ProcessHandle> members() {
        return members(ProcessHandle.current().pid());
    }

    private List<ProcessHandle> members(long self) {
        List<ProcessHandle> found = new ArrayList<>();
        ProcessHandle agent = handle;
        if (agent != null && agent.isAlive()) {
            found.add(agent);
            agent.descendants().forEach(found::add);
        }
        if (Files.isDirectory(PROC)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC, "[0-9]*")) {
                for (Path entry : entries) {
                    long candidate = Long.parseLong(entry.getFileName().toString());
                    if (candidate != self && candidate != pid && owns(entry)) {
                        ProcessHandle.of(candidate).ifPresent(found::add);
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // /proc changes while it is read; the next round looks again.
            }
        }
        return found.stream().filter(ProcessHandle::isAlive).distinct().toList();
    }

    /** Whether the process at {@code /proc/<pid>} is in the agent's group or session, or has its cookie. */
    private boolean owns(Path entry) {
        long agent = pid;
        if (agent > 0 && CONTAINMENT.ownSession()) {
            OptionalLong[] groupAndSession = groupAndSession(entry);
            if (groupAndSession != null && (is(groupAndSession[0], agent) || is(groupAndSession[1], agent))) {
                return true;
            }
        }
        try {
            byte[] environ = Files.readAllBytes(entry.resolve("environ"));
            return new String(environ, StandardCharsets.ISO_8859_1).contains(COOKIE_VARIABLE + "=" + cookie + "\0");
        } catch (IOException | SecurityException e) {
            return false; // gone, or not ours to read (another user's process is not ours either)
        }
    }

    private static boolean is(OptionalLong value, long expected) {
        return value.isPresent() && value.getAsLong() == expected;
    }

    /** Fields 5 and 6 of {@code /proc/<pid>/stat}, read after the command name, which may hold spaces. */
    private static OptionalLong[] groupAndSession(Path entry) {
        try {
            String stat = Files.readString(entry.resolve("stat"), StandardCharsets.ISO_8859_1);
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new OptionalLong[] {OptionalLong.of(Long.parseLong(after[2])), OptionalLong.of(Long.parseLong(after[3]))};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
