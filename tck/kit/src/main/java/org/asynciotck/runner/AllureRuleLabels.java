package org.asynciotck.runner;

import io.qameta.allure.listener.TestLifecycleListener;
import io.qameta.allure.model.Label;
import io.qameta.allure.model.Link;
import io.qameta.allure.model.Parameter;
import io.qameta.allure.model.TestResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives each Allure result the kit's labels just before it is written: the rule ID as the
 * story (Allure's Cucumber plugin puts the scenario name there), the implementation as a
 * parameter, and links to the CPython sources the feature cites. The feature label (the rule
 * family) is the plugin's own. Allure finds this listener through META-INF/services.
 */
public final class AllureRuleLabels implements TestLifecycleListener {

    static final String STORY = "story";
    static final String TAG = "tag";
    static final String IMPLEMENTATION_PARAMETER = "implementation";

    /** The implementation the current run certifies; runs are one at a time. */
    private static volatile String implementationId;

    static void implementationId(String id) {
        implementationId = id;
    }

    @Override
    public void beforeTestWrite(TestResult result) {
        List<String> tags = result.getLabels().stream().filter(l -> TAG.equals(l.getName())).map(Label::getValue).toList();
        ScenarioTags.ruleId(tags).ifPresent(id -> {
            List<Label> labels = new ArrayList<>(result.getLabels());
            labels.removeIf(l -> STORY.equals(l.getName()));
            labels.add(new Label().setName(STORY).setValue(id));
            result.setLabels(labels);
        });
        String id = implementationId;
        if (id != null) {
            List<Parameter> parameters = new ArrayList<>(result.getParameters());
            parameters.add(new Parameter().setName(IMPLEMENTATION_PARAMETER).setValue(id));
            result.setParameters(parameters);
        }
        List<Link> links = new ArrayList<>(result.getLinks());
        CpythonSource.links(result.getDescription()).forEach((file, url) ->
                links.add(new Link().setName("CPython " + file).setUrl(url).setType("source")));
        result.setLinks(links);
    }
}
