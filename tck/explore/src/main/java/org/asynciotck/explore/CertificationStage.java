package org.asynciotck.explore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.exploration.ExplorationStage;
import org.asynciotck.exploration.ExplorationStop;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.spi.LoopImplementation;

/**
 * The exploration stage of every certification (EXPLORE-1): the budget's programs on the loop under test and
 * on a reference loop at the API level, task factory and future design the loop declares, the report of
 * {@code explore} written under the run's report folder, and each group of divergences as a finding of the rule
 * it names.
 * Found by the kit through {@link java.util.ServiceLoader} (META-INF/services).
 */
public final class CertificationStage implements ExplorationStage {

    /** The kit's rules: a divergence that names an ID the book does not have names no rule. */
    private static final RuleCatalogue RULES = RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER);

    /**
     * Shrink candidates per group: fewer than {@code explore}'s, so that shrinking what a broken loop does stays
     * a small part of a certification; the evidence is still shrunk, only perhaps less far.
     */
    static final int SHRINK_BUDGET = 300;

    @Override
    public Exploration explore(LoopImplementation implementation, ExplorationBudget budget, Path folder, String replay,
            ExplorationStop stop) {
        Explorer.Settings settings = Explorer.Settings.of(budget.seed(), budget.programs()).within(budget.time())
                .shrinkingAtMost(SHRINK_BUDGET);
        Explorer.Result result;
        try (ReferenceImplementation reference = new ReferenceImplementation(ReferenceConfig.comparedWith(implementation.info()))) {
            Explorer explorer = new Explorer(reference, implementation, settings);
            stop.onStop(explorer::stop);
            result = explorer.run(index -> {});
        }
        try {
            ExplorationReport.write(result, implementation.info(), replay, folder);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the exploration's evidence into " + folder, e);
        }
        String under = folder.getFileName() + "/";
        List<ExplorationFinding> findings = new ArrayList<>();
        int n = 0;
        for (Explorer.Group group : result.groups()) {
            n++;
            String name = ExplorationReport.folderName(n, group);
            String groupFolder = under + name + "/";
            boolean scenario = Files.isRegularFile(folder.resolve(name).resolve(ExplorationReport.SCENARIO));
            Divergence divergence = group.minimalDivergence();
            String rule = divergence.ruleId() != null && RULES.find(divergence.ruleId()).isPresent() ? divergence.ruleId() : null;
            findings.add(new ExplorationFinding(rule, divergence.guarantee(), divergence.detail(), group.count(),
                    group.firstProgram(), group.minimal().size(),
                    scenario ? groupFolder + ExplorationReport.SCENARIO : null, groupFolder + ExplorationReport.SCRIPT, false)
                    .leaningOn(Reliance.of(group.minimal().steps())));
        }
        return new Exploration(budget, Exploration.State.RAN, leftOut(result), result.programs(), result.timedOut(),
                findings, Reliance.rules());
    }

    /** What the stage left out: the programs after an interruption, and those with a declined operation. */
    private static String leftOut(Explorer.Result result) {
        String declined = declined(result);
        if (!result.interrupted()) {
            return declined;
        }
        String interrupted = "interrupted: the programs after the " + result.programs()
                + " that ran did not run, and what was found was not shrunk further";
        return declined.isEmpty() ? interrupted : interrupted + "; " + declined;
    }

    /** The programs not compared because the loop declined one of their operations, or "" for none. */
    private static String declined(Explorer.Result result) {
        if (result.declined().isEmpty()) {
            return "";
        }
        List<String> each = new ArrayList<>();
        result.declined().forEach((operation, programs) -> each.add(operation + " in " + programs));
        return "not compared: the programs using an operation the loop declines (" + String.join(", ", each) + ")";
    }
}
