package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.asynciotck.spi.Profiles;
import org.junit.jupiter.api.Test;

/** exploration.html: what an implementation says never reaches the page unescaped. */
class ExplorationHtmlTest {

    private static final String HOSTILE = "<script>alert('x')</script>&\"\u0007";

    @Test
    void everyStringOfTheImplementationIsEscaped() {
        ImplementationInfo info = new ImplementationInfo("evil", HOSTILE, HOSTILE, "", ApiLevel.parse("3.12"), Set.of(),
                Profiles.stock(), null);
        Program program = new Program(List.of(new Operation.CallSoon("a", List.of(), null), new Operation.RunOnce()),
                java.util.Map.of("a", "call_soon"), java.util.Map.of(), java.util.Map.of(), java.util.Map.of());
        Trace expected = new Trace(List.of(Outcome.nothing(), Outcome.nothing()), List.of(Event.of("a", 1)), List.of(),
                null);
        Trace observed = new Trace(List.of(Outcome.nothing(), Outcome.error(HOSTILE, HOSTILE)),
                List.of(new Event(HOSTILE, 1, HOSTILE)), List.of(), HOSTILE);
        Divergence divergence = new Divergence(HOSTILE, "NTODO-3", HOSTILE, "order|" + HOSTILE);
        Explorer.Group group = new Explorer.Group(divergence.signature(), divergence, 1, 0, program, program, divergence,
                expected, observed, 0);
        String page = ExplorationHtml.of(new Explorer.Result(1, 1, 2, List.of(group), 1, 0.5, 0.5, 1, false), info,
                "asyncio-tck explore " + HOSTILE);

        assertThat(page).doesNotContain("<script").doesNotContain("alert('x')").doesNotContain("\u0007")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;")
                .contains("class=\"part\"").contains("run 1: a");
        assertThat(page).as("no script may run, whatever slips through").contains("default-src 'none'");
    }

    @Test
    void eachGroupLinksItsScenarioAndReplayScriptRelatively() {
        ImplementationInfo info = new ImplementationInfo("loop", "1", "", "", ApiLevel.parse("3.12"), Set.of(),
                Profiles.stock(), null);
        Program program = new Program(List.of(new Operation.CallSoon("a", List.of(), null), new Operation.RunOnce()),
                java.util.Map.of("a", "call_soon"), java.util.Map.of(), java.util.Map.of(), java.util.Map.of());
        Trace trace = new Trace(List.of(Outcome.nothing(), Outcome.nothing()), List.of(Event.of("a", 1)), List.of(), null);
        Divergence first = new Divergence("g", "NTODO-3", "d", "order|NTODO-3");
        Divergence second = new Divergence("g", null, "d", "run|missing|no-rule");
        List<Explorer.Group> groups = List.of(
                new Explorer.Group(first.signature(), first, 1, 0, program, program, first, trace, trace, 0),
                new Explorer.Group(second.signature(), second, 1, 3, program, program, second, trace, trace, 0));
        String page = ExplorationHtml.of(new Explorer.Result(1, 4, 8, groups, 1, 0.5, 0.5, 1, false), info, "replay",
                List.of(new ExplorationHtml.GroupFiles("01-order-NTODO-3/replay.py", "01-order-NTODO-3/scenario.feature"),
                        new ExplorationHtml.GroupFiles("02-x&\"y/replay.py", null)));

        assertThat(page).contains("<a href=\"01-order-NTODO-3/scenario.feature\">")
                .contains("<a href=\"01-order-NTODO-3/replay.py\">")
                .as("a name is escaped in the link").contains("<a href=\"02-x&amp;&quot;y/replay.py\">")
                .doesNotContain("02-x&\"y").doesNotContain("href=\"/").contains("no scenario");
        assertThat(page.indexOf("01-order-NTODO-3/replay.py")).as("each group's links in its own section")
                .isGreaterThan(page.indexOf("id=\"g1\"")).isLessThan(page.indexOf("id=\"g2\""));
        assertThat(page.substring(page.indexOf("id=\"g2\""))).doesNotContain("scenario.feature");
    }
}
