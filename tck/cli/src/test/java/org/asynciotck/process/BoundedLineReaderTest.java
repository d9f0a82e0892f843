package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedLineReaderTest {

    @Test
    void splitsLinesAndKeepsAnUnfinishedOne() throws IOException {
        BoundedLineReader reader = reader("one\ntwo\n\nthree", 10);
        assertThat(text(reader.next())).isEqualTo("one");
        assertThat(text(reader.next())).isEqualTo("two");
        assertThat(text(reader.next())).isEqualTo("");
        assertThat(reader.next()).isInstanceOfSatisfying(StdoutItem.End.class,
                end -> assertThat(new String(end.partial(), StandardCharsets.UTF_8)).isEqualTo("three"));
    }

    @Test
    void stopsAtTheLimit() throws IOException {
        BoundedLineReader reader = reader("12345\n1234567890123\n", 10);
        assertThat(text(reader.next())).isEqualTo("12345");
        assertThat(reader.next()).isInstanceOfSatisfying(StdoutItem.Oversized.class,
                big -> assertThat(new String(big.prefix(), StandardCharsets.UTF_8)).isEqualTo("1234567890"));
    }

    @Test
    void aLineOfExactlyTheLimitIsFine() throws IOException {
        assertThat(text(reader("1234567890\n", 10).next())).isEqualTo("1234567890");
    }

    @Test
    void snippetsEscapeAndCut() {
        assertThat(Snippet.of("a\"b\\c\n\u0001".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("\"a\\\"b\\\\c\\n\\u0001\"");
        assertThat(Snippet.of("x".repeat(1000).getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("\"" + "x".repeat(200) + "\"... (1000 bytes)");
    }

    private static BoundedLineReader reader(String text, int limit) {
        return new BoundedLineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), limit);
    }

    private static String text(StdoutItem item) {
        assertThat(item).isInstanceOf(StdoutItem.Line.class);
        return new String(((StdoutItem.Line) item).bytes(), StandardCharsets.UTF_8);
    }
}
