package org.asynciotck.report;

/**
 * The diagram that opens the rules book: one iteration of {@code BaseEventLoop._run_once}
 * (CPython {@code Lib/asyncio/base_events.py}), the six steps every rule about iterations refers to.
 * Fixed text only; nothing from an implementation.
 */
public final class RunOnceSvg {

    /** The steps, as CPython runs them: title, then what it means for the rules. */
    static final String[][] STEPS = {
        {"1 · choose the timeout", "0 if handles are ready or stop() was called;",
            "else until the nearest timer; None: block"},
        {"2 · poll", "selector.select(timeout) waits for I/O,", "a wake-up or the timeout"},
        {"3 · I/O callbacks", "_process_events queues the callbacks", "of the file descriptors that are ready"},
        {"4 · due timers", "timers due by now + clock resolution", "move from the heap to the ready queue"},
        {"5 · the ntodo snapshot", "ntodo = len(ready): only the handles", "queued now run in this iteration"},
        {"6 · run exactly ntodo handles", "popleft() ntodo times, skipping cancelled;",
            "what they schedule waits for the next one"},
    };

    private static final int BOX_W = 320;
    private static final int BOX_H = 74;
    private static final int GAP_X = 46;
    private static final int GAP_Y = 40;

    private RunOnceSvg() {}

    public static String render() {
        int width = 3 * BOX_W + 2 * GAP_X + 40;
        int height = 50 + 2 * BOX_H + GAP_Y + 40;
        StringBuilder svg = new StringBuilder(4096);
        // Width 100% with a viewBox: the diagram scales down to the page instead of being cut off.
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"run-once\" width=\"100%\" style=\"max-width:")
                .append(width).append("px\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"DejaVu Sans, system-ui, sans-serif\" font-size=\"12\" role=\"img\">")
                .append("<title>One iteration of _run_once</title>")
                .append("<desc>Timeout choice, poll, I/O callbacks, due timers, the ntodo snapshot, run exactly ntodo")
                .append(" handles; then the next iteration.</desc>")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" ")
                .append("markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#5f6368\"/>")
                .append("</marker></defs><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>")
                .append("<text x=\"20\" y=\"26\" font-size=\"16\" font-weight=\"600\">One iteration of ")
                .append("BaseEventLoop._run_once (Lib/asyncio/base_events.py)</text>");
        int top = 50;
        for (int i = 0; i < STEPS.length; i++) {
            // Row one left to right (1-3), row two right to left (4-6): the loop reads as a circuit.
            int column = i < 3 ? i : 5 - i;
            int x = 20 + column * (BOX_W + GAP_X);
            int y = top + (i < 3 ? 0 : BOX_H + GAP_Y);
            boolean snapshot = i >= 4;
            svg.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" rx=\"8\" width=\"").append(BOX_W)
                    .append("\" height=\"").append(BOX_H).append("\" fill=\"").append(snapshot ? "#e8f0fe" : "#f1f3f4")
                    .append("\" stroke=\"").append(snapshot ? "#1a57b3" : "#9aa0a6").append("\" stroke-width=\"1.5\"/>")
                    .append("<text x=\"").append(x + 12).append("\" y=\"").append(y + 22).append("\" font-weight=\"600\">")
                    .append(Html.escape(STEPS[i][0])).append("</text>");
            for (int line = 1; line < STEPS[i].length; line++) {
                svg.append("<text x=\"").append(x + 12).append("\" y=\"").append(y + 22 + line * 19).append("\">")
                        .append(Html.escape(STEPS[i][line])).append("</text>");
            }
            if (i < 2) {
                arrow(svg, x + BOX_W, y + BOX_H / 2, x + BOX_W + GAP_X, y + BOX_H / 2);
            } else if (i == 2) {
                arrow(svg, x + BOX_W / 2, y + BOX_H, x + BOX_W / 2, y + BOX_H + GAP_Y);
            } else if (i < 5) {
                arrow(svg, x, y + BOX_H / 2, x - GAP_X, y + BOX_H / 2);
            }
        }
        // From step 6 back to step 1: the next iteration.
        int x6 = 20;
        int y6 = top + BOX_H + GAP_Y;
        svg.append("<path d=\"M").append(x6 + BOX_W / 2).append(',').append(y6 + BOX_H).append(" v22 h-").append(BOX_W / 2 + 8)
                .append(" V").append(top + BOX_H / 2).append(" h8\" fill=\"none\" stroke=\"#5f6368\" stroke-width=\"1.5\" ")
                .append("marker-end=\"url(#arrow)\"/>")
                .append("<text x=\"").append(x6 + BOX_W / 2 + 10).append("\" y=\"").append(y6 + BOX_H + 18)
                .append("\" fill=\"#5f6368\">next iteration (run_forever loops; stop() ends after this one)</text>");
        return svg.append("</svg>").toString();
    }

    private static void arrow(StringBuilder svg, int x1, int y1, int x2, int y2) {
        svg.append("<line x1=\"").append(x1).append("\" y1=\"").append(y1).append("\" x2=\"").append(x2 - 2)
                .append("\" y2=\"").append(y2 - (y2 > y1 ? 2 : 0)).append("\" stroke=\"#5f6368\" stroke-width=\"1.5\" ")
                .append("marker-end=\"url(#arrow)\"/>");
    }
}
