package org.asynciotck.steps;

import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import java.util.ServiceLoader;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.exploration.ExplorationRequest;
import org.asynciotck.exploration.ExplorationStage;

/**
 * EXPLORE-1 (features/90-generated-programs.feature): the run's exploration stage. The findings that name
 * a rule are that rule's failures (the runner adds them to its row once the scenarios are done); this
 * scenario fails for those that name none, so that none is dropped.
 */
public final class ExplorationSteps {

    private final ScenarioContext context;
    private Exploration exploration;

    public ExplorationSteps(ScenarioContext context) {
        this.context = context;
    }

    @When("the run's generated programs run on the loop and on the reference loop")
    public void explore() {
        ExplorationRequest request = context.run().attached(ExplorationRequest.class).orElseThrow(() ->
                new NotApplicable("this run was not started by the kit's runner, which gives the exploration its budget"));
        if (!request.budget().on()) {
            context.run().attach(Exploration.class, Exploration.off(request.budget()));
            throw new NotApplicable("exploration is off in this run (" + request.budget().describe() + " when on)");
        }
        ExplorationStage stage = ServiceLoader.load(ExplorationStage.class).findFirst().orElse(null);
        if (stage == null) {
            String why = "the exploration stage (the kit's module asyncio-tck-explore) is not on the class path";
            context.run().attach(Exploration.class, Exploration.notRun(request.budget(), why));
            throw new NotApplicable(why);
        }
        try {
            exploration = stage.explore(context.run().implementation(), request.budget(), request.folder(),
                    request.replay(), request.stop());
            context.run().attach(Exploration.class, exploration);
        } finally {
            request.stop().handedIn();
        }
    }

    @Then("every divergence counts against the rule whose guarantee it breaks, and none is left without a rule")
    public void noneWithoutARule() {
        List<ExplorationFinding> withoutRule = exploration.findings().stream()
                .filter(finding -> finding.ruleId() == null).toList();
        Expectation.check(context, withoutRule.isEmpty(), "every divergence of the generated programs to name a rule",
                withoutRule.stream().map(f -> f.guarantee() + ": " + f.detail() + " (x" + f.count() + ", first program "
                        + f.firstProgram() + " of seed " + exploration.budget().seed() + "; " + f.evidence() + ")").toList());
    }
}
