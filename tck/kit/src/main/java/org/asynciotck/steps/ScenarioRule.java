package org.asynciotck.steps;

import io.cucumber.java.Scenario;
import java.net.URI;
import java.util.Collection;
import java.util.regex.Pattern;

/**
 * The rule a scenario verifies and where it stands, for failure messages:
 * {@code [NTODO-1] ... (features/01-ntodo-snapshot.feature:31)}.
 */
record ScenarioRule(String id, String feature, int line) {

    static final Pattern RULE_ID = Pattern.compile("^@([A-Z]+-[0-9]+)$");
    static final ScenarioRule UNKNOWN = new ScenarioRule("?", "?", 0);

    static ScenarioRule of(Scenario scenario) {
        return new ScenarioRule(idFrom(scenario.getSourceTagNames()), featurePath(scenario.getUri()), scenario.getLine());
    }

    String location() {
        return feature + ":" + line;
    }

    private static String idFrom(Collection<String> tags) {
        return tags.stream()
                .map(RULE_ID::matcher)
                .filter(java.util.regex.Matcher::matches)
                .map(matcher -> matcher.group(1))
                .findFirst()
                .orElse("?");
    }

    private static String featurePath(URI uri) {
        String text = uri.toString();
        int at = text.lastIndexOf("features/");
        return at >= 0 ? text.substring(at) : text;
    }
}
