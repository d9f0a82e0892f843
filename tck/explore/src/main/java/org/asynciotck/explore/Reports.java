package org.asynciotck.explore;

import java.util.stream.Collectors;

/** Plain-text summaries of a result, for messages and the command line. */
public final class Reports {

    private Reports() {}

    /** One line per group: signature, count, guarantee, rule, the minimal program's size and detail. */
    public static String describe(Explorer.Result result) {
        return result.groups().stream().map(g -> g.signature() + " x" + g.count() + " [" + g.divergence().ruleId()
                + "] " + g.divergence().guarantee() + "; minimal " + g.minimal().size() + " steps: "
                + g.minimalDivergence().detail() + "\n    " + g.minimal().steps())
                .collect(Collectors.joining("\n"));
    }
}
