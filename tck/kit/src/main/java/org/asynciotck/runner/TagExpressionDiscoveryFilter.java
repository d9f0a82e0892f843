package org.asynciotck.runner;

import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionParser;
import java.util.List;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.PostDiscoveryFilter;

/**
 * Removes scenarios that do not match a Cucumber tag expression from the test plan.
 *
 * <p>Cucumber's own {@code cucumber.filter.tags} keeps them in the plan and reports
 * them as skipped, which would count them in the progress total and in the verdicts;
 * filtering at discovery makes them simply not part of the run.
 */
public final class TagExpressionDiscoveryFilter implements PostDiscoveryFilter {

    private final String source;
    private final Expression expression;

    public TagExpressionDiscoveryFilter(String expression) {
        this.source = expression;
        this.expression = TagExpressionParser.parse(expression);
    }

    @Override
    public FilterResult apply(TestDescriptor descriptor) {
        if (!descriptor.isTest()) {
            // Containers left without tests are pruned by the launcher.
            return FilterResult.included("container");
        }
        // JUnit tags drop Cucumber's '@'; the expression is written with it.
        List<String> tags = descriptor.getTags().stream().map(TestTag::getName).map(t -> "@" + t).toList();
        return FilterResult.includedIf(expression.evaluate(tags),
                () -> "matches " + source, () -> "does not match " + source);
    }
}
