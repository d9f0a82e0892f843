package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AgentCommandTest {

    @Test
    void defaultsToTenSecondsPerOperation() {
        AgentCommand command = AgentCommand.commandLine("my-agent", "--fast").build();
        assertThat(command.operationTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(command.argv(null)).containsExactly("my-agent", "--fast");
        assertThat(command.python()).isEmpty();
    }

    @Test
    void pythonOptionsDoNotApplyToCommandLines() {
        assertThatThrownBy(() -> AgentCommand.commandLine("my-agent").loop("uvloop").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Python agents only");
    }

    @Test
    void argumentChecksNameTheBadValue() {
        AgentCommand.Builder builder = AgentCommand.python(Path.of("python3"));
        assertThatThrownBy(() -> builder.variant("rust")).hasMessage("variant must be c or py, got [rust]");
        assertThatThrownBy(() -> builder.operationTimeout(Duration.ZERO))
                .hasMessage("operation timeout must be from 1 ms to 3600 s: PT0S");
        assertThatThrownBy(() -> builder.handshakeTimeout(Duration.ofDays(400)))
                .hasMessage("handshake timeout must be from 1 ms to 3600 s: PT9600H");
        assertThatThrownBy(() -> AgentCommand.commandLine()).hasMessage("command line is empty");
    }
}
