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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.asynciotck.java.JavaLoopImplementation;
import org.asynciotck.spi.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One vocabulary, checked (issue 10): every operation exists in every place that writes it down,
 * and nowhere else. The places are the sealed {@link Operation} (its permitted records and its
 * its wire names), the reference adapter's interpreter (its dispatch table), the Python
 * agent ({@code OPERATIONS}, asked of the agent itself), the operations table of docs/protocol.md
 * and the request schema (docs/protocol-requests.schema.json, {@code op} and one definition per
 * operation). A failure names each operation and the places that lack it. What each operation
 * does, place by place, is checked by the golden transcripts ({@link GoldenTranscriptsTest}).
 */
class VocabularyTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ROOT = TranscriptFiles.projectRoot();
    /**
     * Asks the agent for its table: imports its package from the zipapp the build made (nothing of
     * the agent runs) and prints the keys of {@code OPERATIONS}. The only place that knows where the
     * agent's table lives.
     */
    private static final String AGENT_OPERATIONS = "import json, sys\n"
            + "sys.path.insert(0, sys.argv[1])\n"
            + "from asyncio_tck_agent.operations import OPERATIONS\n"
            + "print(json.dumps(sorted(OPERATIONS)))\n";

    @Test
    @Timeout(60)
    void everyOperationIsInEveryPlace() throws Exception {
        Map<String, Set<String>> places = new LinkedHashMap<>();
        places.put("Operation.java (permitted records)", wireNames(Arrays.asList(Operation.class.getPermittedSubclasses())));
        places.put("the Java interpreter's dispatch table (tck/interpreter, Interpreter)",
                wireNames(JavaLoopImplementation.interpretedOperations()));
        places.put("the Python agent's OPERATIONS (asyncio_tck_agent.operations)", agentOperations());
        places.put("docs/protocol.md (Operations table)", documentedOperations());
        places.put("docs/protocol-requests.schema.json (op)", schemaOps());
        places.put("docs/protocol-requests.schema.json ($defs/op_*)", schemaDefinitions().keySet());

        Set<String> every = new TreeSet<>();
        places.values().forEach(every::addAll);
        List<String> drifts = new ArrayList<>();
        for (String op : every) {
            List<String> missing = places.entrySet().stream().filter(place -> !place.getValue().contains(op))
                    .map(Map.Entry::getKey).toList();
            if (!missing.isEmpty()) {
                drifts.add("operation '" + op + "' is missing from " + String.join(", ", missing));
            }
        }
        assertThat(drifts).as("operations that are not in every place of the vocabulary").isEmpty();
        assertThat(every).as("the vocabulary").hasSizeGreaterThanOrEqualTo(60);
    }

    /** Each operation's fields in the schema are its record's components, in snake_case: nothing more, nothing less. */
    @Test
    void theSchemaGivesEachOperationTheFieldsOfItsRecord() throws IOException {
        Map<String, Set<String>> schema = schemaDefinitions();
        List<String> drifts = new ArrayList<>();
        for (Class<?> type : Operation.class.getPermittedSubclasses()) {
            String op = wireName(type);
            Set<String> fields = Arrays.stream(type.getRecordComponents()).map(c -> snakeCase(c.getName()))
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> documented = schema.getOrDefault(op, Set.of());
            if (!fields.equals(documented)) {
                drifts.add(op + ": Operation.java has " + fields + ", the schema " + documented);
            }
        }
        assertThat(drifts).as("operations whose fields differ between Operation.java and the request schema").isEmpty();
    }

    /** What the kit sends for each operation (its wire form) is what the request schema allows. */
    @Test
    void everyOperationInWireFormPassesTheRequestSchema() throws IOException {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.newInputStream(ROOT.resolve("docs/protocol-requests.schema.json")));
        ObjectMapper wire = ProtocolJson.newMapper();
        List<String> refused = new ArrayList<>();
        int seq = 0;
        for (Operation operation : ProtocolJsonTest.everyOperation()) {
            ObjectNode request = JSON.createObjectNode().put("seq", ++seq);
            request.setAll((ObjectNode) wire.valueToTree(Request.perform(operation)));
            List<String> problems = schema.validate(request).stream().map(Error::toString).toList();
            if (!problems.isEmpty()) {
                refused.add(request + ": " + problems);
            }
        }
        assertThat(refused).as("operations in wire form that the request schema refuses").isEmpty();
        assertThat(problems(schema, "{\"seq\":1,\"type\":\"perform\",\"operation\":{\"op\":\"call_soon\"}}"))
                .as("call_soon without its label").isNotEmpty();
        assertThat(problems(schema, "{\"seq\":1,\"type\":\"perform\",\"operation\":{\"op\":\"no_such_op\"}}"))
                .as("an op outside the vocabulary").isNotEmpty();
    }

    private static List<String> problems(Schema schema, String request) throws IOException {
        return schema.validate(JSON.readTree(request)).stream().map(Error::toString).toList();
    }

    /** The Java interpreter's table has one entry per operation, in the order Operation.java declares them. */
    @Test
    void theInterpretersTableFollowsTheOrderOfOperationJava() {
        assertThat(List.<Object>copyOf(JavaLoopImplementation.interpretedOperations()))
                .containsExactlyElementsOf(Operation.types());
    }

    static String wireName(Class<?> type) {
        return Operation.wireName(type.asSubclass(Operation.class));
    }

    private static Set<String> wireNames(Collection<? extends Class<?>> types) {
        return types.stream().map(VocabularyTest::wireName).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> agentOperations() throws IOException, InterruptedException {
        Process python;
        try {
            python = new ProcessBuilder(Pythons.any(), "-c", AGENT_OPERATIONS, TranscriptFiles.agent().toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            assumeTrue(false, "no Python 3 to ask the agent for its OPERATIONS (" + e.getMessage() + "); skipping");
            throw e;
        }
        String out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(python.waitFor(30, TimeUnit.SECONDS)).as("the agent answered within 30 s").isTrue();
        assertThat(python.exitValue()).as("asking the agent for its OPERATIONS: " + out).isZero();
        Set<String> ops = new TreeSet<>();
        JSON.readTree(out).forEach(op -> ops.add(op.asText()));
        return ops;
    }

    /** The first column of the table in docs/protocol.md's "## Operations" section (up to its first subsection). */
    static Set<String> documentedOperations() throws IOException {
        String protocol = Files.readString(ROOT.resolve("docs/protocol.md"));
        int start = protocol.indexOf("\n## Operations\n");
        assertThat(start).as("docs/protocol.md has a section '## Operations'").isPositive();
        int end = protocol.indexOf("\n#", start + 1);
        Matcher row = Pattern.compile("(?m)^\\| `([a-z_]+)` \\|").matcher(protocol.substring(start, end));
        Set<String> documented = new TreeSet<>();
        while (row.find()) {
            documented.add(row.group(1));
        }
        documented.remove("op"); // the table's header
        return documented;
    }

    private static JsonNode requestSchema() throws IOException {
        return JSON.readTree(ROOT.resolve("docs/protocol-requests.schema.json").toFile());
    }

    private static Set<String> schemaOps() throws IOException {
        Set<String> ops = new TreeSet<>();
        requestSchema().at("/$defs/operation/properties/op/enum").forEach(op -> ops.add(op.asText()));
        return ops;
    }

    /** The request schema's {@code op_<name>} definitions, each with its fields ({@code op} left out). */
    private static Map<String, Set<String>> schemaDefinitions() throws IOException {
        Map<String, Set<String>> definitions = new LinkedHashMap<>();
        requestSchema().get("$defs").fields().forEachRemaining(entry -> {
            if (entry.getKey().startsWith("op_")) {
                Set<String> fields = new TreeSet<>();
                entry.getValue().path("properties").fieldNames().forEachRemaining(fields::add);
                fields.remove("op");
                definitions.put(entry.getKey().substring(3), fields);
            }
        });
        return definitions;
    }

    private static String snakeCase(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }
}
