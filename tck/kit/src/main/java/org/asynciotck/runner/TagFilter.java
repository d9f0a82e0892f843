package org.asynciotck.runner;

import io.cucumber.tagexpressions.TagExpressionException;
import io.cucumber.tagexpressions.TagExpressionParser;

/** Checks a tag expression before anything is started, so a typo costs no run. */
public final class TagFilter {

    private TagFilter() {}

    /**
     * @throws IllegalArgumentException naming the expression and the parser's complaint
     */
    public static void check(String expression) {
        if (expression == null || expression.isBlank()) {
            return;
        }
        try {
            TagExpressionParser.parse(expression);
        } catch (TagExpressionException e) {
            throw new IllegalArgumentException(
                    "bad tag expression [" + expression + "]: " + e.getMessage()
                            + " (write e.g. \"@MUST and not @needs-ready-queue\")", e);
        }
    }
}
