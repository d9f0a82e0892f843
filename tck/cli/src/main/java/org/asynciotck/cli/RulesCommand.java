package org.asynciotck.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.RuleCatalogue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "rules", mixinStandardHelpOptions = true,
        description = "Lists every rule the kit verifies: ID, level, family, title and where it is stated.")
final class RulesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    private final String featuresFolder;

    RulesCommand(String featuresFolder) {
        this.featuresFolder = featuresFolder;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath(featuresFolder);
        for (CatalogueRule rule : catalogue.rules()) {
            out.printf("%-10s %-6s %s: %s (%s)%n",
                    rule.id(), rule.level(), rule.family(), rule.title(), rule.location());
        }
        out.printf("%d rules%n", catalogue.rules().size());
        catalogue.problems().forEach(problem -> spec.commandLine().getErr().println("warning: " + problem));
        return ExitCode.CONFORMANT;
    }
}
