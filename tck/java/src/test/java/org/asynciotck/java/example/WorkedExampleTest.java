package org.asynciotck.java.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.java.AsyncioLoopConformanceTest;
import org.asynciotck.java.JavaLoopImplementation;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/**
 * The worked example, judged: runs the user's test classes as JUnit would in their build and asserts what
 * each rule's test comes to. DequeLoop, written from scratch, passes every rule it can be checked on and
 * is not applicable on the internals it does not expose; with them (a variant that declares every internal)
 * the rules that need them run and pass; its LIFO variant fails exactly NTODO-3 and FUTURE-1.
 */
class WorkedExampleTest {

    /** A rule's test: "NTODO-3 MUST ..." to its status and message. */
    record Outcome(TestExecutionResult.Status status, String message) {}

    /** The certification {@code testClass} makes, as a user's build runs it: with the exploration stage. */
    static Map<String, Outcome> run(Class<?> testClass) {
        Map<String, Outcome> byRule = new TreeMap<>();
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().allEvents().stream()
                .filter(event -> event.getType() == EventType.FINISHED && event.getTestDescriptor().isTest())
                .forEach(event -> byRule.put(ruleOf(event), outcomeOf(event)));
        return byRule;
    }

    /**
     * The same with {@code -Dasynciotck.explore=false}, for the tests about the scenarios' verdicts (the stage
     * adds seconds to each run, and the tests of this class keep it where they are about it).
     */
    static Map<String, Outcome> runWithoutExploring(Class<?> testClass) {
        String before = System.getProperty(AsyncioLoopConformanceTest.EXPLORE_PROPERTY);
        System.setProperty(AsyncioLoopConformanceTest.EXPLORE_PROPERTY, "false");
        try {
            return run(testClass);
        } finally {
            if (before == null) {
                System.clearProperty(AsyncioLoopConformanceTest.EXPLORE_PROPERTY);
            } else {
                System.setProperty(AsyncioLoopConformanceTest.EXPLORE_PROPERTY, before);
            }
        }
    }

    private static String ruleOf(Event event) {
        String name = event.getTestDescriptor().getDisplayName();
        return name.startsWith("certificate: ") ? "certificate" : name.substring(0, name.indexOf(' '));
    }

    private static Outcome outcomeOf(Event event) {
        TestExecutionResult result = event.getRequiredPayload(TestExecutionResult.class);
        return new Outcome(result.getStatus(), result.getThrowable().map(Throwable::getMessage).orElse(""));
    }

    @Test
    void theIndependentLoopPassesWhatItCanBeCheckedOnAndIsNotApplicableOnTheRest() {
        Map<String, Outcome> outcomes = run(DequeLoopConformanceTest.class);
        outcomes.forEach((rule, outcome) -> System.out.println("deque-loop " + rule + " " + outcome));

        assertThat(outcomes).hasSizeGreaterThan(70); // one test per rule of the book, and the certificate
        assertThat(outcomes).allSatisfy((rule, outcome) ->
                assertThat(outcome.status()).as(rule + ": " + outcome.message()).isNotEqualTo(TestExecutionResult.Status.FAILED));
        // not applicable, each with its reason: internals DequeLoop does not expose (capabilities), optional
        // JavaLoop methods it does not implement (I/O), Python-only notions, and the other profiles' rules
        Map<String, Outcome> notApplicable = new TreeMap<>(outcomes);
        notApplicable.values().removeIf(outcome -> outcome.status() != TestExecutionResult.Status.ABORTED);
        assertThat(notApplicable).containsOnlyKeys(NOT_APPLICABLE_TO_DEQUE_LOOP);
        assertThat(notApplicable).allSatisfy((rule, outcome) -> assertThat(outcome.message()).startsWith("not applicable: "));
        assertThat(notApplicable.get("TIMEOUT-3").message()).contains("needs capability 'select-timeout'");
        assertThat(notApplicable.get("IO-1").message()).contains("'add_reader', which deque-loop does not support").contains("addReader");
        assertThat(notApplicable.get("SYNC-1").message()).contains("profile 'synchronous-dispatch'");
        assertThat(notApplicable.get("AGEN-4").message()).contains("asyncGenerators");
        assertThat(notApplicable.get("CTX-1").message()).contains("contexts");
        assertThat(notApplicable.get("EXEC-1").message()).contains("defaultExecutor");
        // everything else passed: the core rules among them, and the certificate says conformant
        assertThat(outcomes.get("NTODO-3").status()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        assertThat(outcomes.get("TASK-1").status()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        assertThat(outcomes.get("certificate").status()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        assertThat(java.nio.file.Path.of("target", "asyncio-tck", "deque-loop", "conformance.json")).isRegularFile();
    }

    /** The rules the worked example cannot be checked on, and why (the assertion above checks three reasons). */
    private static final String[] NOT_APPLICABLE_TO_DEQUE_LOOP = {
        "COLLIDE-1", "ENTER-1", "ENTER-2", // capability enter-leave-task
        "EAGER-1", "EAGER-2", "EAGER-3", "SENTINEL-2", // capability eager-start
        "TIMEOUT-3", "TIMEOUT-4", // capability select-timeout
        "INIT-1", // capability uninitialised-task, a Python notion
        "FUTURE-6", // StopIteration, a Python notion
        "IO-1", "IO-2", "IO-3", "IO-4", "IO-5", "ORDER-1", // addReader / addWriter, optional in JavaLoop
        "AGEN-1", "AGEN-2", "AGEN-3", "AGEN-4", "AGEN-5", // asyncGenerators, optional in JavaLoop
        "CTX-1", "CTX-2", "CTX-3", "CTX-4", "CTX-5", "CTX-6", "CTX-7", // contexts(), optional in JavaLoop
        "RUNNER-2", // asyncio.Runner's cleanup needs asyncGenerators() and defaultExecutor()
        "EXEC-1", "EXEC-2", "EXEC-3", "EXEC-4", "EXEC-5", "EXEC-6", "EXEC-7", // defaultExecutor(), optional in JavaLoop
        "CYCLES-2", "SYNC-1", "EAGER-4", "STALL-4", "NEST-1", "NEST-2", "NEST-3", "NEST-4", // the other profiles' rules
    };

    @Test
    void withEveryInternalDeclaredTheRulesThatNeedThemRunAndPass() {
        Map<String, Outcome> outcomes = runWithoutExploring(InstrumentedDequeLoopCertification.class);
        outcomes.forEach((rule, outcome) -> System.out.println("instrumented " + rule + " " + outcome));
        assertThat(outcomes).allSatisfy((rule, outcome) ->
                assertThat(outcome.status()).as(rule + ": " + outcome.message()).isNotEqualTo(TestExecutionResult.Status.FAILED));
        for (String rule : new String[] {"COLLIDE-1", "ENTER-1", "ENTER-2", "EAGER-1", "EAGER-2", "EAGER-3",
                "SENTINEL-2", "TIMEOUT-3", "TIMEOUT-4"}) {
            assertThat(outcomes.get(rule).status()).as(rule + ": " + outcomes.get(rule).message())
                    .isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        }
    }

    /**
     * The kit makes a loop and runs it on one thread, as programs do, and calls it from a second thread only
     * while it runs there (the cross-thread rules): a loop that refuses to run anywhere else is judged like
     * DequeLoop, rule by rule, but for THREAD-1, whose claim is exactly that.
     */
    @Test
    void aLoopThatRunsOnlyWhereItWasMadeIsJudgedLikeTheOneThatRunsAnywhere() {
        Map<String, Outcome> anywhere = runWithoutExploring(DequeLoopConformanceTest.class);
        Map<String, Outcome> ownThread = runWithoutExploring(OwnThreadDequeLoopCertification.class);
        ownThread.forEach((rule, outcome) -> System.out.println("own-thread " + rule + " " + outcome));
        assertThat(ownThread.keySet()).isEqualTo(anywhere.keySet());
        anywhere.forEach((rule, outcome) -> {
            if (!rule.equals("THREAD-1")) {
                assertThat(ownThread.get(rule).status()).as(rule + ": " + ownThread.get(rule).message())
                        .isEqualTo(outcome.status());
            }
        });
        assertThat(anywhere.get("THREAD-1").status()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        assertThat(ownThread.get("THREAD-1").message()).contains("runs only on the thread that made it");
    }

    /**
     * The base class explores with the budget it is given: the LIFO variant's divergences each name a rule, the
     * largest group the order its queue breaks.
     */
    @Test
    void theExplorationStageJudgesJavaLoopsThroughTheBaseClass(@TempDir Path out) {
        // DequeLoop's own certification explores with the default budget (EXPLORE-1 passes in the test above);
        // here the budget is the caller's, through the static entry point
        ExplorationBudget budget = ExplorationBudget.DEFAULT.withPrograms(200);
        RunResult lifo = AsyncioLoopConformanceTest.certify(
                new JavaLoopImplementation(new LifoDequeLoop.Provider()), out.resolve("lifo"), null, budget);
        assertThat(lifo.exploration().state()).as(lifo.exploration().describe()).isEqualTo(Exploration.State.RAN);
        assertThat(lifo.exploration().programs()).isEqualTo(200);
        // the programs that use readers and writers, which DequeLoop leaves out, are not compared
        assertThat(lifo.exploration().why()).contains("add_reader");
        // A reversed queue also moves a callback past a stop(), which the model names NTODO-1: the scenarios found
        // NTODO-3 broken, so that finding is blocked by it rather than a second failure.
        assertThat(lifo.exploration().findings()).isNotEmpty().allSatisfy(finding ->
                assertThat(finding.ruleId()).as(finding.guarantee() + ": " + finding.detail()).isNotNull());
        assertThat(lifo.exploration().findings().stream().max(Comparator.comparingInt(ExplorationFinding::count))
                .orElseThrow().ruleId()).isEqualTo("NTODO-3");
        assertThat(lifo.mustFailures()).extracting(RuleResult::id).contains("NTODO-3", "FUTURE-1")
                .doesNotContain("EXPLORE-1");
    }

    @Test
    void theLifoVariantFailsTheRulesItBreaks() {
        Map<String, Outcome> outcomes = run(LifoDequeLoopCertification.class);
        outcomes.forEach((rule, outcome) -> System.out.println("lifo " + rule + " " + outcome));
        // the rules its defect breaks fail; a divergence of the exploration stage under another rule is blocked by
        // them (red too, as a rule not checked, but saying so), never a second failure
        assertThat(outcomes.entrySet().stream().filter(e -> e.getValue().status() == TestExecutionResult.Status.FAILED
                && !e.getValue().message().startsWith("blocked by ")).map(Map.Entry::getKey))
                .containsExactlyInAnyOrder("NTODO-3", "FUTURE-1");
        assertThat(outcomes.get("NTODO-3").message()).startsWith("[NTODO-3] broken-lifo-deque-loop: expected");
    }
}
