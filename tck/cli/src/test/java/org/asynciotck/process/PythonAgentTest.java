package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/** Python agents: the interpreter checks, and the agent command line (with the fake as the script). */
class PythonAgentTest {

    @Test
    void missingInterpreterIsUnavailableNamingPathAndMinimumVersion() {
        AgentCommand command = AgentCommand.python(Path.of("/nonexistent/bin/python3")).build();
        assertThatThrownBy(() -> new ProcessImplementation(command))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessage("Python interpreter /nonexistent/bin/python3 does not exist"
                        + " (the agent needs Python 3.10 or newer)");
    }

    @Test
    void interpreterNotOnPathIsUnavailable() {
        AgentCommand command = AgentCommand.python(Path.of("no-such-python-3")).build();
        assertThatThrownBy(() -> new ProcessImplementation(command))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining("no-such-python-3 was not found on PATH")
                .hasMessageContaining("3.10");
    }

    @Test
    void nonExecutableInterpreterIsUnavailable() {
        Path notExecutable = FakeAgents.script(); // a file, but not an executable one
        AgentCommand command = AgentCommand.python(notExecutable).build();
        assertThatThrownBy(() -> new ProcessImplementation(command))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining(notExecutable + " is not an executable file")
                .hasMessageContaining("3.10");
    }

    @Test
    void tooOldInterpreterIsUnavailableNamingItsVersion() {
        Optional<Path> old = FakeAgents.pyenvPython("3.9.18", "python3")
                .or(() -> FakeAgents.pyenvPython("2.7.18", "python"));
        assumeTrue(old.isPresent(), "no pyenv Python 3.9.18 or 2.7.18 under " + FakeAgents.pyenvRoot()
                + "; cannot check that an old interpreter is refused");
        AgentCommand command = AgentCommand.python(old.get()).agentScript(FakeAgents.script()).build();
        assertThatThrownBy(() -> new ProcessImplementation(command))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageMatching("Python interpreter " + old.get() + " is Python (3\\.9|2\\.7)\\.\\d+, too old:"
                        + " the agent needs Python 3\\.10 or newer");
    }

    @Test
    void pythonAgentRunsTheGivenScriptWithItsOptions() {
        Path python = Path.of(FakeAgents.python());
        AgentCommand command = AgentCommand.python(python)
                .agentScript(FakeAgents.script())
                .loop("asyncio")
                .pythonPath(Path.of("/tmp/extra"))
                .variant("py")
                .build();
        assertThat(command.argv(Path.of("agent.py"))).containsExactly(python.toString(), "agent.py",
                "--loop", "asyncio", "--python-path", "/tmp/extra", "--variant", "py");
        try (ProcessImplementation impl = new ProcessImplementation(command);
                LoopSession session = impl.openSession()) {
            assertThat(impl.info().id()).isEqualTo("cpython-" + impl.info().python() + "-py");
            assertThat(session.perform(new Operation.Stop())).isEqualTo(Outcome.nothing());
        }
    }
}
