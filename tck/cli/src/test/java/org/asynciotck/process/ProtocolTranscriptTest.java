package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.cli.CliRuns;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protocol's JSON Schemas (docs/protocol-requests.schema.json, docs/protocol-replies.schema.json)
 * against recorded conversations, checked with networknt's validator: the kit talking to the real
 * Python agent during a run of real features (recorded by a proxy between the two), a direct
 * conversation with the agent for the messages a run does not send (benchmark, protocol_error), and
 * the reference session's operations and outcomes in their wire form. The Python agent's own suite
 * validates its replies with Python's jsonschema where an interpreter has it installed.
 */
class ProtocolTranscriptTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper WIRE = ProtocolJson.newMapper();
    /** The zipapp the jar carries, as the build made it (process-resources), so the transcripts are of the shipped agent. */
    private static final Path AGENT = Path.of("../protocol/target/classes/org/asynciotck/process/asyncio-tck-agent.pyz").toAbsolutePath();
    private static final Path PROXY = Path.of("src/test/resources/org/asynciotck/process/transcript_proxy.py")
            .toAbsolutePath();
    /** Rules whose scenarios between them send most kinds of operation. */
    private static final String TAGS = "@LIFE-1 or @LIFE-5 or @FUTURE-1 or @HANDLE-1 or @HANDLE-3 or @TASK-1 "
            + "or @STALL-2 or @TIMEOUT-3 or @ENTER-1 or @ERROR-1 or @INIT-1 or @EAGER-3";

    private static Path root;
    private static Schema requests;
    private static Schema replies;

    @TempDir
    Path reports;

    @BeforeAll
    static void loadTheSchemas() throws IOException {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isRegularFile(here.resolve("docs/protocol-requests.schema.json"))) {
            here = here.getParent();
        }
        assertThat(here).as("a folder above the tests with docs/protocol-requests.schema.json").isNotNull();
        root = here;
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        requests = registry.getSchema(Files.newInputStream(root.resolve("docs/protocol-requests.schema.json")));
        replies = registry.getSchema(Files.newInputStream(root.resolve("docs/protocol-replies.schema.json")));
    }

    private static Path python() {
        Path python = Path.of(System.getProperty("user.home"), ".pyenv/versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "CPython 3.12.1 is not installed at " + python + "; skipping");
        return python;
    }

    @Test
    void aRunOfTheKitAgainstThePythonAgentSpeaksTheSchemas() throws IOException {
        Path python = python();
        Path transcript = reports.resolve("transcript.jsonl");
        String command = python + " " + PROXY + " " + transcript + " " + AGENT + " --variant c";
        StringWriter err = new StringWriter();
        int code = org.asynciotck.cli.CliRunsAccess.run(reports, err, "run", "--impl", "process", "--command", command,
                "--tags", TAGS, "--no-allure-html");
        assertThat(code).as(err.toString()).isIn(0, 1);

        List<JsonNode> toAgent = new ArrayList<>();
        List<JsonNode> toKit = new ArrayList<>();
        for (String line : Files.readAllLines(transcript)) {
            JsonNode entry = JSON.readTree(line);
            JsonNode message = JSON.readTree(entry.get("line").asText());
            (entry.get("to").asText().equals("agent") ? toAgent : toKit).add(message);
        }
        assertThat(toAgent).hasSizeGreaterThan(50);
        // The kit ends the agent's processes right after bye, sometimes before the proxy notes its "ok".
        assertThat(toKit.size()).isBetween(toAgent.size() - 1, toAgent.size());
        assertValid(requests, toAgent, "request");
        assertValid(replies, toKit, "reply");
        Set<String> types = new TreeSet<>();
        toAgent.forEach(m -> types.add(m.get("type").asText()));
        assertThat(types).contains("hello", "open_session", "perform", "close_session", "bye");
        assertThat(toKit).anySatisfy(m -> assertThat(m.at("/outcome/kind").asText()).isEqualTo("error"));
        assertThat(toKit).anySatisfy(m -> assertThat(m.at("/outcome/value").isArray()).isTrue());
        assertEveryOpIsDocumented(toAgent);
    }

    @Test
    @Timeout(60)
    void theAgentsBenchmarkAndProtocolErrorRepliesSpeakTheSchema() throws Exception {
        ProcessBuilder agent = new ProcessBuilder(python().toString(), AGENT.toString());
        List<String> sent = List.of(
                "{\"seq\": 1, \"type\": \"hello\", \"protocol\": 1}",
                "{\"seq\": 2, \"type\": \"open_session\"}",
                "{\"seq\": 3, \"type\": \"benchmark\", \"operation\": {\"op\": \"create_future\", \"future\": \"f\"}, \"repeat\": 3}",
                "{\"seq\": 4, \"type\": \"perform\", \"operation\": {\"op\": \"no_such_op\"}}",
                "not json",
                "{\"seq\": 5, \"type\": \"close_session\"}",
                "{\"seq\": 6, \"type\": \"bye\"}");
        List<JsonNode> received = FakeAgents.converse(agent, sent);
        assertValid(replies, received, "reply");
        assertThat(received).extracting(m -> m.get("type").asText())
                .containsExactly("hello", "ok", "benchmark", "protocol_error", "protocol_error", "ok", "ok");
        assertThat(received.get(4).get("seq").isNull()).isTrue();
        assertThat(problems(requests, JSON.readTree(sent.get(2)))).isEmpty();
        assertThat(problems(requests, JSON.readTree("{\"seq\": 1, \"type\": \"perform\"}"))).as("perform without operation")
                .isNotEmpty();
        assertThat(problems(replies, JSON.readTree("{\"seq\": 1, \"type\": \"outcome\", \"outcome\": {\"kind\": \"value\"}}")))
                .as("a value outcome without its value").isNotEmpty();
    }

    @Test
    void theReferenceSessionsOperationsAndOutcomesInWireFormSpeakTheSchemas() throws IOException {
        List<JsonNode> toAgent = new ArrayList<>();
        List<JsonNode> toKit = new ArrayList<>();
        LoopImplementation recording = new Recording(new ReferenceImplementation(), toAgent, toKit);
        CliRuns.certify(recording, TAGS, reports);

        assertThat(toAgent).hasSizeGreaterThan(50);
        assertValid(requests, toAgent, "request");
        assertValid(replies, toKit, "reply");
        assertEveryOpIsDocumented(toAgent);
    }

    /**
     * The agent's own suite, run by an interpreter that has Python's jsonschema (from the local index:
     * .ci/run installs it into .venv-uvloop; or the interpreter ASYNCIO_TCK_JSONSCHEMA_PYTHON names),
     * validates every reply against docs/protocol-replies.schema.json and must not skip doing so.
     */
    @Test
    @Timeout(200)
    void theAgentsOwnSuiteValidatesEveryReplyWithPythonsJsonschema() throws Exception {
        String named = System.getenv("ASYNCIO_TCK_JSONSCHEMA_PYTHON");
        Path python = named != null && !named.isBlank() ? Path.of(named) : root.resolve(".venv-uvloop/bin/python");
        assumeTrue(Files.isExecutable(python), "no interpreter with jsonschema: " + python + " does not exist "
                + "(.ci/run makes it; or set ASYNCIO_TCK_JSONSCHEMA_PYTHON); the agent's replies are validated by networknt only");
        Process probe = new ProcessBuilder(python.toString(), "-c", "import jsonschema").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assumeTrue(probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
                python + " has no jsonschema module; the agent's replies are validated by networknt only");
        Path log = reports.resolve("agent-suite.log");
        ProcessBuilder suite = new ProcessBuilder(python.toString(), "../protocol/src/test/python/test_agent.py")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        suite.environment().put("ASYNCIO_TCK_REQUIRE_JSONSCHEMA", "1");
        suite.environment().remove("ASYNCIO_TCK_AGENT_ARGS");
        Process process = suite.start();
        boolean finished = process.waitFor(180, TimeUnit.SECONDS);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        String output = Files.readString(log);
        assertThat(finished).as(output).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).containsPattern("validated [1-9][0-9]+ replies against docs/protocol-replies.schema.json");
    }

    /** The reference loop, with every operation and outcome written down in the protocol's wire form. */
    private record Recording(LoopImplementation inner, List<JsonNode> toAgent, List<JsonNode> toKit)
            implements LoopImplementation {
        @Override
        public ImplementationInfo info() {
            return inner.info();
        }

        @Override
        public LoopSession openSession() {
            LoopSession session = inner.openSession();
            return new LoopSession() {
                @Override
                public Outcome perform(Operation operation) {
                    Outcome outcome = session.perform(operation);
                    synchronized (toAgent) {
                        int seq = toAgent.size() + 1;
                        ObjectNode request = WIRE.valueToTree(Request.perform(operation));
                        toAgent.add(JSON.createObjectNode().put("seq", seq).setAll(request));
                        toKit.add(wire(seq, outcome));
                    }
                    return outcome;
                }

                @Override
                public void close() {
                    session.close();
                }
            };
        }

        @Override
        public void close() {
            inner.close();
        }

        private static JsonNode wire(int seq, Outcome outcome) {
            ObjectNode body = JSON.createObjectNode();
            switch (outcome.kind()) {
                case VALUE -> body.put("kind", "value").set("value", WIRE.valueToTree(outcome.value()));
                case ERROR -> body.put("kind", "error").put("error_type", outcome.errorType())
                        .put("message", outcome.message());
                case NOTHING -> body.put("kind", "nothing");
            }
            ObjectNode reply = JSON.createObjectNode().put("seq", seq).put("type", "outcome");
            reply.set("outcome", body);
            return reply;
        }
    }

    private static void assertValid(Schema schema, List<JsonNode> messages, String what) {
        for (JsonNode message : messages) {
            assertThat(problems(schema, message)).as(what + " " + message).isEmpty();
        }
    }

    private static List<String> problems(Schema schema, JsonNode message) {
        return schema.validate(message).stream().map(Error::toString).toList();
    }

    /** Every op recorded is a row of the operations table of docs/protocol.md. */
    private static void assertEveryOpIsDocumented(List<JsonNode> requests) throws IOException {
        String protocol = Files.readString(root.resolve("docs/protocol.md"));
        Set<String> documented = new TreeSet<>();
        Matcher row = Pattern.compile("(?m)^\\| `([a-z_]+)` \\|").matcher(protocol);
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> sent = new TreeSet<>();
        for (JsonNode request : requests) {
            collectOps(request.get("operation"), sent);
        }
        assertThat(sent).hasSizeGreaterThan(10);
        assertThat(documented).containsAll(sent);
    }

    private static void collectOps(JsonNode operation, Set<String> into) {
        if (operation == null || !operation.isObject()) {
            return;
        }
        into.add(operation.get("op").asText());
        operation.path("then").forEach(nested -> collectOps(nested, into));
        collectOps(operation.get("of"), into);
    }
}
