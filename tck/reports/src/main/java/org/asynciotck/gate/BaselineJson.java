package org.asynciotck.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.asynciotck.report.ReportJson;
import org.asynciotck.runner.Verdict;

/**
 * The JSON form of a {@link Baseline}. Reading is strict: an unknown field, a missing reason or a
 * verdict that is not a problem is an error naming where it is, because a typo in a CI baseline
 * must not silently loosen the gate.
 */
final class BaselineJson {

    private static final Pattern RULE_ID = Pattern.compile("^[A-Z]+-[0-9]+$");
    private static final String PROBLEM_VERDICTS = Arrays.stream(Verdict.values()).filter(Verdict::isProblem)
            .map(Verdict::wireName).collect(Collectors.joining(", "));

    private static final ObjectMapper MAPPER = ReportJson.newMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

    /** The file as written: implementations → rules → expected verdict. */
    record FileForm(Map<String, EntryForm> implementations) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"version", "rules"})
    record EntryForm(String version, Map<String, RuleForm> rules) {}

    record RuleForm(String verdict, String reason) {}

    /** The largest baseline read: it is read whole; a bigger file is refused unread. */
    static final long MAX_BYTES = 16L * 1024 * 1024;

    private BaselineJson() {}

    static Baseline read(Path file) throws BaselineException {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new BaselineException(file, "is " + Files.size(file) + " bytes, more than the " + MAX_BYTES
                        + " a baseline may have (one of every rule of a dozen implementations is under 100 KB)", null);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new BaselineException(file, "does not exist: give the path of a baseline file (docs/baseline.md)", e);
        } catch (IOException e) {
            throw new BaselineException(file, "cannot be read: " + e, e);
        }
        return read(file, bytes);
    }

    /** A baseline from the bytes read from {@code file}, which names them in messages (the fuzz tests' entry). */
    static Baseline read(Path file, byte[] bytes) throws BaselineException {
        if (new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            throw new BaselineException(file, "is empty (was it the target of a '>' redirection in the same command? "
                    + "write the new baseline to another file, then move it)", null);
        }
        FileForm form;
        try {
            form = MAPPER.readValue(bytes, FileForm.class);
        } catch (UnrecognizedPropertyException e) {
            throw new BaselineException(file, "has an unknown field \"" + e.getPropertyName() + "\" at " + path(e)
                    + where(e.getLocation()) + ": known fields there are " + e.getKnownPropertyIds(), e);
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof StreamReadException syntax) {
                // Databind wraps the parser's complaint; the file is broken JSON, not a wrong shape.
                throw invalidJson(file, syntax);
            }
            throw new BaselineException(file, "is not a baseline: " + firstLine(e) + " at " + path(e)
                    + where(e.getLocation()), e);
        } catch (JsonProcessingException e) {
            throw invalidJson(file, e);
        } catch (IOException e) {
            throw new BaselineException(file, "cannot be read: " + e, e);
        }
        try {
            return toBaseline(form);
        } catch (IllegalArgumentException e) {
            throw new BaselineException(file, "is not a baseline: " + e.getMessage(), e);
        }
    }

    private static Baseline toBaseline(FileForm form) {
        if (form == null || form.implementations() == null) {
            throw new IllegalArgumentException("the top-level \"implementations\" object is missing");
        }
        Map<String, ImplementationBaseline> implementations = new LinkedHashMap<>();
        form.implementations().forEach((id, entry) -> {
            if (entry == null || entry.rules() == null) {
                throw new IllegalArgumentException("implementation \"" + id + "\" has no \"rules\" object "
                        + "(write \"rules\": {} for an implementation expected to pass everything)");
            }
            Map<String, ExpectedVerdict> rules = new LinkedHashMap<>();
            entry.rules().forEach((ruleId, rule) -> rules.put(ruleId, toExpected(id, ruleId, rule)));
            if (entry.version() != null && entry.version().isBlank()) {
                throw new IllegalArgumentException("implementation \"" + id + "\": \"version\" is blank; "
                        + "leave it out or give the version the entry was recorded with");
            }
            implementations.put(id, new ImplementationBaseline(rules, entry.version()));
        });
        return new Baseline(implementations);
    }

    private static ExpectedVerdict toExpected(String implementation, String ruleId, RuleForm rule) {
        String where = "implementation \"" + implementation + "\", rule \"" + ruleId + "\"";
        if (!RULE_ID.matcher(ruleId).matches()) {
            throw new IllegalArgumentException(where + ": not a rule ID; write it as in 'asyncio-tck rules', e.g. INIT-1");
        }
        if (rule == null || rule.verdict() == null) {
            throw new IllegalArgumentException(where + ": \"verdict\" is missing; use one of " + PROBLEM_VERDICTS);
        }
        Verdict verdict = Arrays.stream(Verdict.values()).filter(v -> v.wireName().equals(rule.verdict())).findFirst()
                .filter(Verdict::isProblem)
                .orElseThrow(() -> new IllegalArgumentException(where + ": verdict [" + rule.verdict()
                        + "] is not one a baseline can expect; use one of " + PROBLEM_VERDICTS
                        + " (a rule expected to pass is simply left out)"));
        if (rule.reason() == null || rule.reason().isBlank()) {
            throw new IllegalArgumentException(where + ": \"reason\" is missing or blank; say why the verdict is accepted");
        }
        return new ExpectedVerdict(verdict, rule.reason());
    }

    static void write(Baseline baseline, Writer out) throws IOException {
        Map<String, EntryForm> implementations = new LinkedHashMap<>();
        baseline.implementations().forEach((id, entry) -> {
            Map<String, RuleForm> rules = new LinkedHashMap<>();
            entry.rules().forEach((ruleId, expected) ->
                    rules.put(ruleId, new RuleForm(expected.verdict().wireName(), expected.reason())));
            implementations.put(id, new EntryForm(entry.version(), rules));
        });
        out.write(WRITER.writeValueAsString(new FileForm(implementations)));
        out.write(System.lineSeparator());
        out.flush();
    }

    private static BaselineException invalidJson(Path file, JsonProcessingException e) {
        return new BaselineException(file, "is not valid JSON: " + firstLine(e) + where(e.getLocation()), e);
    }

    /** Jackson's own words, without the "(start marker at [Source: ...])" tail that only repeats the location. */
    private static String firstLine(JsonProcessingException e) {
        String message = e.getOriginalMessage().lines().findFirst().orElse("");
        int tail = message.indexOf(" (start marker at");
        return tail < 0 ? message : message.substring(0, tail);
    }

    /** "implementations.cpython-3.12.1-c.rules.INIT-1", from Jackson's path of the failing field. */
    private static String path(JsonMappingException e) {
        String path = e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
        return path.isEmpty() ? "the top level" : path;
    }

    private static String where(JsonLocation location) {
        return location == null || location.getLineNr() < 0 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
