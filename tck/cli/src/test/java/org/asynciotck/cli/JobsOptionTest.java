package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.runner.RunConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code run --jobs N}: a number of jobs outside 1..MAX_JOBS is a usage error that says what to give;
 * side by side, the run's progress is whole lines whose counts only go up, and its reports (Cucumber's
 * JUnit XML and HTML, Allure's results) are written and well-formed.
 */
class JobsOptionTest {

    @TempDir
    Path reports;

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "17"})
    void aNumberOfJobsOutsideTheRangeIsAUsageErrorNamingTheRange(String jobs) {
        StringWriter err = new StringWriter();

        int code = run(err, "run", "--jobs", jobs);

        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --jobs [" + jobs + "]: use 1 (one scenario at a time) to "
                + RunConfiguration.MAX_JOBS + " (scenarios side by side), e.g. --jobs 2");
        assertThat(reports).isEmptyDirectory();
    }

    @Test
    void aRunSideBySideWritesItsReportsAndPrintsWholeLinesWhoseCountsGoUp() throws Exception {
        StringWriter err = new StringWriter();
        Path out = reports.resolve("two");

        int code = run(err, "run", "--jobs", "2", "--out", out.toString());

        assertThat(code).as(err.toString()).isIn(ExitCode.CONFORMANT, ExitCode.NOT_CONFORMANT);
        assertThat(out.resolve("conformance.json")).isNotEmptyFile();
        // Well-formed, or the parser throws; one test case per scenario, however they interleaved.
        org.w3c.dom.Document junit = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(out.resolve(org.asynciotck.runner.ConformanceRun.CUCUMBER_JUNIT_XML).toFile());
        assertThat(junit.getElementsByTagName("testcase").getLength()).isPositive();
        assertThat(Files.readString(out.resolve("cucumber.html"))).contains("</html>");
        List<Path> allure;
        try (var files = Files.list(out.resolve(org.asynciotck.runner.AllureResults.FOLDER))) {
            allure = files.filter(file -> file.toString().endsWith(".json")).toList();
        }
        assertThat(allure).as("Allure's results").isNotEmpty();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (Path file : allure) {
            json.readTree(file.toFile()); // throws when a result is not well-formed JSON
        }
        List<String> lines = err.toString().lines().toList();
        Pattern count = Pattern.compile("^scenarios (\\d+)/(\\d+)");
        int last = 0;
        for (String line : lines) {
            assertThat(line).as("a whole progress line").matches("^(scenarios \\d+/\\d+.*|  \\S+ .*|warning: .*|note: .*)$");
            Matcher matcher = count.matcher(line);
            if (matcher.find()) {
                int finished = Integer.parseInt(matcher.group(1));
                assertThat(finished).as("the count after %d", last).isGreaterThan(last);
                last = finished;
            }
        }
        assertThat(last).as("the last count, in\n" + err).isPositive();
    }

    private int run(StringWriter err, String... args) {
        RunCommand.RunSettings settings = new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", reports);
        return Main.execute(args, ImplementationFactory.standard(), settings, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
    }
}
