package org.asynciotck.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start an agent: either a Python interpreter running the kit's own agent script with
 * its options, or any command line that speaks docs/protocol.md. Also the bounds of the
 * conversation. Build one with {@link #python(Path)} or {@link #commandLine(List)}.
 */
public final class AgentCommand {

    public static final Duration DEFAULT_OPERATION_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
    /** The shortest bound on one request: shorter is no bound a process can meet. */
    public static final Duration MIN_TIMEOUT = Duration.ofMillis(1);
    /**
     * The longest bound on one request: an operation of the protocol takes microseconds to
     * seconds; a longer bound only holds a hung run longer (and far longer ones overflow a clock).
     */
    public static final Duration MAX_TIMEOUT = Duration.ofHours(1);

    /** The interpreter, or null for a command line. */
    private final Path python;
    /** The whole command line, or empty for a Python agent. */
    private final List<String> commandLine;
    private final String loop;
    private final List<Path> pythonPath;
    private final String variant;
    private final Path agentScript;
    private final String id;
    private final Duration operationTimeout;
    private final Duration handshakeTimeout;
    private final Map<String, String> environment;

    private AgentCommand(Builder b) {
        this.python = b.python;
        this.commandLine = List.copyOf(b.commandLine);
        this.loop = b.loop;
        this.pythonPath = List.copyOf(b.pythonPath);
        this.variant = b.variant;
        this.agentScript = b.agentScript;
        this.id = b.id;
        this.operationTimeout = b.operationTimeout;
        this.handshakeTimeout = b.handshakeTimeout;
        this.environment = Map.copyOf(b.environment);
    }

    /** A Python agent: {@code interpreter asyncio-tck-agent.pyz [--loop L] [--python-path P]... [--variant c|py]}. */
    public static Builder python(Path interpreter) {
        Builder builder = new Builder();
        builder.python = Objects.requireNonNull(interpreter, "interpreter");
        return builder;
    }

    /** Any program that speaks the protocol, started as given (first element: the program). */
    public static Builder commandLine(List<String> argv) {
        Objects.requireNonNull(argv, "argv");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("command line is empty");
        }
        Builder builder = new Builder();
        builder.commandLine.addAll(argv);
        return builder;
    }

    public static Builder commandLine(String... argv) {
        return commandLine(List.of(argv));
    }

    /** The interpreter of a Python agent; empty for a command line. */
    public Optional<Path> python() {
        return Optional.ofNullable(python);
    }

    /** The {@code --loop} option (e.g. "uvloop"), if given. */
    public Optional<String> loop() {
        return Optional.ofNullable(loop);
    }

    public List<Path> pythonPath() {
        return pythonPath;
    }

    /** The {@code --variant} option, "c" or "py", if given. */
    public Optional<String> variant() {
        return Optional.ofNullable(variant);
    }

    /** A script to run instead of the kit's bundled agent (Python agents only). */
    public Optional<Path> agentScript() {
        return Optional.ofNullable(agentScript);
    }

    /** The implementation id to report; empty means derived from the agent's hello. */
    public Optional<String> id() {
        return Optional.ofNullable(id);
    }

    public Duration operationTimeout() {
        return operationTimeout;
    }

    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    /** Variables added to the agent's environment. */
    public Map<String, String> environment() {
        return environment;
    }

    /** The command line to start, given where the agent script is (ignored for command lines). */
    List<String> argv(Path script) {
        if (python == null) {
            return commandLine;
        }
        List<String> argv = new ArrayList<>(List.of(python.toString(), script.toString()));
        if (loop != null) {
            argv.addAll(List.of("--loop", loop));
        }
        for (Path path : pythonPath) {
            argv.addAll(List.of("--python-path", path.toString()));
        }
        if (variant != null) {
            argv.addAll(List.of("--variant", variant));
        }
        return List.copyOf(argv);
    }

    @Override
    public String toString() {
        return python == null ? String.join(" ", commandLine) : String.join(" ", argv(Path.of("asyncio-tck-agent.pyz")));
    }

    /** Collects the options; {@link #build()} checks they fit together. */
    public static final class Builder {
        private Path python;
        private final List<String> commandLine = new ArrayList<>();
        private String loop;
        private final List<Path> pythonPath = new ArrayList<>();
        private String variant;
        private Path agentScript;
        private String id;
        private Duration operationTimeout = DEFAULT_OPERATION_TIMEOUT;
        private Duration handshakeTimeout = DEFAULT_HANDSHAKE_TIMEOUT;
        private final Map<String, String> environment = new LinkedHashMap<>();

        private Builder() {}

        /** The event loop the agent drives, e.g. "asyncio" or "uvloop" (the agent's {@code --loop}). */
        public Builder loop(String loop) {
            this.loop = requireText(loop, "loop");
            return this;
        }

        /** Adds a directory to the agent's module search path; may be repeated. */
        public Builder pythonPath(Path directory) {
            pythonPath.add(Objects.requireNonNull(directory, "directory"));
            return this;
        }

        /** Which Task/Future implementation CPython's asyncio uses: "c" or "py". */
        public Builder variant(String variant) {
            if (!"c".equals(variant) && !"py".equals(variant)) {
                throw new IllegalArgumentException("variant must be c or py, got [" + variant + "]");
            }
            this.variant = variant;
            return this;
        }

        /** Runs this script instead of the bundled agent (for developing or faking an agent). */
        public Builder agentScript(Path script) {
            this.agentScript = Objects.requireNonNull(script, "script");
            return this;
        }

        /** The id to report instead of the one derived from the agent's hello. */
        public Builder id(String id) {
            this.id = requireText(id, "id");
            return this;
        }

        /** How long one request may take before the agent counts as hung. */
        public Builder operationTimeout(Duration timeout) {
            this.operationTimeout = Durations.requireTimeout(timeout, "operation timeout");
            return this;
        }

        /** How long starting the agent and its {@code hello} may take. */
        public Builder handshakeTimeout(Duration timeout) {
            this.handshakeTimeout = Durations.requireTimeout(timeout, "handshake timeout");
            return this;
        }

        /** Sets an environment variable for the agent. */
        public Builder environment(String name, String value) {
            environment.put(requireText(name, "environment variable name"), Objects.requireNonNull(value, name));
            return this;
        }

        public AgentCommand build() {
            if (python == null && (loop != null || !pythonPath.isEmpty() || variant != null || agentScript != null)) {
                throw new IllegalStateException("--loop, --python-path, --variant and the agent script apply to"
                        + " Python agents only, not to the command line " + commandLine);
            }
            return new AgentCommand(this);
        }

        private static String requireText(String value, String what) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(what + " is blank: [" + value + "]");
            }
            return value;
        }
    }
}
