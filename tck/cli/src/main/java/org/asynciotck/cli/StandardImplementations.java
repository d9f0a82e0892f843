package org.asynciotck.cli;

import java.nio.file.Path;
import java.util.Map;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.LoopImplementation;

/** What stands behind each {@code --impl}: the reference loop in process, an agent process, or a Java loop. */
final class StandardImplementations {

    /** The interpreter used by {@code --impl python} without {@code --python}. */
    static final String DEFAULT_PYTHON = "python3";

    private StandardImplementations() {}

    static Map<String, ImplementationFactory.Builder> builders() {
        return Map.of(
                ImplementationOptions.REFERENCE, options -> reference(ReferenceConfig.defaults(), options),
                ImplementationOptions.REFERENCE_SYNC, options -> reference(ReferenceConfig.synchronousDispatch(), options),
                ImplementationOptions.REFERENCE_NESTED, options -> reference(ReferenceConfig.nestedRuns(), options),
                ImplementationOptions.PYTHON, StandardImplementations::python,
                ImplementationOptions.PROCESS, StandardImplementations::process,
                ImplementationOptions.JAVA, JavaLoops::implementation);
    }

    private static LoopImplementation reference(ReferenceConfig config, ImplementationOptions options) {
        return new ReferenceImplementation(options.timeout() == null ? config : config.withOperationBound(options.timeout()));
    }

    private static LoopImplementation python(ImplementationOptions options) throws ImplementationFactory.UnavailableException {
        Path interpreter = options.python() != null ? options.python() : Path.of(DEFAULT_PYTHON);
        if (!Interpreters.exists(interpreter)) {
            throw new ImplementationFactory.UnavailableException("no Python interpreter at [" + interpreter
                    + "]: give --python PATH to a Python 3.10 or newer (see 'implementations' for those found here)");
        }
        AgentCommand.Builder command = AgentCommand.python(interpreter);
        if (options.loopFactory() != null) {
            command.loop(options.loopFactory());
        }
        options.pythonPath().forEach(command::pythonPath);
        if (options.variant() != null) {
            command.variant(options.variant());
        }
        boundBy(options, command);
        return new ProcessImplementation(command.build());
    }

    /** --timeout bounds every exchange with the agent, the handshake included (docs/threads-and-time.md). */
    private static void boundBy(ImplementationOptions options, AgentCommand.Builder command) {
        if (options.timeout() != null) {
            command.operationTimeout(options.timeout()).handshakeTimeout(options.timeout());
        }
    }

    private static LoopImplementation process(ImplementationOptions options) {
        AgentCommand.Builder command = AgentCommand.commandLine(CommandWords.split(options.command()));
        boundBy(options, command);
        return new ProcessImplementation(command.build());
    }
}
