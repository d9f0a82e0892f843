package org.asynciotck.report;

import java.io.StringWriter;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ImplementationInfo;

/**
 * junit.xml: the kit's own verdicts in the JUnit XML that CI test reporters read (Jenkins,
 * GitLab, GitHub), one testcase per rule, so that a reporter is red exactly when the run is not
 * conformant. The mapping (docs/junit.md):
 *
 * <ul>
 *   <li>MUST fail → {@code <failure>}; MUST crashed, timed-out, error or blocked → {@code <error>};
 *   <li>SHOULD not passed → passed, the warning in {@code system-out} and a suite property
 *       {@code should-warning.ID};
 *   <li>INFO → passed, the observation in {@code system-out} and a suite property {@code info.ID};
 *   <li>not-applicable → {@code <skipped>} with the reason;
 *   <li>not-run (the run was cut) → {@code <error>} at every level, because an incomplete run is
 *       never conformant; a catalogue rule not selected by {@code --tags} → {@code <skipped>};
 *   <li>a core rule not applicable (docs/core.md) → one more testcase, {@code CORE coverage}, failed.
 * </ul>
 *
 * <p>The testsuite is named by the implementation's identity; a testcase's classname is the rule's
 * family (its ID without the number), its name the rule ID and title.
 */
public final class JUnitReport {

    private JUnitReport() {}

    public static String render(RunResult result, String kitVersion) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newInstance().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            new Writer(xml, result, kitVersion).suites();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the JUnit XML of " + result.implementation().id(), e);
        }
        return text + "\n";
    }

    /** Counts of one suite, as the attributes of testsuites and testsuite give them. */
    private record Counts(int tests, int failures, int errors, int skipped) {}

    private static final class Writer {
        private final XMLStreamWriter xml;
        private final RunResult result;
        private final String kitVersion;

        Writer(XMLStreamWriter xml, RunResult result, String kitVersion) {
            this.xml = xml;
            this.result = result;
            this.kitVersion = kitVersion;
        }

        void suites() throws XMLStreamException {
            Counts counts = counts();
            ImplementationInfo info = result.implementation();
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            xml.writeAttribute("name", "asyncio-tck");
            attributes(counts);
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", clean(info.identity()));
            attributes(counts);
            xml.writeCharacters("\n    ");
            properties();
            for (RuleResult rule : result.rules()) {
                testcase(rule);
            }
            for (String id : result.coverage().notRun()) {
                notRun(id);
            }
            if (!result.coverage().coreNotApplicable().isEmpty()) {
                coreCoverage();
            }
            xml.writeCharacters("\n  ");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndElement();
        }

        private void attributes(Counts counts) throws XMLStreamException {
            xml.writeAttribute("tests", Integer.toString(counts.tests()));
            xml.writeAttribute("failures", Integer.toString(counts.failures()));
            xml.writeAttribute("errors", Integer.toString(counts.errors()));
            xml.writeAttribute("skipped", Integer.toString(counts.skipped()));
            xml.writeAttribute("time", "0");
        }

        private Counts counts() {
            int tests = 0;
            int failures = 0;
            int errors = 0;
            int skipped = 0;
            for (RuleResult rule : result.rules()) {
                tests++;
                switch (outcome(rule)) {
                    case FAILURE -> failures++;
                    case ERROR -> errors++;
                    case SKIPPED -> skipped++;
                    case PASSED -> { }
                }
            }
            for (String ignored : result.coverage().notRun()) {
                tests++;
                if (result.complete()) {
                    skipped++;
                } else {
                    errors++;
                }
            }
            if (!result.coverage().coreNotApplicable().isEmpty()) {
                tests++;
                failures++;
            }
            return new Counts(tests, failures, errors, skipped);
        }

        private void properties() throws XMLStreamException {
            ImplementationInfo info = result.implementation();
            xml.writeStartElement("properties");
            property("implementation", info.id());
            property("identity", info.identity());
            property("name", info.name());
            property("version", info.version());
            property("python", info.python());
            property("api_level", info.apiLevel().toString());
            property("profiles", String.join(",", info.profiles().names()));
            property("kit_version", kitVersion);
            property("conformant", Boolean.toString(result.conformant()));
            property("complete", Boolean.toString(result.complete()));
            property("headline", result.headline());
            if (result.exploration() != null) {
                Exploration e = result.exploration();
                property("exploration", e.describe());
                property("exploration.state", e.state().wireName());
                property("exploration.seed", Long.toString(e.budget().seed()));
                property("exploration.programs_budget", Integer.toString(e.budget().programs()));
                property("exploration.time_budget_seconds", Long.toString(e.budget().time().toSeconds()));
                property("exploration.programs", Integer.toString(e.programs()));
            }
            for (RuleResult rule : result.rules()) {
                property("level." + rule.id(), rule.level().name());
                if (rule.level() == RuleLevel.SHOULD && rule.verdict().isProblem() && rule.verdict() != Verdict.NOT_RUN) {
                    property("should-warning." + rule.id(), rule.verdict().wireName() + ": " + firstLine(rule));
                } else if (rule.level() == RuleLevel.INFO && rule.verdict() != Verdict.NOT_APPLICABLE) {
                    property("info." + rule.id(), VerdictLabel.of(rule.level(), rule.verdict()));
                }
            }
            xml.writeCharacters("\n    ");
            xml.writeEndElement();
        }

        private void property(String name, String value) throws XMLStreamException {
            xml.writeCharacters("\n      ");
            xml.writeEmptyElement("property");
            xml.writeAttribute("name", name);
            xml.writeAttribute("value", clean(value));
        }

        private void testcase(RuleResult rule) throws XMLStreamException {
            start(rule.id().replaceFirst("-[0-9]+$", ""), rule.id() + " " + rule.title());
            String verdictLine = rule.level() + " " + VerdictLabel.of(rule.level(), rule.verdict());
            switch (outcome(rule)) {
                case FAILURE -> problem("failure", rule);
                case ERROR -> problem("error", rule);
                case SKIPPED -> {
                    xml.writeStartElement("skipped");
                    xml.writeAttribute("message", clean(firstLine(rule)));
                    xml.writeEndElement();
                }
                case PASSED -> { }
            }
            String prefix = rule.level() == RuleLevel.SHOULD && rule.verdict().isProblem() ? "SHOULD warning: "
                    : rule.level() == RuleLevel.INFO ? "observation: " : "";
            systemOut(prefix + verdictLine + "\n" + scenarios(rule));
            end();
        }

        private void problem(String element, RuleResult rule) throws XMLStreamException {
            xml.writeStartElement(element);
            xml.writeAttribute("message", clean(firstLine(rule)));
            xml.writeAttribute("type", rule.verdict().wireName());
            xml.writeCharacters(clean(rule.decisiveScenario().message()));
            xml.writeEndElement();
        }

        private void notRun(String id) throws XMLStreamException {
            start(id.replaceFirst("-[0-9]+$", ""), id);
            if (result.complete()) {
                xml.writeStartElement("skipped");
                xml.writeAttribute("message", "not run: not selected by --tags");
            } else {
                xml.writeStartElement("error");
                xml.writeAttribute("message", "not run: the run was cut before this rule ran");
                xml.writeAttribute("type", Verdict.NOT_RUN.wireName());
            }
            xml.writeEndElement();
            end();
        }

        private void coreCoverage() throws XMLStreamException {
            start("CORE", "CORE coverage: every core rule meant for this loop's profiles ran");
            xml.writeStartElement("failure");
            xml.writeAttribute("message", clean("core rules not applicable, so not conformant: "
                    + String.join(", ", result.coverage().coreNotApplicable()) + " (docs/core.md)"));
            xml.writeAttribute("type", "core-not-applicable");
            xml.writeEndElement();
            end();
        }

        private void start(String classname, String name) throws XMLStreamException {
            xml.writeCharacters("\n    ");
            xml.writeStartElement("testcase");
            xml.writeAttribute("name", clean(name));
            xml.writeAttribute("classname", clean(classname));
            xml.writeAttribute("time", "0");
        }

        private void end() throws XMLStreamException {
            xml.writeEndElement();
        }

        private void systemOut(String text) throws XMLStreamException {
            xml.writeStartElement("system-out");
            xml.writeCharacters(clean(text));
            xml.writeEndElement();
        }
    }

    enum Outcome { PASSED, FAILURE, ERROR, SKIPPED }

    /** What a JUnit reader is to show for a rule; see the class comment. */
    static Outcome outcome(RuleResult rule) {
        Verdict verdict = rule.verdict();
        if (verdict == Verdict.NOT_APPLICABLE) {
            return Outcome.SKIPPED;
        }
        if (verdict == Verdict.NOT_RUN) {
            return Outcome.ERROR;
        }
        if (rule.level() != RuleLevel.MUST || verdict == Verdict.PASS) {
            return Outcome.PASSED;
        }
        return verdict == Verdict.FAIL ? Outcome.FAILURE : Outcome.ERROR;
    }

    private static String firstLine(RuleResult rule) {
        ScenarioResult decisive = rule.decisiveScenario();
        String line = decisive.message().lines().findFirst().orElse("").strip();
        return line.isEmpty() ? rule.verdict().wireName() : line;
    }

    private static String scenarios(RuleResult rule) {
        return rule.scenarios().stream()
                .map(s -> s.verdict().wireName() + ": " + s.name() + " (" + s.location() + ")"
                        + (s.message().isBlank() ? "" : "\n    " + s.message().strip().replace("\n", "\n    ")))
                .collect(Collectors.joining("\n"));
    }

    /**
     * The text without what XML 1.0 cannot carry (control characters other than tab and newline,
     * lone surrogates): an implementation's messages are untrusted, and one such character would
     * make the whole file unreadable. Each is written as {@code \\uXXXX}.
     */
    static String clean(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pairedSurrogate = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pairedSurrogate) {
                out.append(c).append(text.charAt(++i));
            } else if (c == '\t' || c == '\n' || (c >= 0x20 && c < 0xD800) || (c >= 0xE000 && c <= 0xFFFD)) {
                out.append(c);
            } else {
                out.append(String.format("\\u%04X", (int) c));
            }
        }
        return out.toString();
    }
}
