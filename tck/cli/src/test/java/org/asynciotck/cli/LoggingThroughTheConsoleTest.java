package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.Handler;
import java.util.logging.Logger;
import org.asynciotck.untrusted.SanitisingPrintWriter;
import org.junit.jupiter.api.Test;

/** A dependency's java.util.logging line reaches the console escaped, like everything else (issue 27, case 4). */
class LoggingThroughTheConsoleTest {

    @Test
    void aLoggedLineWithControlsIsEscapedOnTheConsole() {
        Logger root = Logger.getLogger("");
        Handler[] before = root.getHandlers();
        StringWriter console = new StringWriter();
        try {
            LoggingThroughTheConsole.install(SanitisingPrintWriter.around(new PrintWriter(console, true)));
            Logger.getLogger("org.junit.platform.launcher.core.DiscoveryIssueNotifier")
                    .severe("got 'garbage \u001b]0;owned\u0007 \u202e line'");
        } finally {
            for (Handler handler : root.getHandlers()) {
                root.removeHandler(handler);
            }
            for (Handler handler : before) {
                root.addHandler(handler);
            }
        }
        assertThat(console.toString()).contains("SEVERE").contains("garbage").doesNotContain("\u001b")
                .doesNotContain("\u0007").doesNotContain("\u202e");
    }
}
