package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.asynciotck.KitVersion;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.report.InterruptSafeReporting;
import org.asynciotck.report.ReportWriter;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.untrusted.SanitisingPrintWriter;

/**
 * Certifies one started implementation into one folder: the run, the reports (written even
 * when the run is interrupted) and, when asked, the Allure HTML report. Shared by {@code run}
 * and {@code matrix}, so both leave exactly the same files behind.
 */
final class Certification {

    private final RunCommand.RunSettings settings;
    private final String tags;
    private final boolean allureHtml;
    private final PrintWriter err;
    /** Where junit.xml goes too ({@code --junit}), or null. */
    private Path junitCopy;
    /** How many scenarios run side by side ({@code --jobs}); 1 unless told. */
    private int jobs = 1;
    /** The exploration stage's budget ({@code --explore...}); on unless told otherwise. */
    private ExplorationBudget exploration = ExplorationBudget.DEFAULT;

    /**
     * @param tags       Cucumber tag expression, or null for every scenario
     * @param allureHtml whether to render allure-results into allure-report/ after the run
     * @param err        where progress and problems go
     */
    Certification(RunCommand.RunSettings settings, String tags, boolean allureHtml, PrintWriter err) {
        this.settings = settings;
        this.tags = tags;
        this.allureHtml = allureHtml;
        this.err = err;
    }

    /** Writes junit.xml to {@code path} as well as into the report folder; null for the folder only. */
    Certification junitTo(Path path) {
        this.junitCopy = path;
        return this;
    }

    /**
     * Runs {@code jobs} scenarios side by side (RunConfiguration#jobs, which refuses a number outside its
     * range); 1, the default, one at a time.
     */
    Certification jobs(int jobs) {
        this.jobs = jobs;
        return this;
    }

    /** Explores with {@code budget} after the scenarios (EXPLORE-1). */
    Certification exploring(ExplorationBudget budget) {
        this.exploration = budget;
        return this;
    }

    /**
     * Runs the features against {@code implementation} and writes every report into {@code folder},
     * holding the folder's {@link OutputLock} throughout.
     *
     * @throws OutputLock.Refused when another run writes into {@code folder}; nothing was run or written
     */
    RunResult certify(LoopImplementation implementation, RuleCatalogue catalogue, Path folder)
            throws IOException, OutputLock.Refused {
        try (OutputLock lock = OutputLock.acquire(folder, holder -> err.println(
                "note: " + folder + " had a stale lock (" + holder + ", no longer running); taking it over"))) {
            return certifyLocked(implementation, catalogue, folder);
        }
    }

    private RunResult certifyLocked(LoopImplementation implementation, RuleCatalogue catalogue, Path folder)
            throws IOException {
        ConformanceRun run = new ConformanceRun(
                new RunConfiguration(implementation, settings.featuresFolder(), settings.gluePackage(), tags, folder, jobs),
                catalogue, new ConsoleProgress(err, SanitisingPrintWriter.isTerminal(err)))
                .exploring(exploration, ExplorationOptions.replay(exploration));
        RunResult result;
        try (InterruptSafeReporting reporting = new InterruptSafeReporting(
                new ReportWriter(folder, KitVersion.get(), junitCopy), run::cut, err).install();
                InterruptExit.Registration frozenOnSignal = InterruptExit.beforeExit(() -> {
                    // the exploration stage first, while its agents still live: what it found goes in the
                    // partial reports, and the program the kit's own kill would cut is not the loop's divergence
                    if (run.stopExploration(ExploreCommand.REPORT_ON_SIGNAL)) {
                        err.println("interrupted: the exploration stage stopped; its programs that ran are in the reports");
                        err.flush();
                    }
                    run.freezeResults();
                })) {
            result = run.execute();
            reporting.finish(result);
        }
        if (allureHtml) {
            AllureHtml.generate(folder, err);
        }
        return result;
    }
}
