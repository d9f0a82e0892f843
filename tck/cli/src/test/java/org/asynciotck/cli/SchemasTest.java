package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.asynciotck.broken.BrokenLifoReadyQueue;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schemas in docs/ are part of the contract: each is a valid 2020-12 schema, and the kit's
 * real outputs (conformance.json and matrix.json of a matrix of a conformant, a broken and an
 * unstartable implementation) and the kit's own baseline validate against them, checked with
 * networknt's json-schema-validator.
 */
class SchemasTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private static Path root;

    @TempDir
    Path reports;

    @BeforeAll
    static void findTheRepository() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isRegularFile(here.resolve("docs/conformance.schema.json"))) {
            here = here.getParent();
        }
        assertThat(here).as("a folder above the tests with docs/conformance.schema.json").isNotNull();
        root = here;
    }

    private static List<String> problems(String schemaFile, JsonNode document) throws IOException {
        Schema schema = REGISTRY.getSchema(Files.newInputStream(root.resolve("docs").resolve(schemaFile)));
        return schema.validate(document).stream().map(Error::toString).toList();
    }

    @Test
    void eachSchemaIsAValidDraft202012Schema() throws IOException {
        Schema meta = REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (String file : List.of("conformance.schema.json", "baseline.schema.json", "matrix.schema.json",
                "protocol-requests.schema.json", "protocol-replies.schema.json")) {
            JsonNode schema = JSON.readTree(root.resolve("docs").resolve(file).toFile());
            assertThat(meta.validate(schema).stream().map(Error::toString)).as(file).isEmpty();
            assertThat(schema.toString()).as(file + ": no empty-pattern patternProperties (refused by strict validators)")
                    .doesNotContain("\"patternProperties\":{\"\"");
        }
    }

    @Test
    void theKitsBaselineValidates() throws IOException {
        assertThat(problems("baseline.schema.json", JSON.readTree(root.resolve("baselines/python.json").toFile())))
                .isEmpty();
        JsonNode loosened = JSON.readTree("{\"implementations\": {\"x\": {\"rules\": "
                + "{\"INIT-1\": {\"verdict\": \"pass\", \"reason\": \" \"}}}}}");
        assertThat(problems("baseline.schema.json", loosened)).as("a baseline listing a pass with a blank reason")
                .hasSize(2);
    }

    @Test
    void theReportsOfARealMatrixValidate() throws IOException {
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new ReferenceImplementation(),
                ImplementationOptions.REFERENCE_SYNC, options -> BrokenLifoReadyQueue.implementation(),
                ImplementationOptions.PROCESS, options -> {
                    throw new IllegalStateException("cannot start");
                }));
        StringWriter err = new StringWriter();
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        Main.execute(new String[] {"matrix", "--impl", "reference", "--impl", "reference-sync", "--impl",
            "process:./agent"}, factory, real, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));

        assertThat(reports.resolve("matrix.json")).as(err.toString()).isRegularFile();
        assertThat(problems("matrix.schema.json", JSON.readTree(reports.resolve("matrix.json").toFile()))).isEmpty();
        List<Path> certificates;
        try (Stream<Path> files = Files.walk(reports)) {
            certificates = files.filter(p -> p.getFileName().toString().equals("conformance.json")).toList();
        }
        assertThat(certificates).hasSize(2);
        for (Path conformance : certificates) {
            assertThat(problems("conformance.schema.json", JSON.readTree(conformance.toFile()))).as(conformance.toString())
                    .isEmpty();
        }
    }
}
