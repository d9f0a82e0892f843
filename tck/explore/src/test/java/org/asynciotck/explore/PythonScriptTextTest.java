package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The replay script keeps what an implementation said (its name, the detail of its trace) in comments of one line
 * each, with controls escaped (issue 27, case 2: NUL made replay.py a syntax error, ESC and U+202E landed raw).
 */
class PythonScriptTextTest {

    @Test
    void theHeaderCannotBreakOutOfItsCommentsNorCarryRawControls() {
        Program program = Program.of(new Sketch(List.of(new Sketch.Choice(Sketch.Kind.SOON, 0, List.of()),
                new Sketch.Choice(Sketch.Kind.RUN_ONCE, 0, List.of()))));
        String header = "On evil-loop\u0000 1.0: 'c1\rimport os; os.system(\"x\")\u001b[2J\u202e' observed in run 1";

        String script = PythonScript.of(program, new Trace(List.of(), List.of(), List.of(), null), header);

        assertThat(script.chars().filter(c -> c < 0x20 && c != '\n' || c == 0x202e)).isEmpty();
        assertThat(script.lines().filter(line -> line.contains("os.system"))).allMatch(line -> line.startsWith("#"));
        assertThat(script).contains("\\u0000").contains("\\u001b").contains("\\u202e");
    }

    @Test
    void aStringLiteralOfTheScriptReadsBackAsTheSameText() {
        assertThat(PythonScript.quote("a\"b\\c\u0000d")).isEqualTo("\"a\\\"b\\\\c\\u0000d\"");
    }
}
