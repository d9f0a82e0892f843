package org.asynciotck.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ImplementationInfo;

/**
 * The content of matrix.json, and what matrix.html / matrix.md show: every rule of the
 * catalogue down, every implementation across. {@code docs} reads it back to show verdicts.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"kit", "implementations", "rules"})
public record MatrixReport(String kit, List<Implementation> implementations, List<Rule> rules) {

    /** The cell of an implementation that could not be started. */
    public static final String COULD_NOT_START = "could-not-start";
    /** The cell of a rule that a run did not select (--tags). */
    public static final String NOT_RUN = "not-run";

    /**
     * @param key            the column's key and report folder
     * @param startError     why it could not be started, or null
     * @param mustPassed     MUST rules passed (badge numerator), 0 when not started
     * @param mustApplicable MUST rules applicable (badge denominator), 0 when not started
     * @param provenance     where and when the column was produced (null in a matrix.json older than it)
     * @param merged         true for a column merged from a conformance.json made elsewhere ({@code --from})
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"key", "spec", "id", "name", "version", "python", "started", "start_error", "complete",
        "conformant", "must_passed", "must_applicable", "provenance", "merged"})
    public record Implementation(
            String key, String spec, String id, String name, String version, String python, boolean started,
            @JsonProperty("start_error") String startError, boolean complete, boolean conformant,
            @JsonProperty("must_passed") long mustPassed, @JsonProperty("must_applicable") long mustApplicable,
            Provenance provenance, boolean merged) {}

    /** @param cells by implementation key */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"id", "level", "title", "family", "cells"})
    public record Rule(String id, String level, String title, String family, Map<String, Cell> cells) {}

    /**
     * @param verdict a {@link Verdict} wire name, {@link #NOT_RUN} or {@link #COULD_NOT_START}
     * @param label   what a person reads: the verdict, or for INFO rules "info: as asyncio" / "info: differs"
     */
    @JsonPropertyOrder({"verdict", "label", "reason"})
    public record Cell(String verdict, String label, String reason) {}

    public static MatrixReport of(RuleCatalogue catalogue, List<MatrixColumn> columns, String kitVersion) {
        List<Implementation> implementations = columns.stream().map(MatrixReport::implementation).toList();
        List<Rule> rules = catalogue.rules().stream().map(rule -> rule(rule, columns)).toList();
        return new MatrixReport(kitVersion, implementations, rules);
    }

    private static Implementation implementation(MatrixColumn column) {
        if (!column.started()) {
            return new Implementation(column.key(), column.spec(), null, null, null, null, false, column.startError(),
                    false, false, 0, 0, column.provenance(), column.merged());
        }
        ImplementationInfo info = column.result().implementation();
        return new Implementation(column.key(), column.spec(), info.id(), info.name(), info.version(), info.python(),
                true, null, column.result().complete(), column.result().conformant(), column.result().mustPassed(),
                column.result().mustApplicable(), column.provenance(), column.merged());
    }

    private static Rule rule(CatalogueRule rule, List<MatrixColumn> columns) {
        Map<String, Cell> cells = new LinkedHashMap<>();
        for (MatrixColumn column : columns) {
            cells.put(column.key(), cell(rule.id(), column));
        }
        return new Rule(rule.id(), rule.level().name(), rule.title(), rule.family(), cells);
    }

    private static Cell cell(String ruleId, MatrixColumn column) {
        if (!column.started()) {
            return new Cell(COULD_NOT_START, COULD_NOT_START, "could not start: " + column.startError());
        }
        return column.result().rules().stream().filter(r -> r.id().equals(ruleId)).findFirst()
                .map(r -> new Cell(r.verdict().wireName(), VerdictLabel.of(r.level(), r.verdict()), reason(r)))
                .orElse(new Cell(NOT_RUN, NOT_RUN, "no scenario of this rule was selected"));
    }

    /** The deciding scenario's message and where it is; the verdict alone for a pass. */
    private static String reason(RuleResult rule) {
        if (rule.verdict() == Verdict.PASS) {
            return "pass";
        }
        ScenarioResult decisive = rule.decisiveScenario();
        return decisive.message() + " (" + decisive.name() + ", " + decisive.location() + ")";
    }

    /** The text a cell shows: the verdict, or "could not start: reason". */
    public static String shown(Cell cell) {
        return COULD_NOT_START.equals(cell.verdict()) ? cell.reason() : cell.label();
    }
}
