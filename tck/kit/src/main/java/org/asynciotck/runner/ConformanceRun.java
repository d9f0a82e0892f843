package org.asynciotck.runner;

import static io.cucumber.junit.platform.engine.Constants.ANSI_COLORS_DISABLED_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.FILTER_TAGS_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.GLUE_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.JUNIT_PLATFORM_SHORT_NAMING_STRATEGY_EXAMPLE_NAME_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PARALLEL_CONFIG_FIXED_MAX_POOL_SIZE_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PARALLEL_CONFIG_FIXED_PARALLELISM_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PARALLEL_CONFIG_STRATEGY_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PARALLEL_EXECUTION_ENABLED_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PLUGIN_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PLUGIN_PUBLISH_QUIET_PROPERTY_NAME;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.exploration.ExplorationRequest;
import org.asynciotck.exploration.ExplorationStop;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.asynciotck.steps.IterationDriver;
import org.asynciotck.steps.IterationPreflight;
import org.asynciotck.steps.RunScope;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * One run of the feature files against one implementation, through the JUnit
 * Platform Launcher and Cucumber's engine.
 *
 * <p>{@link #execute()} blocks until every selected scenario has a verdict;
 * {@link #snapshot()} may be called from any thread meanwhile (the shutdown hook
 * does, to report an interrupted run).
 */
public final class ConformanceRun {

    /** Cucumber's own HTML report, in the output folder. */
    public static final String CUCUMBER_HTML = "cucumber.html";
    /**
     * Cucumber's own JUnit XML, per scenario, in the output folder. Not named {@code *.xml}: a CI that
     * collects {@code **}{@code /*.xml} as test reports would take Cucumber's outcomes (a SHOULD warning or a
     * not-applicable scenario is a failure there) for the kit's verdict, which is {@code junit.xml}.
     */
    public static final String CUCUMBER_JUNIT_XML = "cucumber-scenarios.junit";
    /** What {@link #CUCUMBER_JUNIT_XML} was called before: removed from a folder a run writes into. */
    static final String CUCUMBER_JUNIT_XML_BEFORE = "cucumber-junit.xml";

    private static final String CUCUMBER_ENGINE_ID = "cucumber";

    private final RunConfiguration configuration;
    private final RuleCatalogue catalogue;
    private final ImplementationInfo info;
    private final ScenarioCollector collector;
    /** What the exploration stage did, once the scenarios are done; null before. */
    private volatile Exploration explored;
    /** The run's scope while {@link #execute} runs; null before and after. */
    private volatile RunScope scope;
    /** What the preflight found drives one iteration; null until it has run. */
    private volatile IterationDriver iterations;
    /** For the kit's own controls only: drive iterations by this primitive without a preflight. */
    private Via forcedIterations;
    /** How much the exploration stage (EXPLORE-1) explores; off unless the caller turns it on. */
    private ExplorationBudget exploration = ExplorationBudget.OFF;
    /** How a user replays the exploration, for its evidence files. */
    private String explorationReplay = "";
    private final ExplorationStop explorationStop = new ExplorationStop();

    public ConformanceRun(RunConfiguration configuration, RuleCatalogue catalogue, ScenarioListener listener) {
        this.configuration = configuration;
        this.catalogue = catalogue;
        this.info = configuration.implementation().info();
        this.collector = new ScenarioCollector(listener);
    }

    /**
     * For the kit's own tests: skips the preflight and drives every iteration outside LIFE-1 and LIFE-4 by
     * {@code via}, recorded as forced, so that a control can show that a faithful loop driven by the fallback
     * is judged exactly as it is by the documented primitive.
     */
    public ConformanceRun forcingIterationsBy(Via via) {
        this.forcedIterations = java.util.Objects.requireNonNull(via, "via");
        return this;
    }

    /**
     * Explores with {@code budget} in EXPLORE-1's scenario; each divergence then fails the rule it names
     * (features/90-generated-programs.feature).
     *
     * @param replay how a user replays it (a command line, a setting), written into the evidence
     */
    public ConformanceRun exploring(ExplorationBudget budget, String replay) {
        this.exploration = Objects.requireNonNull(budget, "budget");
        this.explorationReplay = replay == null ? "" : replay;
        return this;
    }

    /** Runs every selected scenario and returns the complete result. */
    public RunResult execute() {
        TagFilter.check(configuration.tagExpression());
        catalogue.requireKnownPrerequisites();
        DependencyLogging.quietWhereUnchosen(ConformanceRun.class.getClassLoader());
        // Before the run's bound starts (it is set by the first scenario's session) and apart from it: the
        // preflight is bounded by its own two operation bounds (IterationPreflight).
        iterations = forcedIterations != null
                ? IterationDriver.forced(forcedIterations)
                : IterationPreflight.run(configuration.implementation());
        try (RunScope run = RunScope.open(new RunBound(configuration.implementation(), collector::total, System::nanoTime),
                configuration.parallel(), iterations)) {
            AllureResults.prepare(run, configuration.outputDirectory().toAbsolutePath(), info.id());
            CucumberReports.prepare(run, configuration.outputDirectory().toAbsolutePath(), configuration.parallel());
            run.attach(ExplorationRequest.class, new ExplorationRequest(exploration,
                    configuration.outputDirectory().toAbsolutePath().resolve(ExplorationRequest.FOLDER), explorationReplay,
                    explorationStop));
            scope = run;
            try {
                Launcher launcher = LauncherFactory.create();
                DiscoveryProblems problems = new DiscoveryProblems();
                TestPlan plan = launcher.discover(discoveryRequest(run, problems));
                problems.requireNone();
                launcher.execute(plan, collector);
            } finally {
                scope = null;
            }
            AllureResults.finish(run);
            explored = run.attached(Exploration.class)
                    .orElse(unexplored("the run did not select EXPLORE-1's scenario (its tag expression)"));
        }
        return withExploration(collector.snapshot(), true, "");
    }

    /**
     * The run's result from {@code collected}, with what the exploration stage found as failures of the rules
     * it names; a stage that has not finished is "not run" for {@code unfinished}.
     */
    private RunResult withExploration(List<ScenarioResult> collected, boolean complete, String unfinished) {
        Exploration stage = explored;
        if (stage == null) {
            RunScope run = scope;
            stage = (run == null ? Optional.<Exploration>empty() : run.attached(Exploration.class))
                    .orElse(unexplored(unfinished));
        }
        return ExplorationVerdicts.result(info, collected, stage, catalogue, complete, iterations);
    }

    /** The stage that did not run: off where the caller turned it off, else not run for {@code why}. */
    private Exploration unexplored(String why) {
        return exploration.on() ? Exploration.notRun(exploration, why) : Exploration.off(exploration);
    }

    /** What has been collected so far, marked incomplete. */
    public RunResult snapshot() {
        return withExploration(collector.snapshot(), false, "the run had not reached it");
    }

    /**
     * For a run that is being cut short: finishes Cucumber's reports with what they have seen and
     * returns the result so far, marked incomplete, with every selected scenario that has not
     * finished as not-run (so a rule that did not run all its scenarios is never a pass).
     *
     * @param why what cut the run, e.g. "run interrupted"
     */
    public RunResult cut(String why) {
        freezeResults();
        RunScope run = scope;
        if (run != null) {
            CucumberReports.finishCut(run, why);
            try {
                AllureResults.finish(run);
            } catch (RuntimeException e) {
                // The result below is marked incomplete already; the reports of a cut run still go out.
            }
        }
        return withExploration(collector.snapshotWithNotRun(why), false, why + " before it ended");
    }

    /**
     * Keeps every verdict recorded so far and no later one: called when an interruption begins, before the
     * kit ends its agents, so that the scenario the interruption cut is not-run rather than "crashed" by the
     * kit's own kill. {@link #cut} calls it too.
     */
    public void freezeResults() {
        collector.freeze();
    }

    /**
     * Stops a running exploration stage and waits, at most {@code bound}, for the programs that ran to be handed
     * in: called when an interruption begins, before {@link #freezeResults} and before the kit ends its agents,
     * so that what the stage found is in the partial reports. Returns whether a stage was stopped and handed in.
     */
    public boolean stopExploration(Duration bound) {
        return explorationStop.stopAndAwait(bound);
    }

    public ImplementationInfo implementation() {
        return info;
    }

    private LauncherDiscoveryRequest discoveryRequest(RunScope run, DiscoveryProblems problems) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(FeatureSelection.of(configuration.featuresFolder()))
                .filters(EngineFilter.includeEngines(CUCUMBER_ENGINE_ID))
                .listeners(problems)
                // A junit-platform.properties or -D flag on the user's classpath must not change the run.
                .enableImplicitConfigurationParameters(false)
                .configurationParameter(GLUE_PROPERTY_NAME, configuration.gluePackage())
                // Class names and the run's key only: the output folder reaches the plugins as a Path
                // through the run's scope, never through this comma-separated string, which a comma in
                // the folder would split (CucumberReports). The binding plugin is how the scenarios
                // find the run (RunScope).
                .configurationParameter(PLUGIN_PROPERTY_NAME, String.join(", ", run.stepPlugins(),
                        run.plugin(CucumberReports.class), run.plugin(AllureResults.class)))
                .configurationParameter(PLUGIN_PUBLISH_QUIET_PROPERTY_NAME, "true")
                .configurationParameter(ANSI_COLORS_DISABLED_PROPERTY_NAME, "true")
                // An outline row is named like a scenario ("It crashes on 7"), not "Example #1.1".
                .configurationParameter(JUNIT_PLATFORM_SHORT_NAMING_STRATEGY_EXAMPLE_NAME_PROPERTY_NAME, "pickle");
        sideBySide(request);
        configuration.tags().ifPresent(tags -> request
                .configurationParameter(FILTER_TAGS_PROPERTY_NAME, tags)
                .filters(new TagExpressionDiscoveryFilter(tags)));
        return request.build();
    }

    /**
     * One job: the scenarios run one at a time, in the features' order, on the launcher's thread. More: on
     * Cucumber's parallel execution with a fixed pool of exactly that many threads (the maximum pool size
     * too, or JUnit's pool may add threads while one waits, and each thread that opens a loop costs an agent
     * process), each scenario on its own loop (docs/threads-and-time.md, "Scenarios side by side").
     */
    private void sideBySide(LauncherDiscoveryRequestBuilder request) {
        if (!configuration.parallel()) {
            request.configurationParameter(PARALLEL_EXECUTION_ENABLED_PROPERTY_NAME, "false");
            return;
        }
        String jobs = Integer.toString(configuration.jobs());
        request.configurationParameter(PARALLEL_EXECUTION_ENABLED_PROPERTY_NAME, "true")
                .configurationParameter(PARALLEL_CONFIG_STRATEGY_PROPERTY_NAME, "fixed")
                .configurationParameter(PARALLEL_CONFIG_FIXED_PARALLELISM_PROPERTY_NAME, jobs)
                .configurationParameter(PARALLEL_CONFIG_FIXED_MAX_POOL_SIZE_PROPERTY_NAME, jobs);
    }
}
