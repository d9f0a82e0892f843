package org.asynciotck.runner;

import io.qameta.allure.AllureResultsWriter;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Link;
import io.qameta.allure.model.Parameter;
import io.qameta.allure.model.TestResult;
import io.qameta.allure.model.TestResultContainer;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives each Allure result the kit's labels as it is written: the rule ID as the story (Allure's
 * Cucumber plugin puts the scenario name there), the implementation as a parameter, and links to
 * the CPython sources the feature cites. The feature label (the rule family) is the plugin's own.
 *
 * <p>A writer around the run's own writer, not a lifecycle listener found through
 * META-INF/services: a listener is made by Allure, so it could learn the implementation only from
 * a global; each run's writer is made by the run ({@link AllureResults}).
 */
final class AllureRuleLabels implements AllureResultsWriter {

    static final String STORY = "story";
    static final String TAG = "tag";
    static final String IMPLEMENTATION_PARAMETER = "implementation";

    private final AllureResultsWriter writer;
    /** The implementation the run certifies. */
    private final String implementationId;

    AllureRuleLabels(AllureResultsWriter writer, String implementationId) {
        this.writer = writer;
        this.implementationId = implementationId;
    }

    @Override
    public void write(TestResult result) {
        label(result);
        writer.write(result);
    }

    @Override
    public void write(TestResultContainer container) {
        writer.write(container);
    }

    @Override
    public void write(String source, InputStream attachment) {
        writer.write(source, attachment);
    }

    private void label(TestResult result) {
        List<String> tags = result.getLabels().stream().filter(l -> TAG.equals(l.getName())).map(Label::getValue).toList();
        ScenarioTags.ruleId(tags).ifPresent(id -> {
            List<Label> labels = new ArrayList<>(result.getLabels());
            labels.removeIf(l -> STORY.equals(l.getName()));
            labels.add(new Label().setName(STORY).setValue(id));
            result.setLabels(labels);
        });
        List<Parameter> parameters = new ArrayList<>(result.getParameters());
        parameters.add(new Parameter().setName(IMPLEMENTATION_PARAMETER).setValue(implementationId));
        result.setParameters(parameters);
        List<Link> links = new ArrayList<>(result.getLinks());
        CpythonSource.links(result.getDescription()).forEach((file, url) ->
                links.add(new Link().setName("CPython " + file).setUrl(url).setType("source")));
        result.setLinks(links);
    }
}
