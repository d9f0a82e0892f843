package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent that answers {@code unsupported} (docs/protocol.md, "Unsupported operations"): stock asyncio
 * through the Python agent, with a loop factory that declares {@code select_timeout} unsupported
 * (tck/cli/src/test/resources/unsupported/partial_loops.py). TIMEOUT-3 needs it and is not a core rule: not
 * applicable, with the reason. TIMEOUT-1 is a core rule: its scenarios that need it fail, saying so,
 * and its public-API scenario still passes.
 */
class UnsupportedOperationsTest {

    private static final String FACTORY = "partial_loops:without_select_timeout";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @Timeout(60)
    void theSessionSaysUnsupportedAndStaysUsable() {
        try (ProcessImplementation implementation = new ProcessImplementation(command());
                LoopSession session = implementation.openSession()) {
            assertThatThrownBy(() -> session.perform(new Operation.SelectTimeout()))
                    .isInstanceOfSatisfying(OperationUnsupported.class, e -> {
                        assertThat(e.operation()).isEqualTo("select_timeout");
                        assertThat(e.reason()).isEqualTo("this loop's selector cannot be probed");
                    });
            assertThat(session.perform(new Operation.Stop())).isEqualTo(Outcome.nothing());
        }
    }

    @Test
    @Timeout(120)
    void aRuleThatNeedsItIsNotApplicableButACoreRuleFails(@TempDir Path out) {
        RunResult result;
        try (ProcessImplementation implementation = new ProcessImplementation(command())) {
            result = new ConformanceRun(RunConfiguration.of(implementation, "@TIMEOUT-1 or @TIMEOUT-3", out),
                    RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER), ScenarioListener.none())
                    .execute();
        }
        Map<String, RuleResult> rules = result.rules().stream()
                .collect(Collectors.toMap(RuleResult::id, Function.identity()));
        Map<String, ScenarioResult> scenarios = result.scenarios().stream()
                .collect(Collectors.toMap(ScenarioResult::name, Function.identity()));

        assertThat(rules.get("TIMEOUT-3").verdict()).isEqualTo(Verdict.NOT_APPLICABLE);
        assertThat(scenarios.get("An idle loop waits for I/O with no timeout").message())
                .startsWith("not applicable: needs the operation 'select_timeout', which ")
                .endsWith(" does not support (this loop's selector cannot be probed)");

        assertThat(rules.get("TIMEOUT-1").verdict()).isEqualTo(Verdict.FAIL);
        ScenarioResult internal = scenarios.get("A ready callback makes the poll non-blocking");
        assertThat(internal.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(internal.message())
                .startsWith("[TIMEOUT-1] ")
                .contains("expected an answer to select_timeout: TIMEOUT-1 is a core rule, which every loop must be"
                        + " able to run (docs/core.md), observed no answer: the operation 'select_timeout', which ")
                .contains("(this loop's selector cannot be probed)")
                .endsWith("(features/08-select-timeout.feature:35)");
        assertThat(scenarios.get("A running loop does not sleep past a callback that is ready, even with a far timer pending")
                .verdict()).as("the public-API scenario of the core rule still runs").isEqualTo(Verdict.PASS);
        assertThat(result.conformant()).isFalse();
    }

    @Test
    @Timeout(60)
    void theUnsupportedReplySpeaksTheSchema() throws Exception {
        Path zipapp = Path.of("../protocol/target/classes/org/asynciotck/process/asyncio-tck-agent.pyz").toAbsolutePath();
        ProcessBuilder agent = new ProcessBuilder(FakeAgents.python(), zipapp.toString(), "--loop", FACTORY,
                "--python-path", folder().toString());
        List<String> sent = List.of(
                "{\"seq\": 1, \"type\": \"hello\", \"protocol\": 1}",
                "{\"seq\": 2, \"type\": \"open_session\"}",
                "{\"seq\": 3, \"type\": \"perform\", \"operation\": {\"op\": \"select_timeout\"}}",
                "{\"seq\": 4, \"type\": \"bye\"}");
        List<JsonNode> received = FakeAgents.converse(agent, sent);
        JsonNode unsupported = received.get(2);
        assertThat(unsupported.path("type").asText()).isEqualTo("unsupported");
        Schema replies = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.newInputStream(Path.of("../../docs/protocol-replies.schema.json")));
        for (JsonNode reply : received) {
            assertThat(replies.validate(reply).stream().map(Error::toString).toList()).as(reply.toString()).isEmpty();
        }
        ObjectNode withoutOp = unsupported.deepCopy();
        withoutOp.remove("op");
        assertThat(replies.validate(withoutOp)).as("an unsupported reply must name its op").isNotEmpty();
    }

    private static AgentCommand command() {
        return AgentCommand.python(Path.of(FakeAgents.python())).loop(FACTORY).pythonPath(folder())
                .operationTimeout(Duration.ofSeconds(10)).build();
    }

    private static Path folder() {
        try {
            return Path.of(UnsupportedOperationsTest.class.getResource("/unsupported/partial_loops.py").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("partial_loops.py is not a file on the test classpath", e);
        }
    }
}
