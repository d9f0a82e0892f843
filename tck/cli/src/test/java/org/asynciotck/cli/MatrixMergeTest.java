package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.asynciotck.broken.BrokenLifoReadyQueue;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matrix --from DIR...}: conformance.json files certified elsewhere (other machines, CI
 * jobs) merge into one matrix that says where and when each column was produced; a file that fails
 * the schema or comes from an incompatible catalogue is refused with the reason, and the other
 * columns are kept.
 */
class MatrixMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two CI jobs' report folders, each made by a real run of the kit (reference, and a broken loop). */
    @TempDir
    static Path jobs;

    @TempDir
    Path merged;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static final ImplementationFactory FACTORY = new ImplementationFactory(Map.of(
            ImplementationOptions.REFERENCE, options -> new ReferenceImplementation(),
            ImplementationOptions.REFERENCE_SYNC, options -> BrokenLifoReadyQueue.implementation(),
            ImplementationOptions.PROCESS, options -> {
                throw new IllegalStateException("cannot start");
            }));

    private static int kit(Path reports, StringWriter out, StringWriter err, String... args) {
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        return Main.execute(args, FACTORY, real, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @BeforeAll
    static void twoJobsCertifyOneImplementationEach() throws IOException {
        StringWriter err = new StringWriter();
        assertThat(kit(jobs, new StringWriter(), err, "run", "--no-allure-html", "--out",
                jobs.resolve("linux-job/reference").toString())).as(err.toString()).isZero();
        assertThat(kit(jobs, new StringWriter(), err, "run", "--impl", "reference-sync", "--no-allure-html", "--out",
                jobs.resolve("macos-job/broken").toString())).as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);
        // The second job ran on another machine: its file says so (a real file, edited where a Mac would differ).
        Path mac = jobs.resolve("macos-job/broken/conformance.json");
        ObjectNode report = (ObjectNode) JSON.readTree(mac.toFile());
        ObjectNode provenance = (ObjectNode) report.get("provenance");
        provenance.put("host", "ci-macos-14").put("platform", "Mac OS X 14.4 aarch64")
                .put("produced_at", "2026-11-30T08:15:00Z");
        Files.writeString(mac, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(report));
    }

    @Test
    void eachRunRecordsWhereAndWhenWithoutAPathOfTheMachine() throws IOException {
        JsonNode report = JSON.readTree(jobs.resolve("linux-job/reference/conformance.json").toFile());
        JsonNode provenance = report.get("provenance");
        assertThat(provenance.get("host").asText()).isNotBlank();
        assertThat(provenance.get("platform").asText()).contains(System.getProperty("os.name"));
        assertThat(provenance.get("interpreter").asText()).startsWith("Java ");
        assertThat(provenance.get("produced_at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(provenance.toString()).doesNotContain(System.getProperty("user.home"))
                .doesNotContain(jobs.toString());
    }

    @Test
    void filesFromTwoJobsMergeIntoOneMatrixThatSaysWhereAndWhen() throws IOException {
        int code = kit(merged, out, err, "matrix", "--from", jobs.resolve("linux-job").toString(),
                jobs.resolve("macos-job").toString(), "--out", merged.toString(), "--no-allure-html");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);
        JsonNode matrix = JSON.readTree(merged.resolve("matrix.json").toFile());
        assertThat(matrix.at("/implementations/0/key").asText()).isEqualTo("reference");
        assertThat(matrix.at("/implementations/0/merged").asBoolean()).isTrue();
        assertThat(matrix.at("/implementations/1/key").asText()).isEqualTo("broken-lifo-ready-queue");
        assertThat(matrix.at("/implementations/1/provenance/host").asText()).isEqualTo("ci-macos-14");
        assertThat(matrix.at("/implementations/1/provenance/produced_at").asText()).isEqualTo("2026-11-30T08:15:00Z");
        JsonNode ntodo3 = rule(matrix, "NTODO-3");
        assertThat(ntodo3.at("/cells/reference/verdict").asText()).isEqualTo("pass");
        assertThat(ntodo3.at("/cells/broken-lifo-ready-queue/verdict").asText()).isEqualTo("fail");
        assertThat(ntodo3.at("/cells/broken-lifo-ready-queue/reason").asText()).contains("expected").contains("observed");
        assertThat(schemaProblems("matrix.schema.json", matrix)).isEmpty();

        String html = Files.readString(merged.resolve("matrix.html"));
        assertThat(html).contains("<h2>Where and when</h2>").contains("ci-macos-14").contains("Mac OS X 14.4 aarch64")
                .contains("2026-11-30T08:15:00Z").contains("merged (--from)");
        assertThat(Files.readString(merged.resolve("matrix.md"))).contains("## Where and when")
                .contains("| broken-lifo-ready-queue | ci-macos-14 | Mac OS X 14.4 aarch64 |");
        String certificate = Files.readString(merged.resolve("broken-lifo-ready-queue/certificate.html"));
        assertThat(certificate).contains("NOT CONFORMANT").contains("ci-macos-14").contains("2026-11-30T08:15:00Z");
        assertThat(merged.resolve("reference/conformance.json")).isRegularFile();
        assertThat(out.toString()).contains("reference").contains("CONFORMANT");
    }

    @Test
    void aLinkedAHugeAndANonJsonFileAreRefusedWithoutShowingTheirContents_andTheOtherColumnsStay() throws IOException {
        // issue 27, cases 3 and 5: a linked conformance.json was read and its first token printed; six 105 MB
        // files ended the matrix with an OutOfMemoryError and no matrix at all
        Path incoming = merged.resolve("incoming");
        Path secret = Files.writeString(merged.resolve("shadow"), "root:$6$secret-hash:19000\n");
        Files.createDirectories(incoming.resolve("linked"));
        Files.createSymbolicLink(incoming.resolve("linked/conformance.json"), secret);
        Files.createDirectories(incoming.resolve("not-json"));
        Files.writeString(incoming.resolve("not-json/conformance.json"), "root:$6$secret-hash:19000\n");
        Files.createDirectories(incoming.resolve("huge"));
        try (var huge = Files.newOutputStream(incoming.resolve("huge/conformance.json"))) {
            byte[] spaces = new byte[1024 * 1024];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int i = 0; i <= org.asynciotck.report.ConformanceImport.MAX_BYTES / spaces.length; i++) {
                huge.write(spaces);
            }
        }

        int code = kit(merged, out, err, "matrix", "--from", incoming.toString(), jobs.resolve("linux-job").toString(),
                "--out", merged.resolve("out").toString(), "--no-allure-html");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("linked" + java.io.File.separator + "conformance.json")
                .contains("is a link or not a regular file").contains("not readable as JSON (line 1, column")
                .contains("more than the " + org.asynciotck.report.ConformanceImport.MAX_BYTES)
                .doesNotContain("secret-hash").doesNotContain("'root");
        JsonNode matrix = JSON.readTree(merged.resolve("out/matrix.json").toFile());
        assertThat(matrix.at("/implementations/0/key").asText()).isEqualTo("reference");
    }

    @Test
    void aFileUnderTheSizeBoundWithAHugeStringManyTokensOrDeepNestingIsRefusedByTheBoundItBreaks() throws IOException {
        // issue 27, case 5: a file under the size bound can still cost the matrix its memory (a tree of millions
        // of tokens, a string of megabytes); each bound refuses by name, and the other columns stay
        ObjectNode real = (ObjectNode) JSON.readTree(jobs.resolve("linux-job/reference/conformance.json").toFile());
        Path incoming = merged.resolve("incoming");
        ObjectNode longString = real.deepCopy();
        ((ObjectNode) longString.get("implementation")).put("name", "x".repeat(2 * 1024 * 1024));
        write(incoming.resolve("long-string/conformance.json"), longString);
        ObjectNode manyTokens = real.deepCopy();
        ArrayNode zeros = manyTokens.putArray("padding");
        for (int i = 0; i < 1_100_000; i++) {
            zeros.add(0);
        }
        write(incoming.resolve("many-tokens/conformance.json"), manyTokens);
        Files.createDirectories(incoming.resolve("deep"));
        Files.writeString(incoming.resolve("deep/conformance.json"), "[".repeat(200) + "]".repeat(200));

        int code = kit(merged, out, err, "matrix", "--from", incoming.toString(), jobs.resolve("linux-job").toString(),
                "--out", merged.resolve("out").toString(), "--no-allure-html");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString())
                .containsPattern("refused \\S*long-string\\S*conformance.json: holds more than a conformance.json may"
                        + " \\(String value length \\(\\d+\\) exceeds the maximum allowed \\(1048576")
                .containsPattern("refused \\S*many-tokens\\S*conformance.json: holds more than a conformance.json may"
                        + " \\(Token count \\(\\d+\\) exceeds the maximum allowed \\(1000000")
                .containsPattern("refused \\S*deep\\S*conformance.json: holds more than a conformance.json may"
                        + " \\(Document nesting depth \\(33\\) exceeds the maximum allowed \\(32")
                .doesNotContain("xxxxxxxx");
        JsonNode matrix = JSON.readTree(merged.resolve("out/matrix.json").toFile());
        assertThat(matrix.get("implementations")).hasSize(1);
    }

    @Test
    void filesPastTheMergesTotalAreRefusedByNameAndTheColumnsBeforeThemAreWritten() throws IOException {
        // issue 27, case 5: six 105 MB files, each under the parser's cap, ended matrix --from with an
        // OutOfMemoryError and no matrix; now the merge's total bounds them all
        ObjectNode real = (ObjectNode) JSON.readTree(jobs.resolve("linux-job/reference/conformance.json").toFile());
        Path incoming = merged.resolve("incoming");
        long size = 0;
        int files = 0;
        while (size <= org.asynciotck.report.MergeBudget.MAX_TOTAL_BYTES) {
            ObjectNode big = real.deepCopy(); // a valid file whose first eleven scenarios say a megabyte each
            int messages = 0;
            for (JsonNode rule : big.get("rules")) {
                for (JsonNode scenario : rule.get("scenarios")) {
                    if (messages++ < 11) {
                        ((ObjectNode) scenario).put("message", "p".repeat(1000 * 1000));
                    }
                }
            }
            Path file = incoming.resolve("big-" + files + "/conformance.json");
            write(file, big);
            size += Files.size(file);
            files++;
        }

        int code = kit(merged, out, err, "matrix", "--from", incoming.toString(),
                "--out", merged.resolve("out").toString(), "--no-allure-html");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("big-" + (files - 1))
                .contains("bytes one matrix merges").contains("merge the rest into another --out folder");
        JsonNode matrix = JSON.readTree(merged.resolve("out/matrix.json").toFile());
        assertThat(matrix.get("implementations")).hasSize(files - 1);
    }

    @Test
    void everyMergedColumnHasTheBadgeTheMatrixLinks_andTheConsoleSaysWhichFileBecameWhichColumn() throws IOException {
        // issue 27, case 10: matrix.md linked badge.svg in merged folders that had none, and two files of one id
        // became reference and reference-2 with nothing saying which was which
        Path twice = merged.resolve("twice");
        for (String job : new String[] {"first", "second"}) {
            Files.createDirectories(twice.resolve(job));
            Files.copy(jobs.resolve("linux-job/reference/conformance.json"), twice.resolve(job + "/conformance.json"));
        }

        int code = kit(merged, out, err, "matrix", "--from", twice.toString(), "--out", merged.resolve("out").toString(),
                "--no-allure-html");

        assertThat(code).as(err.toString()).isZero();
        String md = Files.readString(merged.resolve("out/matrix.md"));
        java.util.regex.Matcher badges = java.util.regex.Pattern.compile("\\]\\(([^)]+/badge\\.svg)\\)").matcher(md);
        int linked = 0;
        while (badges.find()) {
            assertThat(merged.resolve("out").resolve(badges.group(1))).as(badges.group(1)).isRegularFile();
            linked++;
        }
        assertThat(linked).isEqualTo(2);
        String sep = java.util.regex.Pattern.quote(java.io.File.separator);
        assertThat(err.toString())
                .containsPattern("== merged \\S*first" + sep + "conformance.json as reference \\(")
                .containsPattern("== merged \\S*second" + sep + "conformance.json as reference-2 \\(reference is another"
                        + " column's\\)");
    }

    @Test
    void aMergedColumnNeverReplacesTheReportsOfARunMadeInTheSameFolder() throws IOException {
        // issue 27, case 7: a local run wrote merged/reference; a merged file whose id is also "reference" used to
        // replace its conformance.json and certificate.html and leave its other files beside them
        assertThat(kit(merged, new StringWriter(), err, "run", "--impl", "reference-sync", "--no-allure-html",
                "--no-explore", "--tags", "@NTODO-3", "--out", merged.resolve("reference").toString()))
                .as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);
        String localJson = Files.readString(merged.resolve("reference/conformance.json"));
        String localCertificate = Files.readString(merged.resolve("reference/certificate.html"));

        for (int time = 1; time <= 2; time++) { // and the same merge again finds its own folder, not a third
            int code = kit(merged, out, err, "matrix", "--from", jobs.resolve("linux-job").toString(), "--out",
                    merged.toString(), "--no-allure-html");

            assertThat(code).as(err.toString()).isZero();
            JsonNode matrix = JSON.readTree(merged.resolve("matrix.json").toFile());
            assertThat(matrix.at("/implementations/0/key").asText()).isEqualTo("reference-2");
            assertThat(merged.resolve("reference-2/conformance.json")).isRegularFile();
            assertThat(merged.resolve("reference-3")).doesNotExist();
            assertThat(Files.readString(merged.resolve("reference/conformance.json"))).isEqualTo(localJson);
            assertThat(Files.readString(merged.resolve("reference/certificate.html"))).isEqualTo(localCertificate);
        }
    }

    @Test
    void aFileThatFailsTheSchemaOrComesFromAnotherCatalogueIsRefusedAndTheOtherColumnsStay() throws IOException {
        Path bad = merged.resolve("incoming");
        JsonNode good = JSON.readTree(jobs.resolve("linux-job/reference/conformance.json").toFile());
        ObjectNode noSummary = good.deepCopy();
        noSummary.remove("summary");
        write(bad.resolve("no-summary/conformance.json"), noSummary);
        ObjectNode otherCatalogue = good.deepCopy();
        ObjectNode first = (ObjectNode) ((ArrayNode) otherCatalogue.get("rules")).get(0);
        first.put("id", "GONE-1");
        write(bad.resolve("old-kit/conformance.json"), otherCatalogue);
        ObjectNode relevelled = good.deepCopy();
        ((ObjectNode) ((ArrayNode) relevelled.get("rules")).get(0)).put("level", "INFO");
        write(bad.resolve("relevelled/conformance.json"), relevelled);
        Path out = merged.resolve("matrix");

        int code = kit(merged, this.out, err, "matrix", "--from", jobs.resolve("linux-job").toString(), bad.toString(),
                "--out", out.toString(), "--no-allure-html");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString())
                .contains("refused " + bad.resolve("no-summary/conformance.json") + ": fails docs/conformance.schema.json")
                .contains("summary")
                .contains("refused " + bad.resolve("old-kit/conformance.json")
                        + ": comes from an incompatible catalogue").contains("GONE-1")
                .contains("refused " + bad.resolve("relevelled/conformance.json") + ": comes from an incompatible catalogue")
                .contains("rules whose level changed: ").contains("is INFO there")
                .contains("3 conformance.json files were refused (above); the matrix has the other 1 column");
        JsonNode matrix = JSON.readTree(out.resolve("matrix.json").toFile());
        assertThat(matrix.get("implementations")).hasSize(1);
        assertThat(matrix.at("/implementations/0/key").asText()).isEqualTo("reference");
    }

    private static void write(Path file, JsonNode node) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, JSON.writeValueAsString(node));
    }

    private static JsonNode rule(JsonNode matrix, String id) {
        for (JsonNode rule : matrix.get("rules")) {
            if (rule.get("id").asText().equals(id)) {
                return rule;
            }
        }
        throw new AssertionError("no rule " + id);
    }

    private static java.util.List<String> schemaProblems(String file, JsonNode document) throws IOException {
        Path here = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(here.resolve("docs").resolve(file))) {
            here = here.getParent();
        }
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.newInputStream(here.resolve("docs").resolve(file))).validate(document).stream()
                .map(Error::toString).toList();
    }
}
