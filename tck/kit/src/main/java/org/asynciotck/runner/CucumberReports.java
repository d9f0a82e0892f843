package org.asynciotck.runner;

import io.cucumber.core.plugin.HtmlFormatter;
import io.cucumber.core.plugin.JUnitFormatter;
import io.cucumber.messages.Convertor;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.TestRunFinished;
import io.cucumber.plugin.ConcurrentEventListener;
import io.cucumber.plugin.event.EventHandler;
import io.cucumber.plugin.event.EventPublisher;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.steps.NotApplicable;
import org.asynciotck.steps.RunScope;

/**
 * Cucumber's HTML report and JUnit XML, written by the kit's own plugin instead of Cucumber's
 * {@code html:PATH} and {@code junit:PATH}.
 *
 * <p>Why a plugin of its own: Cucumber's JUnit Platform engine reads its plugins from one
 * comma-separated string, so an output folder (or an implementation's version inside it) that
 * contains a comma would name a plugin and a path of its own choosing. This plugin is named by
 * class and the run's key alone; the folder reaches it as a {@link Path} through the run's
 * {@link RunScope} ({@link #prepare}).
 *
 * <p>With scenarios side by side, each test case's messages reach Cucumber's formatters at the end of
 * the run, in plan order ({@link PlanOrderedTestCases}), so the JUnit XML lists them as a run one at a
 * time does.
 *
 * <p>Each report goes to a temporary file beside its target and is renamed into place when
 * Cucumber finishes the run, so a reader never sees half a report. When the run is cut
 * (Ctrl-C, SIGTERM, a kit failure) {@link #finishCut} finishes both reports with what was
 * seen, marked unsuccessful, so they stay well-formed.
 *
 * <p>Cucumber's HTML headline ("96.7 % passed") divides the passed scenarios by all of them. A
 * scenario that is not applicable to the implementation is reported to Cucumber as skipped (its
 * applicability hook aborts with opentest4j's {@code TestAbortedException}, which cucumber-jvm
 * reports as SKIPPED, never FAILED), but the headline still counts it as not passed, and it counts
 * SHOULD and INFO results as failures, and it cannot be told otherwise. So the report opens with a
 * banner above Cucumber's own headline that links the certificate, the kit's verdict, and says how
 * many scenarios are skipped as not applicable ({@link #banner}).
 */
public final class CucumberReports implements ConcurrentEventListener {

    /** The kit's certificate, beside Cucumber's report (report.ReportWriter writes it). */
    private static final String CERTIFICATE_HTML = "certificate.html";
    /**
     * Where the banner's headline goes: the kit's verdict, which is known only once the run's result is (the
     * reports module puts it there when it writes the certificate); until then the banner names the certificate.
     */
    public static final String HEADLINE_MARK = "<!--asyncio-tck-headline-->";

    private final RunScope run;
    private final Path folder;
    private final List<Report> reports = new ArrayList<>();
    /** The formatters' handlers; events reach them only through {@link #forward}. */
    private final List<EventHandler<Envelope>> handlers = new ArrayList<>();
    private String testRunStartedId;
    /** Test cases (by their started id) that were skipped as not applicable, and all that started. */
    private final java.util.Set<String> notApplicable = new java.util.HashSet<>();
    private final java.util.Set<String> testCases = new java.util.HashSet<>();
    /** True once the reports were renamed into place (or given up); later events are dropped. */
    private boolean finished;
    /** With scenarios side by side: what puts the test cases back in plan order; null one at a time. */
    private final PlanOrderedTestCases planOrder;

    /** Made by Cucumber once per run, from the run's configuration ({@link RunScope#plugin}). */
    public CucumberReports(String runKey) {
        this.run = RunScope.of(runKey);
        Folder prepared = run.attached(Folder.class).orElseThrow(() -> new IllegalStateException(
                "the run [" + runKey + "] has no Cucumber reports folder: CucumberReports.prepare was not called"));
        this.folder = prepared.path();
        this.planOrder = prepared.sideBySide() ? new PlanOrderedTestCases() : null;
    }

    /** The run's output folder, and whether its scenarios run side by side, as the run's attachment. */
    private record Folder(Path path, boolean sideBySide) {}

    /**
     * Names the folder of the next run and removes the reports of an earlier run there, so a run
     * cut before its reports are finished does not leave an older run's reports looking current.
     */
    static void prepare(RunScope run, Path folder, boolean sideBySide) {
        try {
            Files.deleteIfExists(folder.resolve(ConformanceRun.CUCUMBER_HTML));
            Files.deleteIfExists(folder.resolve(ConformanceRun.CUCUMBER_JUNIT_XML));
            Files.deleteIfExists(folder.resolve(ConformanceRun.CUCUMBER_JUNIT_XML_BEFORE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the old Cucumber reports in " + folder, e);
        }
        run.attach(Folder.class, new Folder(folder, sideBySide));
    }

    /** Finishes the reports of the run with what they have seen; for a run that was cut. */
    static void finishCut(RunScope run, String why) {
        CucumberReports plugin = run.attached(CucumberReports.class).orElse(null);
        if (plugin != null) {
            plugin.forward(Envelope.of(new TestRunFinished(why, false, Convertor.toMessage(Instant.now()), null,
                    plugin.startedId())));
        }
    }

    @Override
    public void setEventPublisher(EventPublisher publisher) {
        try {
            reports.add(new Report(folder, ConformanceRun.CUCUMBER_HTML, this::withBanner));
            reports.add(new Report(folder, ConformanceRun.CUCUMBER_JUNIT_XML, text -> text));
            new HtmlFormatter(reports.get(0).stream).setEventPublisher(collecting());
            new JUnitFormatter(reports.get(1).stream).setEventPublisher(collecting());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open Cucumber's reports in " + folder, e);
        }
        run.attach(CucumberReports.class, this);
        publisher.registerHandlerFor(Envelope.class, this::forward);
    }

    private synchronized String startedId() {
        return testRunStartedId;
    }

    private synchronized void forward(Envelope envelope) {
        if (finished) {
            return;
        }
        envelope.getTestRunStarted().ifPresent(started -> testRunStartedId = started.getId().orElse(null));
        envelope.getTestCaseStarted().ifPresent(started -> testCases.add(started.getId()));
        envelope.getTestStepFinished().ifPresent(step -> {
            var result = step.getTestStepResult();
            if (result.getStatus() == io.cucumber.messages.types.TestStepResultStatus.SKIPPED
                    // Cucumber's messages carry the abort as text only; this marks its own report's
                    // counts (the banner), never a verdict: verdicts come from the NotApplicable type.
                    && result.getMessage().orElse("").startsWith(NotApplicable.MESSAGE_PREFIX)) {
                notApplicable.add(step.getTestCaseStartedId());
            }
        });
        if (planOrder == null) {
            handlers.forEach(handler -> handler.receive(envelope));
        } else {
            List<Envelope> onward = new ArrayList<>();
            if (envelope.getTestRunFinished().isPresent()) {
                onward.addAll(planOrder.release());
            }
            onward.addAll(planOrder.accept(envelope));
            onward.forEach(each -> handlers.forEach(handler -> handler.receive(each)));
        }
        if (envelope.getTestRunFinished().isPresent()) {
            finished = true;
            reports.forEach(Report::publish);
        }
    }

    /** Cucumber's HTML with {@link #banner} inserted at the top of its body. */
    private String withBanner(String html) {
        int body = html.indexOf("<body>");
        if (body < 0) {
            return html;
        }
        int at = body + "<body>".length();
        return html.substring(0, at) + banner(notApplicable.size(), testCases.size()) + html.substring(at);
    }

    /**
     * The banner above Cucumber's headline: the kit's verdict (at {@link #HEADLINE_MARK}); the certificate holds
     * it; how many scenarios
     * Cucumber shows as skipped because they are not applicable. Only counts and fixed text: nothing
     * from the implementation.
     */
    static String banner(int notApplicable, int scenarios) {
        return "\n<div id=\"asyncio-tck-verdict\" style=\"font:15px/1.45 system-ui,sans-serif;margin:0;padding:.7em 1.2em;"
                + "background:#e8f0fe;border-bottom:2px solid #1a57b3;color:#202124\">" + HEADLINE_MARK
                + "<b>The kit's verdict is in <a href=\"" + CERTIFICATE_HTML
                + "\">the certificate</a></b> (and in conformance.json and junit.xml). This page is Cucumber's "
                + "per-scenario view: " + notApplicable + " of " + scenarios + " scenarios are not applicable to this "
                + "implementation and are shown as <i>skipped</i>; Cucumber's \"passed\" percentage below counts them, "
                + "and SHOULD and INFO results, as not passed. The certificate does not: only MUST rules decide "
                + "conformance, and a rule that does not apply is left out of the count.</div>\n";
    }

    /** A publisher that only records the formatters' envelope handlers. */
    private EventPublisher collecting() {
        return new EventPublisher() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> void registerHandlerFor(Class<T> type, EventHandler<T> handler) {
                if (type == Envelope.class) {
                    handlers.add((EventHandler<Envelope>) handler);
                }
            }

            @Override
            public <T> void removeHandlerFor(Class<T> type, EventHandler<T> handler) {
                handlers.remove(handler);
            }
        };
    }

    /** One report: its temporary file while the run goes on, renamed to its name at the end. */
    private static final class Report {
        private final Path target;
        private final Path temp;
        private final OutputStream stream;
        /** Applied to the finished text before it is renamed into place. */
        private final java.util.function.UnaryOperator<String> finish;

        Report(Path folder, String name, java.util.function.UnaryOperator<String> finish) throws IOException {
            this.finish = finish;
            this.target = folder.resolve(name);
            this.temp = Files.createTempFile(folder, "." + name + ".", ".tmp");
            this.stream = new BufferedOutputStream(Files.newOutputStream(temp));
        }

        /** Closes the file and renames it into place; a report that cannot be written is left out. */
        void publish() {
            try {
                stream.close();
                String text = Files.readString(temp, java.nio.charset.StandardCharsets.UTF_8);
                String finished = finish.apply(text);
                if (!finished.equals(text)) {
                    Files.writeString(temp, finished, java.nio.charset.StandardCharsets.UTF_8);
                }
                AtomicRename.into(temp, target);
            } catch (IOException e) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // A stray hidden temp file is all that is left; the report is missing either way.
                }
            }
        }
    }
}
