package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.asynciotck.process.TranscriptFiles.Exchange;
import org.asynciotck.process.TranscriptFiles.Transcript;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Replays every golden transcript (tck/protocol/src/test/resources/transcripts/, docs/protocol.md "Golden
 * transcripts") against the Python agent on each CPython of pyenv (3.10.13, 3.11.7, 3.12.1,
 * 3.13.0; one agent process per interpreter serves them all, an absent interpreter is skipped
 * with a message) and against the one Java interpreter of the vocabulary (module tck/interpreter) over
 * the reference loop's JavaLoop (the reference adapter), at the same four API levels, through the kit's
 * wire mapping ({@link WireInterpreter}). Every one must answer each request as
 * recorded, up to {@link TranscriptNormaliser}; an operation a Java target declares unsupported fails
 * its transcript by name, never passes.
 *
 * <p>{@code -Dasynciotck.transcripts.record=true} re-records the replies of every transcript from
 * its requests, and refuses to write a transcript on whose answers the targets disagree.
 */
class GoldenTranscriptsTest {

    static final String RECORD = "asynciotck.transcripts.record";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> PYTHONS = List.of("3.10.13", "3.11.7", "3.12.1", "3.13.0");
    /** A bound on each reply; the slowest transcript operation (wait_for, a loop thread) takes well under 1 s. */
    private static final long REPLY_BOUND_SECONDS = 10;

    @TestFactory
    Stream<DynamicContainer> everyTranscriptIsAnsweredAsRecorded() {
        assumeTrue(!Boolean.getBoolean(RECORD), "re-recording instead (" + RECORD + ")");
        List<Transcript> transcripts = TranscriptFiles.all();
        assertThat(transcripts).as("golden transcripts in " + TranscriptFiles.FOLDER).isNotEmpty();
        List<DynamicContainer> targets = new ArrayList<>();
        for (Target target : targets()) {
            long started = System.nanoTime();
            Map<String, List<String>> answers = target.replay(transcripts);
            System.err.printf("GoldenTranscriptsTest: %s answered %d transcripts in %.2f s%n", target.name(),
                    answers.size(), (System.nanoTime() - started) / 1e9);
            List<DynamicTest> tests = new ArrayList<>();
            for (Transcript transcript : transcripts) {
                if (!transcript.appliesTo(target.level())) {
                    continue;
                }
                List<String> got = answers.get(transcript.name());
                Optional<String> notHere = target.skips(transcript);
                String name = transcript.name() + " [" + target.name() + "]";
                tests.add(DynamicTest.dynamicTest(name, transcript.file().toUri(), () -> {
                    assumeTrue(notHere.isEmpty(), () -> target.name() + " does not replay " + transcript.name() + ": "
                            + notHere.orElse(""));
                    assertAnsweredAsRecorded(target, transcript, got);
                }));
            }
            targets.add(DynamicContainer.dynamicContainer(target.name(), tests));
        }
        return targets.stream();
    }

    /** Each operation has a transcript of its own, named after it ({@code <op>.transcript}). */
    @Test
    void everyOperationHasATranscript() {
        List<String> names = TranscriptFiles.all().stream().map(Transcript::name).toList();
        List<String> without = Arrays.stream(Operation.class.getPermittedSubclasses()).map(VocabularyTest::wireName)
                .filter(op -> !names.contains(op)).sorted().toList();
        assertThat(without).as("operations without a transcript " + TranscriptFiles.FOLDER + "/<op>"
                + TranscriptFiles.SUFFIX).isEmpty();
    }

    @Test
    @Timeout(120)
    void reRecord() {
        assumeTrue(Boolean.getBoolean(RECORD), "set -D" + RECORD + "=true to re-record the transcripts");
        List<Target> targets = targets();
        assertThat(targets).as("at least one CPython to record from").anyMatch(t -> t instanceof PythonTarget);
        List<Transcript> transcripts = TranscriptFiles.all();
        Map<Target, Map<String, List<String>>> answers = new LinkedHashMap<>();
        targets.forEach(target -> answers.put(target, target.replay(transcripts)));
        List<String> refused = new ArrayList<>();
        for (Transcript transcript : transcripts) {
            List<String> recorded = null;
            String recordedBy = null;
            List<String> disagreements = new ArrayList<>();
            for (Target target : targets) {
                if (!transcript.appliesTo(target.level()) || target.skips(transcript).isPresent()) {
                    continue;
                }
                List<String> got = answers.get(target).get(transcript.name());
                if (recorded == null) {
                    recorded = got;
                    recordedBy = target.name();
                } else if (!compared(transcript, got).equals(compared(transcript, recorded))) {
                    disagreements.add(target.name() + " answers " + difference(transcript, recorded, got)
                            + " where " + recordedBy + " answers otherwise");
                }
            }
            if (!disagreements.isEmpty()) {
                refused.add(transcript.name() + ": " + String.join("; ", disagreements));
            } else if (recorded != null) {
                TranscriptFiles.write(transcript, recorded);
            }
        }
        assertThat(refused).as("transcripts not written, because the implementations answer differently").isEmpty();
    }

    private static void assertAnsweredAsRecorded(Target target, Transcript transcript, List<String> got) {
        List<String> expected = transcript.exchanges().stream().map(Exchange::reply).toList();
        assertThat(expected).as(transcript.name() + ": every request has a recorded reply (re-record with -D" + RECORD
                + "=true)").doesNotContainNull();
        assertThat(transcript.exchanges().get(transcript.exchanges().size() - 1).request())
                .as(transcript.name() + ": a transcript ends its session").containsAnyOf("close_session", "bye");
        List<String> declined = got.stream().filter(reply -> reply.contains("\"type\":\"unsupported\"")).toList();
        assertThat(declined).as(transcript.name() + " on " + target.name() + ": operations declared unsupported, "
                + "so this transcript is not answered").isEmpty();
        assertThat(compared(transcript, got)).as(transcript.name() + " on " + target.name() + ": "
                + difference(transcript, expected, got)).isEqualTo(compared(transcript, expected));
    }

    private static List<String> compared(Transcript transcript, List<String> replies) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < replies.size(); i++) {
            out.add(TranscriptNormaliser.compared(transcript.exchanges().get(i).request(), replies.get(i), 0));
        }
        return out;
    }

    /** The first exchange whose answers differ, for the failure message. */
    private static String difference(Transcript transcript, List<String> expected, List<String> got) {
        List<String> want = compared(transcript, expected);
        List<String> have = compared(transcript, got);
        for (int i = 0; i < want.size(); i++) {
            if (!want.get(i).equals(have.get(i))) {
                return "to request " + transcript.exchanges().get(i).request() + " the reply " + got.get(i)
                        + " (recorded: " + expected.get(i) + ")";
            }
        }
        return "the same";
    }

    private static List<Target> targets() {
        List<Target> targets = new ArrayList<>();
        for (String version : PYTHONS) {
            Optional<Path> python = Pythons.pyenvPython(version);
            if (python.isEmpty()) {
                System.err.println("GoldenTranscriptsTest: CPython " + version + " is not installed under "
                        + Pythons.pyenvRoot() + "; its replay is skipped");
                continue;
            }
            targets.add(new PythonTarget(version, python.get()));
        }
        TranscriptFiles.LEVELS.forEach(level -> targets.add(new JavaTarget(level)));
        return targets;
    }

    /** Something that answers protocol lines: one conversation per {@link #replay}, or per "fresh" transcript. */
    private interface Target {
        String name();

        ApiLevel level();

        Conversation start();

        /** Why this target does not replay the transcript ({@code #! not-reference REASON}), if it does not. */
        default Optional<String> skips(Transcript transcript) {
            return Optional.empty();
        }

        /** The raw replies, seq made relative to each transcript, by transcript name. */
        default Map<String, List<String>> replay(List<Transcript> transcripts) {
            Map<String, List<String>> answers = new LinkedHashMap<>();
            Conversation shared = null;
            long offset = 0;
            try {
                for (Transcript transcript : transcripts) {
                    if (!transcript.appliesTo(level()) || skips(transcript).isPresent()) {
                        continue;
                    }
                    boolean fresh = transcript.comments().stream().anyMatch(c -> c.equals("#! fresh"));
                    Conversation conversation;
                    long base;
                    if (fresh) {
                        conversation = start();
                        base = 0;
                    } else {
                        if (shared == null) {
                            shared = start();
                            shared.send("{\"seq\":1,\"type\":\"hello\",\"protocol\":1}");
                            offset = 1;
                        }
                        conversation = shared;
                        base = offset;
                    }
                    List<String> replies = new ArrayList<>();
                    long highest = 0;
                    for (Exchange exchange : transcript.exchanges()) {
                        String request = exchange.request();
                        long seq = seqOf(request);
                        highest = Math.max(highest, seq);
                        String reply = conversation.send(seq > 0 ? withSeq(request, base + seq) : request);
                        replies.add(TranscriptNormaliser.recorded(request, reply, base));
                    }
                    answers.put(transcript.name(), replies);
                    if (fresh) {
                        conversation.close();
                    } else {
                        offset = base + highest;
                    }
                }
            } finally {
                if (shared != null) {
                    shared.close();
                }
            }
            return answers;
        }
    }

    private interface Conversation extends AutoCloseable {
        String send(String line);

        @Override
        void close();
    }

    /** The reference loop in process: the Java interpreter over its JavaLoop (the reference adapter). */
    private record JavaTarget(ApiLevel level) implements Target {
        private static final String NOT_REFERENCE = "#! not-reference ";

        @Override
        public String name() {
            return "Java interpreter over the reference loop, API level " + level;
        }

        @Override
        public Optional<String> skips(Transcript transcript) {
            return transcript.comments().stream().filter(c -> c.startsWith(NOT_REFERENCE))
                    .map(c -> c.substring(NOT_REFERENCE.length())).findFirst();
        }

        @Override
        public Conversation start() {
            WireInterpreter interpreter = new WireInterpreter(new ReferenceImplementation(level));
            return new Conversation() {
                @Override
                public String send(String line) {
                    return interpreter.answer(line);
                }

                @Override
                public void close() {
                    interpreter.close();
                }
            };
        }
    }

    private record PythonTarget(String version, Path python) implements Target {
        @Override
        public String name() {
            return "Python agent, CPython " + version;
        }

        @Override
        public ApiLevel level() {
            return ApiLevel.parse(version.substring(0, version.lastIndexOf('.')));
        }

        @Override
        public Conversation start() {
            try {
                Path stderr = Files.createTempFile("golden-transcripts-agent-", ".log");
                stderr.toFile().deleteOnExit();
                Process agent = new ProcessBuilder(python.toString(), TranscriptFiles.agent().toString())
                        .redirectError(stderr.toFile()).start();
                BlockingQueue<String> lines = new LinkedBlockingQueue<>();
                Thread reader = new Thread(() -> {
                    try (BufferedReader out = new BufferedReader(
                            new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = out.readLine()) != null;) {
                            lines.add(line);
                        }
                    } catch (IOException e) {
                        // the agent ended; send() reports the missing reply
                    }
                }, "golden-transcripts-" + version);
                reader.setDaemon(true);
                reader.start();
                OutputStream in = agent.getOutputStream();
                return new Conversation() {
                    @Override
                    public String send(String line) {
                        try {
                            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                            in.flush();
                            String reply = lines.poll(REPLY_BOUND_SECONDS, TimeUnit.SECONDS);
                            if (reply == null) {
                                throw new IllegalStateException("CPython " + version + "'s agent gave no reply within "
                                        + REPLY_BOUND_SECONDS + " s to " + line + "; its stderr:\n" + Files.readString(stderr));
                            }
                            return reply;
                        } catch (IOException e) {
                            throw new UncheckedIOException("CPython " + version + "'s agent: cannot send " + line, e);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IllegalStateException("interrupted while waiting for a reply to " + line, e);
                        }
                    }

                    @Override
                    public void close() {
                        try {
                            in.close();
                            if (!agent.waitFor(REPLY_BOUND_SECONDS, TimeUnit.SECONDS)) {
                                agent.destroyForcibly();
                            }
                        } catch (IOException | InterruptedException e) {
                            agent.destroyForcibly();
                        }
                    }
                };
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the agent with " + python, e);
            }
        }
    }

    private static long seqOf(String request) {
        try {
            JsonNode node = JSON.readTree(request);
            return node != null && node.path("seq").isIntegralNumber() ? node.get("seq").asLong() : 0;
        } catch (IOException e) {
            return 0; // not JSON: sent as it is
        }
    }

    private static String withSeq(String request, long seq) {
        try {
            ObjectNode node = (ObjectNode) JSON.readTree(request);
            node.put("seq", seq);
            return node.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
