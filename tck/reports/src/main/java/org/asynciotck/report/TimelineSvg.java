package org.asynciotck.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.runner.Timeline;
import org.asynciotck.untrusted.SvgText;

/**
 * The iteration timeline of a failing scenario, as one self-contained SVG: iterations as columns
 * (0 is "outside any iteration", e.g. inside {@code set_result} called by the kit), the callbacks
 * that ran in each as chips, the expected row above the observed row. A chip in both rows of an
 * iteration is grey; one expected but not observed there is drawn dashed in red on the expected row
 * ("missing"); one observed but not expected there is filled red on the observed row ("unexpected").
 * The column of the broken expectation is highlighted. Iterations the scenario made no claim about
 * show "no claim" on the expected row. For an expected order ("the callbacks ran in the order ..."),
 * the expected row is that order, numbered, across the columns.
 *
 * <p>Every label is the implementation's own text: {@link SvgText} escapes it and cuts it to
 * {@link #LABEL_CHARS} characters; at most {@link #MAX_COLUMNS} iterations and {@link #MAX_CHIPS}
 * chips per cell are drawn, the rest counted ("+3 more").
 */
public final class TimelineSvg {

    static final int LABEL_CHARS = 18;
    static final int MAX_COLUMNS = 10;
    static final int MAX_CHIPS = 8;

    private static final int HEAD = 78;
    private static final int ROW_LABEL = 92;
    private static final int COLUMN = 148;
    private static final int CHIP = 22;
    private static final int GAP = 5;
    private static final int PAD = 10;

    private TimelineSvg() {}

    /** @param title what the picture is of, e.g. "NTODO-3 · uvloop: Callbacks scheduled ..." (escaped here) */
    public static String render(Timeline timeline, String title) {
        return render(timeline, title, true);
    }

    private static String render(Timeline timeline, String title, boolean withObserved) {
        List<Integer> iterations = columns(timeline);
        boolean ordered = timeline.focus() < 0 && !timeline.expectedOrder().isEmpty();
        Map<Integer, List<String>> expected = new HashMap<>(timeline.expected());
        Map<Integer, List<String>> observed = timeline.observed();
        int expectedRows = ordered ? 1 + (timeline.expectedOrder().size() - 1) / 4 : maxChips(iterations, expected);
        int observedRows = maxChips(iterations, observed);
        int expectedHeight = PAD * 2 + Math.max(1, expectedRows) * (CHIP + GAP);
        int observedHeight = withObserved ? PAD * 2 + Math.max(1, observedRows) * (CHIP + GAP) : 0;
        int width = Math.max(600, ROW_LABEL + iterations.size() * COLUMN + PAD);
        int top = HEAD;
        int height = top + expectedHeight + observedHeight + (withObserved ? 46 : 12);
        StringBuilder svg = new StringBuilder(4096);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"DejaVu Sans, system-ui, sans-serif\" font-size=\"12\" role=\"img\">")
                .append("<title>").append(SvgText.of("Iteration timeline: " + title, 300)).append("</title>")
                .append("<desc>Iterations as columns; the expected row above the observed row; red chips differ.</desc>")
                .append("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>")
                .append(titleLines(title, width));
        for (int i = 0; i < iterations.size(); i++) {
            int iteration = iterations.get(i);
            int x = ROW_LABEL + i * COLUMN;
            boolean focus = iteration == timeline.focus();
            if (focus) {
                svg.append("<rect x=\"").append(x).append("\" y=\"44\" width=\"").append(COLUMN).append("\" height=\"")
                        .append(height - 44 - (withObserved ? 40 : 6)).append("\" fill=\"#fef7e0\" stroke=\"#b06000\" stroke-width=\"1.5\"/>");
            }
            svg.append("<text x=\"").append(x + COLUMN / 2).append("\" y=\"64\" text-anchor=\"middle\" font-weight=\"600\">")
                    .append(iteration == 0 ? "outside any iteration" : "iteration " + iteration).append("</text>");
            svg.append("<line x1=\"").append(x).append("\" y1=\"44\" x2=\"").append(x).append("\" y2=\"")
                    .append(height - (withObserved ? 40 : 6)).append("\" stroke=\"#dadce0\"/>");
        }
        rowLabel(svg, "expected", top, expectedHeight, "#f8f9fa");
        if (ordered) {
            svg.append("<text x=\"").append(PAD).append("\" y=\"").append(top + expectedHeight / 2 + 18)
                    .append("\" font-size=\"10.5\" fill=\"#5f6368\">in this order</text>");
        }
        if (withObserved) {
            rowLabel(svg, "observed", top + expectedHeight, observedHeight, "#ffffff");
        }
        if (ordered) {
            orderRow(svg, timeline.expectedOrder(), top + PAD, iterations.size());
        }
        int position = 0;
        for (int i = 0; i < iterations.size(); i++) {
            int iteration = iterations.get(i);
            int x = ROW_LABEL + i * COLUMN + 8;
            List<String> want = expected.get(iteration);
            List<String> got = observed.getOrDefault(iteration, List.of());
            if (!ordered) {
                if (want == null) {
                    svg.append("<text x=\"").append(x).append("\" y=\"").append(top + PAD + 15)
                            .append("\" fill=\"#80868b\" font-style=\"italic\">no claim</text>");
                } else {
                    chips(svg, want, withObserved ? got : null, x, top + PAD, "missing");
                }
            }
            if (withObserved && ordered) {
                position = orderedChips(svg, got, timeline.expectedOrder(), position, x, top + expectedHeight + PAD);
            } else if (withObserved) {
                chips(svg, got, want, x, top + expectedHeight + PAD, "unexpected");
            }
        }
        if (!withObserved) {
            return svg.append("</svg>").toString();
        }
        int legendY = height - 16;
        svg.append("<g font-size=\"11\">");
        legendChip(svg, PAD, legendY, "#e8eaed", "#9aa0a6", false, "as expected");
        if (ordered) {
            legendChip(svg, PAD + 130, legendY, "#fce8e6", "#c5221f", false, "ran out of the expected order");
        } else {
            legendChip(svg, PAD + 130, legendY, "#ffffff", "#c5221f", true, "expected here, did not run here");
            legendChip(svg, PAD + 370, legendY, "#fce8e6", "#c5221f", false, "ran here, not expected here");
        }
        svg.append("</g></svg>");
        return svg.toString();
    }

    /**
     * What a scenario expects, without a run to compare with (the rules book, for a family with no
     * failing run in the reports): the expected row alone, its chips grey.
     */
    public static String renderExpected(java.util.SortedMap<Integer, List<String>> expected, String title) {
        return render(new Timeline(expected, new java.util.TreeMap<>(), expected.lastKey(), List.of()), title, false);
    }

    /**
     * The title on two lines when it does not fit one: "RULE · implementation" above the scenario's
     * name (split at the last " · "), each cut to the picture's width.
     */
    private static String titleLines(String title, int width) {
        int fits = (width - 2 * PAD) / 8;
        int split = title.lastIndexOf(" · ");
        String first = title;
        String second = "";
        if (title.length() > fits && split > 0) {
            first = title.substring(0, split);
            second = title.substring(split + 3);
        }
        StringBuilder text = new StringBuilder();
        text.append("<text x=\"").append(PAD).append("\" y=\"18\" font-size=\"13.5\" font-weight=\"600\">")
                .append(SvgText.of(first, fits)).append("</text>");
        if (!second.isEmpty()) {
            text.append("<text x=\"").append(PAD).append("\" y=\"36\" font-size=\"12.5\">")
                    .append(SvgText.of(second, fits + 8)).append("</text>");
        }
        return text.toString();
    }

    /** The iterations to draw: all, or the {@link #MAX_COLUMNS} around the broken one. */
    private static List<Integer> columns(Timeline timeline) {
        List<Integer> all = timeline.iterations();
        if (all.isEmpty()) {
            return List.of(Math.max(timeline.focus(), 1));
        }
        if (all.size() <= MAX_COLUMNS) {
            return all;
        }
        int at = Math.max(0, all.indexOf(timeline.focus()));
        int from = Math.max(0, Math.min(at - MAX_COLUMNS / 2, all.size() - MAX_COLUMNS));
        return all.subList(from, from + MAX_COLUMNS);
    }

    private static int maxChips(List<Integer> iterations, Map<Integer, List<String>> rows) {
        int max = 1;
        for (int iteration : iterations) {
            max = Math.max(max, Math.min(MAX_CHIPS + 1, rows.getOrDefault(iteration, List.of()).size()));
        }
        return max;
    }

    private static void rowLabel(StringBuilder svg, String name, int y, int h, String fill) {
        svg.append("<rect x=\"0\" y=\"").append(y).append("\" width=\"100%\" height=\"").append(h).append("\" fill=\"")
                .append(fill).append("\" fill-opacity=\"0.6\" stroke=\"#dadce0\"/>")
                .append("<text x=\"").append(PAD).append("\" y=\"").append(y + h / 2 + 4)
                .append("\" font-weight=\"600\">").append(name).append("</text>");
    }

    /**
     * Chips for {@code labels} in one cell; a label that {@code other} (the other row's cell) lacks is
     * marked {@code kind}: dashed for a missing one, filled red for an unexpected one.
     */
    private static void chips(StringBuilder svg, List<String> labels, List<String> other, int x, int y, String kind) {
        List<String> rest = other == null ? new ArrayList<>() : new ArrayList<>(other);
        int shown = Math.min(labels.size(), MAX_CHIPS);
        for (int i = 0; i < shown; i++) {
            String label = labels.get(i);
            boolean matched = other != null && rest.remove(label);
            boolean missing = !matched && kind.equals("missing") && other != null;
            boolean unexpected = !matched && kind.equals("unexpected") && other != null;
            String fill = unexpected ? "#fce8e6" : missing ? "#ffffff" : "#e8eaed";
            String stroke = matched || other == null ? "#9aa0a6" : "#c5221f";
            String what = unexpected ? "unexpected" : missing ? "missing"
                    : kind.equals("missing") ? "expected" : "ran";
            chip(svg, x, y + i * (CHIP + GAP), fill, stroke, missing, label, what);
        }
        if (labels.size() > shown) {
            svg.append("<text x=\"").append(x).append("\" y=\"").append(y + shown * (CHIP + GAP) + 15)
                    .append("\" fill=\"#5f6368\">+").append(labels.size() - shown).append(" more</text>");
        }
    }

    /**
     * The observed chips of one column when an order was expected: numbered by their place in the
     * whole run, red where the expected order has another callback at that place. Returns the next place.
     */
    private static int orderedChips(StringBuilder svg, List<String> labels, List<String> order, int position, int x,
            int y) {
        int shown = Math.min(labels.size(), MAX_CHIPS);
        for (int i = 0; i < shown; i++) {
            String label = labels.get(i);
            int place = position + i;
            boolean inPlace = place < order.size() && order.get(place).equals(label);
            chip(svg, x, y + i * (CHIP + GAP), inPlace ? "#e8eaed" : "#fce8e6", inPlace ? "#9aa0a6" : "#c5221f", false,
                    (place + 1) + ". " + label, inPlace ? "ran" : "out of order");
        }
        if (labels.size() > shown) {
            svg.append("<text x=\"").append(x).append("\" y=\"").append(y + shown * (CHIP + GAP) + 15)
                    .append("\" fill=\"#5f6368\">+").append(labels.size() - shown).append(" more</text>");
        }
        return position + labels.size();
    }

    private static void orderRow(StringBuilder svg, List<String> order, int y, int columns) {
        int perRow = 4;
        int width = Math.max(COLUMN, columns * COLUMN / perRow);
        for (int i = 0; i < order.size() && i < MAX_CHIPS * perRow; i++) {
            int x = ROW_LABEL + 8 + (i % perRow) * Math.min(width, COLUMN);
            chip(svg, x, y + (i / perRow) * (CHIP + GAP), "#e8eaed", "#9aa0a6", false, (i + 1) + ". " + order.get(i),
                    "expected order");
        }
    }

    private static void chip(StringBuilder svg, int x, int y, String fill, String stroke, boolean dashed, String label,
            String what) {
        svg.append("<g class=\"chip ").append(what.replace(' ', '-')).append("\"><title>").append(SvgText.of(what + ": "
                + label, 80)).append("</title><rect x=\"").append(x).append("\" y=\"").append(y)
                .append("\" rx=\"10\" width=\"").append(COLUMN - 16).append("\" height=\"").append(CHIP)
                .append("\" fill=\"").append(fill).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"1.5\"")
                .append(dashed ? " stroke-dasharray=\"4 3\"" : "").append("/><text x=\"").append(x + 9).append("\" y=\"")
                .append(y + 15).append("\">").append(SvgText.of(label, LABEL_CHARS)).append("</text></g>");
    }

    private static void legendChip(StringBuilder svg, int x, int y, String fill, String stroke, boolean dashed,
            String text) {
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(y - 10).append("\" rx=\"6\" width=\"22\" height=\"13\" fill=\"")
                .append(fill).append("\" stroke=\"").append(stroke).append("\"").append(dashed ? " stroke-dasharray=\"4 3\"" : "")
                .append("/><text x=\"").append(x + 28).append("\" y=\"").append(y).append("\">").append(text).append("</text>");
    }
}
