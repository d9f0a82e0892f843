package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.asynciotck.process.AgentScript;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asyncio-tck agent --write DIR}: the bundled Python agent, for a loop author to run by hand. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Writes the kit's Python agent (one zipapp, " + AgentScript.FILE_NAME + ") into a folder, "
                + "so you can talk to it yourself: python3 DIR/" + AgentScript.FILE_NAME + " --help "
                + "(docs/protocol.md, \"The Python agent\").")
final class AgentFileCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--write", paramLabel = "DIR", required = true,
            description = "the folder to write " + AgentScript.FILE_NAME + " into (made if missing; a file of that "
                    + "name there is replaced)")
    private Path folder;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            Path file = AgentScript.writeTo(folder);
            out.println("wrote " + file);
            out.println("run it: python3 " + file + " --help    (Python 3.10 or newer; docs/protocol.md)");
            out.println("check an agent: asyncio-tck smoke --command \"python3 " + file + "\"");
            return ExitCode.CONFORMANT;
        } catch (IOException e) {
            spec.commandLine().getErr().println("asyncio-tck agent: cannot write " + AgentScript.FILE_NAME + " into "
                    + folder + ": " + e.getMessage());
            return ExitCode.USAGE;
        }
    }
}
