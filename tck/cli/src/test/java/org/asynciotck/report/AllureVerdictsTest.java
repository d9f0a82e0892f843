package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllureVerdictsTest {

    @TempDir
    Path folder;

    @Test
    void aShouldCrashIsAPassedWarningInBothCategoriesAndAMustBlockIsBroken() {
        assertThat(AllureVerdicts.status(Verdict.CRASHED, RuleLevel.SHOULD)).isEqualTo("passed");
        assertThat(AllureVerdicts.status(Verdict.CRASHED, RuleLevel.MUST)).isEqualTo("broken");
        assertThat(AllureVerdicts.status(Verdict.TIMED_OUT, RuleLevel.MUST)).isEqualTo("broken");
        assertThat(AllureVerdicts.status(Verdict.BLOCKED, RuleLevel.MUST)).isEqualTo("broken");
        assertThat(AllureVerdicts.status(Verdict.NOT_RUN, RuleLevel.INFO)).isEqualTo("unknown");
        assertThat(AllureVerdicts.status(Verdict.FAIL, RuleLevel.INFO)).isEqualTo("passed");
        assertThat(AllureVerdicts.message(ReportFixtures.scenario("s", Verdict.CRASHED, "crashed (signal 11)",
                "LOOP-4", "SHOULD"))).isEqualTo("crashed (SHOULD warning): crashed (signal 11)");
        assertThat(AllureVerdicts.message(ReportFixtures.scenario("s", Verdict.BLOCKED, "LIFE-1 hung",
                "LOOP-5", "MUST"))).isEqualTo("blocked (MUST): LIFE-1 hung");
    }

    @Test
    void scenariosAllureNeverFinishedGetAResultOfTheirOwnLikeTheNotRunOfACutRun() throws IOException {
        Files.createDirectories(folder.resolve("allure-results"));
        RunResult cut = RunResult.of(ReportFixtures.info("loop-x"), List.of(
                ReportFixtures.scenario("passes", Verdict.PASS, "", "LOOP-1", "MUST"),
                ReportFixtures.scenario("never ran", Verdict.NOT_RUN, "not run: run interrupted", "LOOP-2", "MUST"),
                ReportFixtures.scenario("crashes", Verdict.CRASHED, "crashed (signal 11)", "LOOP-4", "SHOULD")),
                RuleCatalogue.of(Map.of()), false);

        AllureVerdicts.apply(folder, cut, "9.9");

        Map<String, JsonNode> byName = new HashMap<>();
        try (Stream<Path> files = Files.list(folder.resolve("allure-results"))) {
            for (Path file : files.filter(p -> p.toString().endsWith("-result.json")).toList()) {
                JsonNode result = new ObjectMapper().readTree(file.toFile());
                byName.put(result.get("name").asText(), result);
            }
        }
        assertThat(byName).containsOnlyKeys("passes", "never ran", "crashes");
        assertThat(byName.get("never ran").get("status").asText()).isEqualTo("unknown");
        assertThat(byName.get("never ran").at("/statusDetails/message").asText())
                .isEqualTo("not-run: not run: run interrupted");
        assertThat(byName.get("crashes").get("status").asText()).isEqualTo("passed");
        assertThat(byName.get("crashes").findValuesAsText("value")).contains("LOOP-4", "normal", "crashed", "loop-x");
        String environment = Files.readString(folder.resolve("allure-results/environment.properties"));
        assertThat(environment).contains("implementation = Loop <b>&</b> co 1.2\n", "interpreter = Python 3.12.1\n",
                "kit_version = 9.9\n", "identity = loop-x\n", "variant = -\n");
    }
}
