package org.asynciotck.report;

import static org.asynciotck.report.Html.escape;

import org.asynciotck.runner.RunResult;

/**
 * badge.svg: "asyncio conformance | MUST 26/26, 30/35 checked": MUST rules passed over MUST rules
 * applicable, and how many rules of the catalogue were checked at all; the title has the whole headline.
 */
final class BadgeRenderer {

    private static final String LABEL = "asyncio conformance";
    private static final String GREEN = "#2e7d32";
    private static final String RED = "#c62828";
    private static final String GREY = "#757575";
    /** Rough width of one character of 11px Verdana; the badge need not be typeset exactly. */
    private static final int CHAR_WIDTH = 7;
    private static final int PADDING = 10;

    private BadgeRenderer() {}

    static String render(RunResult result) {
        String value = "MUST " + result.mustPassed() + "/" + result.mustApplicable() + ", "
                + result.coverage().checked() + "/" + result.coverage().catalogueRules() + " checked"
                + (result.complete() ? "" : " (incomplete)");
        String title = value + " - " + result.headline();
        String colour = !result.complete() ? GREY : result.conformant() ? GREEN : RED;
        int labelWidth = LABEL.length() * CHAR_WIDTH + PADDING;
        int valueWidth = value.length() * CHAR_WIDTH + PADDING;
        int width = labelWidth + valueWidth;
        return """
                <svg xmlns="http://www.w3.org/2000/svg" width="%d" height="20" role="img" aria-label="%s: %s">
                  <title>%s: %s</title>
                  <rect width="%d" height="20" fill="#555"/>
                  <rect x="%d" width="%d" height="20" fill="%s"/>
                  <g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
                    <text x="%d" y="14">%s</text>
                    <text x="%d" y="14">%s</text>
                  </g>
                </svg>
                """.formatted(
                width, escape(LABEL), escape(value), escape(LABEL), escape(title),
                labelWidth, labelWidth, valueWidth, colour,
                labelWidth / 2, escape(LABEL), labelWidth + valueWidth / 2, escape(value));
    }
}
