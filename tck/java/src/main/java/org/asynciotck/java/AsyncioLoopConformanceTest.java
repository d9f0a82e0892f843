package org.asynciotck.java;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.asynciotck.KitVersion;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.report.ReportWriter;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Certifies a Java loop in a JUnit 5 build, as the reactive-streams TCK certifies a publisher: extend this
 * class, return your {@link JavaLoopProvider}, and the kit's whole feature suite runs on your loop. Each
 * rule becomes one test named {@code "NTODO-1 MUST <title>"}:
 * <ul>
 *   <li>a MUST rule that does not pass fails, with the kit's failure text (rule, expected, observed, where);</li>
 *   <li>a SHOULD or INFO rule that does not pass is reported aborted (skipped) with that text, and fails only
 *       when asked: {@code -Dasynciotck.failOn=SHOULD} (or {@code INFO}, which fails both);</li>
 *   <li>a rule that is not applicable (a capability the loop does not declare, an optional {@link JavaLoop}
 *       method it does not support, another profile) is aborted with the reason, except a core rule
 *       (docs/core.md), which fails: a loop that cannot be checked on it is not conformant.</li>
 * </ul>
 * The run also writes the kit's reports (conformance.json, certificate.html, badge.svg, junit.xml) into
 * {@link #reportFolder()}. {@code -Dasynciotck.tags=EXPR} selects scenarios with a Cucumber tag expression.
 * The run ends with the exploration stage (EXPLORE-1): generated programs on the loop and on the reference
 * loop, each divergence failing the rule it breaks; {@code asynciotck.explore.seed}, {@code .programs} and
 * {@code .seconds} set its budget, {@code -Dasynciotck.explore=false} turns it off (the certificate then says
 * so) ({@link #exploration()}).
 *
 * @since 0.1
 */
public abstract class AsyncioLoopConformanceTest {

    /** System property: the lowest level whose failures fail the build (MUST by default). */
    public static final String FAIL_ON_PROPERTY = "asynciotck.failOn";
    /** System property: a Cucumber tag expression selecting scenarios. */
    public static final String TAGS_PROPERTY = "asynciotck.tags";

    /** System property: false turns off the exploration stage that ends every run. */
    public static final String EXPLORE_PROPERTY = "asynciotck.explore";
    /** System properties of the exploration's budget: the seed, the most programs, the bound in seconds. */
    public static final String EXPLORE_SEED_PROPERTY = "asynciotck.explore.seed";
    public static final String EXPLORE_PROGRAMS_PROPERTY = "asynciotck.explore.programs";
    public static final String EXPLORE_SECONDS_PROPERTY = "asynciotck.explore.seconds";

    /** The loop under test. */
    protected abstract JavaLoopProvider provider();

    /**
     * The exploration stage's budget: {@link ExplorationBudget#DEFAULT}, as the three budget properties change
     * it; off where {@value #EXPLORE_PROPERTY} is false.
     *
     * @throws IllegalArgumentException naming the property whose value does not read
     */
    protected ExplorationBudget exploration() {
        ExplorationBudget budget = ExplorationBudget.DEFAULT;
        String seed = System.getProperty(EXPLORE_SEED_PROPERTY);
        String programs = System.getProperty(EXPLORE_PROGRAMS_PROPERTY);
        String seconds = System.getProperty(EXPLORE_SECONDS_PROPERTY);
        try {
            budget = seed == null ? budget : budget.withSeed(Long.parseLong(seed.trim()));
            budget = programs == null ? budget : budget.withPrograms(Integer.parseInt(programs.trim()));
            budget = seconds == null ? budget : budget.withTime(Duration.ofSeconds(Long.parseLong(seconds.trim())));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad exploration budget (" + EXPLORE_SEED_PROPERTY + ", "
                    + EXPLORE_PROGRAMS_PROPERTY + ", " + EXPLORE_SECONDS_PROPERTY + " are whole numbers): " + e.getMessage());
        }
        String on = System.getProperty(EXPLORE_PROPERTY, "true").trim();
        if (!on.equalsIgnoreCase("true") && !on.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("bad " + EXPLORE_PROPERTY + " [" + on + "]: use true (the default) or"
                    + " false (the certificate then says the stage was off)");
        }
        return on.equalsIgnoreCase("true") ? budget : budget.turnedOff();
    }

    /** Where the reports go: {@code target/asyncio-tck/<id>/} by default. */
    protected Path reportFolder() {
        return Path.of("target", "asyncio-tck", provider().id());
    }

    /** The scenarios to run: the {@value #TAGS_PROPERTY} system property, else all. */
    protected String tags() {
        return System.getProperty(TAGS_PROPERTY);
    }

    /** The lowest level whose failures fail the build: {@value #FAIL_ON_PROPERTY}, else MUST. */
    protected RuleLevel failOn() {
        return RuleLevel.valueOf(System.getProperty(FAIL_ON_PROPERTY, "MUST").trim().toUpperCase(Locale.ROOT));
    }

    /** One test per rule of the rule book, in the order the rules ran. */
    @TestFactory
    List<DynamicTest> conformance() {
        RunResult result = certify(new JavaLoopImplementation(provider()), reportFolder(), tags(), exploration());
        RuleLevel failOn = failOn();
        Set<String> coreNotApplicable = Set.copyOf(result.coverage().coreNotApplicable());
        List<DynamicTest> tests = new ArrayList<>();
        for (RuleResult rule : result.rules()) {
            tests.add(DynamicTest.dynamicTest(rule.id() + " " + rule.level() + " " + rule.title(),
                    () -> judge(rule, coreNotApplicable.contains(rule.id()), failOn)));
        }
        tests.add(DynamicTest.dynamicTest("certificate: " + result.headline(), () -> {
            if (!result.complete()) {
                throw new AssertionFailedError("the run did not complete: " + result.headline());
            }
        }));
        return tests;
    }

    /**
     * Runs the feature suite on {@code implementation}, with the default exploration stage, and writes the
     * reports into {@code folder}.
     */
    public static RunResult certify(JavaLoopImplementation implementation, Path folder, String tags) {
        return certify(implementation, folder, tags, ExplorationBudget.DEFAULT);
    }

    /** The same, with the exploration stage's {@code budget}. */
    public static RunResult certify(JavaLoopImplementation implementation, Path folder, String tags,
            ExplorationBudget budget) {
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER);
        RunResult result = new ConformanceRun(RunConfiguration.of(implementation, tags, folder), catalogue,
                ScenarioListener.none()).exploring(budget, "the same test with -D" + EXPLORE_SEED_PROPERTY + "="
                        + budget.seed() + " -D" + EXPLORE_PROGRAMS_PROPERTY + "=" + budget.programs()).execute();
        try {
            new ReportWriter(folder, KitVersion.get()).write(result);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the reports into " + folder, e);
        }
        return result;
    }

    /** Passes, fails or aborts the test of one rule, as the class comment says. */
    static void judge(RuleResult rule, boolean coreNotApplicable, RuleLevel failOn) {
        if (rule.verdict() == Verdict.PASS) {
            return;
        }
        String why = explain(rule);
        if (rule.verdict() == Verdict.NOT_APPLICABLE) {
            if (coreNotApplicable) {
                throw new AssertionFailedError("[" + rule.id() + "] is a core rule and was not applicable, so the loop "
                        + "is not conformant (docs/core.md): " + why);
            }
            throw new TestAbortedException(why);
        }
        if (rule.level().compareTo(failOn) <= 0) {
            throw new AssertionFailedError(why);
        }
        throw new TestAbortedException(rule.level() + " rule not passed (" + rule.verdict().wireName()
                + "); it fails the build only with -D" + FAIL_ON_PROPERTY + "=" + rule.level() + ": " + why);
    }

    /** The kit's own text: the decisive scenario's message and where it is, once per distinct message. */
    private static String explain(RuleResult rule) {
        return rule.scenarios().stream().filter(s -> s.verdict() == rule.verdict())
                .map(AsyncioLoopConformanceTest::describe).distinct()
                .collect(Collectors.joining("\n"));
    }

    private static String describe(ScenarioResult scenario) {
        String message = scenario.message().isBlank() ? scenario.verdict().wireName() : scenario.message();
        return message.contains(scenario.location()) ? message + " [scenario: " + scenario.name() + "]"
                : message + " (" + scenario.name() + ", " + scenario.location() + ")";
    }
}
