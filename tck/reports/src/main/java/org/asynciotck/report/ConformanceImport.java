package org.asynciotck.report;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.Coverage;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profiles;

/**
 * Reads back a conformance.json produced elsewhere (another machine, another CI job) as a column of
 * a merged matrix ({@code matrix --from DIR}), the way test262.fyi and wpt.fyi combine runs.
 *
 * <p>A file is refused, with the reason, when it fails docs/conformance.schema.json (checked with
 * networknt's validator), when it names a rule this kit's catalogue does not have or gives a rule
 * another level (an incompatible catalogue version: its verdicts would mean something else here),
 * or when its recorded verdict disagrees with what its own rules give. A refused file never costs
 * the other columns: the caller reports it and goes on.
 */
public final class ConformanceImport {

    /** Where the schema is on the classpath (copied from docs/ by the build). */
    static final String SCHEMA_RESOURCE = "/schemas/conformance.schema.json";
    /** How deep under a --from folder conformance.json files are looked for (DIR/conformance.json, DIR/id/...). */
    private static final int SEARCH_DEPTH = 4;
    /** At most this many schema errors are named in a refusal. */
    private static final int LISTED_ERRORS = 5;

    private static volatile Schema schema;

    private ConformanceImport() {}

    /** A conformance.json that could not be merged; the message says which file and why. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(Path file, String why) {
            super(file + ": " + why);
        }
    }

    /**
     * A merged column: the run as recorded, where and when it was made, and the bytes it was read from
     * (the copy written beside the column is these bytes, never the file read again: it may have changed).
     */
    public record Imported(Path file, RunResult result, Provenance provenance, byte[] bytes) {}

    /** The largest conformance.json merged: a whole run's is well under a megabyte; a bigger file is refused unread. */
    public static final long MAX_BYTES = 16L * 1024 * 1024;
    /** The longest string a conformance.json may hold: a failure message is a few kilobytes. */
    static final int MAX_STRING_CHARS = 1024 * 1024;
    /** How deep its values may nest: the schema's own depth is under ten. */
    static final int MAX_DEPTH = 32;
    /** How many JSON tokens it may hold: a whole run's has about fifteen thousand; the tree read costs memory per token. */
    static final long MAX_TOKENS = 1_000_000;

    private static final ObjectMapper JSON = bounded(ReportJson.newMapper());

    private static ObjectMapper bounded(ObjectMapper mapper) {
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxStringLength(MAX_STRING_CHARS).maxNestingDepth(MAX_DEPTH).maxTokenCount(MAX_TOKENS)
                .maxDocumentLength(MAX_BYTES).build());
        return mapper;
    }

    /** Every conformance.json under {@code folder} (the folder itself, or a reports folder of several), sorted. */
    public static List<Path> find(Path folder) throws IOException {
        if (Files.isRegularFile(folder)) {
            return List.of(folder);
        }
        if (!Files.isDirectory(folder)) {
            throw new java.nio.file.NoSuchFileException(folder.toString(), null, "no such folder");
        }
        try (Stream<Path> files = Files.walk(folder, SEARCH_DEPTH)) {
            // links are kept, so that read() refuses them by name instead of skipping them without a word
            return files.filter(p -> p.getFileName().toString().equals(ReportWriter.CONFORMANCE_JSON))
                    .filter(p -> Files.isRegularFile(p) || Files.isSymbolicLink(p)).sorted().toList();
        }
    }

    /** Reads, validates and checks one file against this kit's catalogue. */
    public static Imported read(Path file, RuleCatalogue catalogue) throws Refused {
        return read(file, bytesOf(file), catalogue);
    }

    /** Validates and checks the bytes read from {@code file}, which names them in refusals (the fuzz tests' entry). */
    static Imported read(Path file, byte[] bytes, RuleCatalogue catalogue) throws Refused {
        JsonNode tree;
        try {
            tree = JSON.readTree(bytes);
        } catch (StreamConstraintsException e) {
            // the bound's own words (lengths and limits), never the file's text
            throw new Refused(file, "holds more than a conformance.json may (" + e.getOriginalMessage() + ")");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // where, never what: the parser's message quotes the file's text
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            throw new Refused(file, "not readable as JSON" + (at == null ? ""
                    : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (IOException e) {
            throw new Refused(file, "not readable: " + e.getClass().getSimpleName());
        }
        if (tree == null || tree.isMissingNode()) {
            throw new Refused(file, "is empty");
        }
        List<String> errors = schema().validate(tree).stream().map(Error::toString).toList();
        if (!errors.isEmpty()) {
            throw new Refused(file, "fails docs/conformance.schema.json (" + errors.size() + " error"
                    + (errors.size() == 1 ? "" : "s") + "): " + String.join("; ",
                    errors.subList(0, Math.min(LISTED_ERRORS, errors.size()))));
        }
        ConformanceReport report;
        try {
            report = JSON.treeToValue(tree, ConformanceReport.class);
        } catch (IOException e) {
            throw new Refused(file, "does not read as a conformance report: " + e.getMessage());
        }
        checkCatalogue(file, report, catalogue);
        RunResult result = result(file, report, catalogue);
        if (result.conformant() != report.summary().conformant()) {
            throw new Refused(file, "says conformant=" + report.summary().conformant()
                    + " but its rules give conformant=" + result.conformant() + "; the file was edited or is damaged");
        }
        return new Imported(file, result,
                report.provenance() == null ? Provenance.UNKNOWN : report.provenance(), bytes);
    }

    /**
     * The file's bytes, read once through a descriptor that refuses a link (checked and read in one step:
     * a file swapped for a link after a check would otherwise be followed), and never more than
     * {@link #MAX_BYTES} of them.
     */
    private static byte[] bytesOf(Path file) throws Refused {
        try (SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new Refused(file, "is not a regular file; the kit merges only regular files");
            }
            if (channel.size() > MAX_BYTES) {
                throw new Refused(file, "is " + channel.size() + " bytes, more than the " + MAX_BYTES
                        + " a conformance.json may have (a whole run's is well under a megabyte)");
            }
            ByteArrayOutputStream read = new ByteArrayOutputStream((int) channel.size());
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            while (channel.read(buffer) >= 0) {
                if (read.size() + buffer.position() > MAX_BYTES) {
                    throw new Refused(file, "grew past the " + MAX_BYTES + " bytes a conformance.json may have while it was read");
                }
                read.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return read.toByteArray();
        } catch (IOException e) {
            if (Files.isSymbolicLink(file)) {
                // refused by the descriptor, never followed: a link could name any file of the machine,
                // whose contents a refusal would show
                throw new Refused(file, "is a link or not a regular file; the kit merges only regular files");
            }
            throw new Refused(file, "not readable: " + e.getClass().getSimpleName());
        }
    }

    /** Every rule of the file must be a rule of this catalogue, at the same level. */
    private static void checkCatalogue(Path file, ConformanceReport report, RuleCatalogue catalogue) throws Refused {
        List<String> unknown = new ArrayList<>();
        List<String> relevelled = new ArrayList<>();
        for (ConformanceReport.Rule rule : report.rules()) {
            var known = catalogue.find(rule.id());
            if (known.isEmpty()) {
                unknown.add(rule.id());
            } else if (!known.get().level().name().equals(rule.level())) {
                relevelled.add(rule.id() + " is " + rule.level() + " there, " + known.get().level() + " here");
            }
        }
        if (!unknown.isEmpty() || !relevelled.isEmpty()) {
            List<String> why = new ArrayList<>();
            if (!unknown.isEmpty()) {
                why.add("rules this kit's catalogue does not have: " + String.join(", ", unknown));
            }
            if (!relevelled.isEmpty()) {
                why.add("rules whose level changed: " + String.join(", ", relevelled));
            }
            throw new Refused(file, "comes from an incompatible catalogue (kit " + report.kit().version()
                    + "); " + String.join("; ", why) + ". Certify it again with this kit");
        }
    }

    private static RunResult result(Path file, ConformanceReport report, RuleCatalogue catalogue) throws Refused {
        ConformanceReport.Implementation impl = report.implementation();
        ImplementationInfo info;
        try {
            ApiLevel level = ApiLevel.parse(impl.apiLevel());
            info = new ImplementationInfo(impl.id(), impl.name(), impl.version(), impl.python(), level,
                    Set.copyOf(impl.capabilities()), Profiles.declared(impl.profiles(), level), impl.identity());
        } catch (IllegalArgumentException e) {
            throw new Refused(file, "its implementation does not read: " + e.getMessage());
        }
        List<RuleResult> rules = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ConformanceReport.Rule rule : report.rules()) {
            if (!seen.add(rule.id())) {
                throw new Refused(file, "lists rule " + rule.id() + " twice");
            }
            RuleLevel level = RuleLevel.valueOf(rule.level());
            List<ScenarioResult> scenarios = rule.scenarios().stream().map(s -> new ScenarioResult(s.name(),
                    s.verdict(), s.message(), s.feature(), s.line(), List.of(rule.id(), level.name()), s.timeline())).toList();
            if (scenarios.stream().noneMatch(s -> s.verdict() == rule.verdict())) {
                throw new Refused(file, "rule " + rule.id() + " has verdict " + rule.verdict().wireName()
                        + " but no scenario with it");
            }
            rules.add(new RuleResult(rule.id(), rule.title(), level, rule.verdict(), scenarios));
        }
        ConformanceReport.CoverageSummary c = report.summary().coverage();
        List<String> notRun = new ArrayList<>(c.notRun());
        for (CatalogueRule rule : catalogue.rules()) {
            if (!seen.contains(rule.id()) && !notRun.contains(rule.id())) {
                notRun.add(rule.id()); // a rule added to the catalogue since: not run there
            }
        }
        Coverage coverage = new Coverage(catalogue.rules().size(), c.checked(), c.otherProfiles(), c.notApplicable(),
                notRun, c.coreNotApplicable());
        org.asynciotck.steps.IterationDriver iterations;
        try {
            iterations = report.iterations() == null ? null
                    : org.asynciotck.steps.IterationDriver.ofWire(report.iterations().drivenBy(), report.iterations().why());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new Refused(file, "its iterations do not read: " + e.getMessage());
        }
        Exploration exploration;
        try {
            exploration = report.exploration() == null ? null : report.exploration().toExploration();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new Refused(file, "its exploration does not read: " + e.getMessage());
        }
        return new RunResult(info, rules, report.complete(), coverage, iterations, exploration);
    }

    private static Schema schema() {
        Schema loaded = schema;
        if (loaded == null) {
            try (InputStream in = ConformanceImport.class.getResourceAsStream(SCHEMA_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the kit is missing " + SCHEMA_RESOURCE + " (a build problem)");
                }
                loaded = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            schema = loaded;
        }
        return loaded;
    }
}
