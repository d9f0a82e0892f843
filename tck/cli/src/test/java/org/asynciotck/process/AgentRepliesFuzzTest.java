package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * The agent protocol reader on hostile stdout: the bytes are split into bounded lines
 * ({@link BoundedLineReader}), each line read as JSON as {@code AgentProcess} does, and every object
 * read both as a {@code hello} reply ({@link HelloReply}) and as the outcome of a perform and of
 * {@code recorded} ({@link ProcessSession#read}). Each step either gives its value or refuses with
 * its own exception, which the kit turns into a protocol error; nothing else may come of it (see
 * {@code ConformanceImportFuzzTest} for how the fuzz tests run).
 */
class AgentRepliesFuzzTest {

    private static final int MAX_LINE_BYTES = 4096;
    private static final ObjectMapper JSON = ProtocolJson.newMapper();
    private static final List<Operation> ANSWERED = List.of(new Operation.CallSoon("a", List.of(), null),
            new Operation.Recorded(), new Operation.FutureResult("f"));

    @FuzzTest(maxDuration = "10s")
    void everyLineIsReadOrRefused(byte[] stdout) throws IOException {
        BoundedLineReader lines = new BoundedLineReader(new ByteArrayInputStream(stdout), MAX_LINE_BYTES);
        for (int read = 0; read <= stdout.length; read++) {
            StdoutItem item = lines.next();
            if (!(item instanceof StdoutItem.Line line)) {
                assertThat(item).isInstanceOfAny(StdoutItem.End.class, StdoutItem.Oversized.class);
                return;
            }
            assertThat(line.bytes().length).isLessThanOrEqualTo(MAX_LINE_BYTES);
            replyOf(line.bytes());
        }
        throw new AssertionError("more lines than bytes: the reader does not advance");
    }

    private static void replyOf(byte[] line) {
        JsonNode reply;
        try {
            reply = JSON.readTree(line);
        } catch (IOException e) {
            return; // "not a JSON object", as AgentProcess.parse says
        }
        if (reply == null || !reply.isObject()) {
            return;
        }
        try {
            ImplementationInfo info = HelloReply.read(reply, null, "c");
            assertThat(info.id()).isNotBlank();
        } catch (HelloReply.Unusable e) {
            assertThat(e.getMessage()).isNotBlank();
        }
        for (Operation operation : ANSWERED) {
            try {
                Outcome outcome = ProcessSession.read(JSON, operation, reply.get("outcome"));
                assertThat(outcome.kind()).isNotNull();
            } catch (ProcessSession.Unreadable e) {
                assertThat(e.getMessage()).contains(operation.wireName());
            }
        }
    }
}
