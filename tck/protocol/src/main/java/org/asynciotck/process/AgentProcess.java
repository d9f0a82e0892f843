package org.asynciotck.process;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationFailure.Kind;
import org.asynciotck.spi.OperationUnsupported;

/**
 * One running agent and the request/reply conversation with it (docs/protocol.md, "Framing").
 *
 * <p>Every wait is bounded. Any failure except a {@code protocol_error} reply leaves the
 * conversation out of step, so the agent is killed (with everything it started, {@link AgentTree})
 * and marked unusable; the owner starts a fresh one. The tree is ended after a clean {@code bye}
 * too, so nothing the agent started outlives it.
 */
final class AgentProcess {

    /** A reply line longer than this is a protocol error (docs/protocol.md). */
    static final int MAX_LINE_BYTES = 1024 * 1024;
    /** How long a process that closed its stdout may take to report its exit status. */
    private static final Duration EXIT_GRACE = Duration.ofSeconds(2);
    /**
     * How long the stderr pump may take to drain the last bytes after the process is gone. The wait
     * ends at the pipe's end of file, microseconds after the exit on a quiet machine; the bound is
     * generous because a loaded 2-core CI machine can starve the pump thread for over a second.
     */
    private static final Duration STDERR_DRAIN = Duration.ofSeconds(5);
    /**
     * How long after its reply to {@code close_session} an agent that does not answer {@code sync} must
     * stay silent (docs/protocol.md, "Sync"): a line that arrives within it is blamed on the session just
     * closed, not on the next one. A second reply is written right after the first, so it arrives within
     * microseconds. Agents that answer {@code sync} never pay it: the barrier's reply ends the wait.
     */
    static final Duration QUIET_AFTER_CLOSE = Duration.ofMillis(20);
    /** The reply type of an operation the agent declares it does not support (docs/protocol.md). */
    static final String UNSUPPORTED = "unsupported";
    /** The longest op name or reason of an unsupported reply the kit quotes. */
    private static final int MAX_UNSUPPORTED_TEXT = 300;
    /** How often a wait for a reply also checks whether the process is still alive. */
    private static final long LIVENESS_SLICE_MILLIS = 100;

    private final Process process;
    private final AgentTree tree;
    private final OutputStream stdin;
    private final BlockingQueue<StdoutItem> stdout = new LinkedBlockingQueue<>();
    private final StderrTail stderrTail;
    private final Thread stderrPump;
    private final ObjectMapper json;
    /** The seq of the next request; the protocol numbers requests 1, 2, ... per agent. */
    private long nextSeq = 1;
    /**
     * Whether the agent answers {@code sync} ({@link #probeBarrier}); false until probed, and for agents
     * older than the barrier, which get the {@link #QUIET_AFTER_CLOSE} window instead.
     */
    private boolean barrier;
    /** False once the conversation is out of step or the process is gone; never true again. */
    private volatile boolean usable = true;

    private AgentProcess(Process process, AgentTree tree, ObjectMapper json) {
        this.process = process;
        this.tree = tree;
        this.json = json;
        this.stdin = process.getOutputStream();
        this.stderrTail = new StderrTail(process.getErrorStream());
        this.stderrPump = daemon(stderrTail, "agent-" + process.pid() + "-stderr");
        daemon(this::pumpStdout, "agent-" + process.pid() + "-stdout");
    }

    /** Starts {@code argv} with {@code environment} added to this JVM's environment. */
    static AgentProcess start(List<String> argv, Map<String, String> environment, ObjectMapper json)
            throws IOException {
        AgentTree tree = new AgentTree();
        ProcessBuilder builder = new ProcessBuilder(tree.argv(argv));
        builder.environment().putAll(environment);
        tree.mark(builder.environment());
        // Registered before the start: a kit stopped during the first hello still ends this agent.
        LiveAgents.register(tree);
        Process process;
        try {
            process = builder.start();
        } catch (IOException | RuntimeException e) {
            LiveAgents.end(tree);
            throw e;
        }
        tree.started(process);
        LiveAgents.refuseWhenShuttingDown(tree);
        return new AgentProcess(process, tree, json);
    }

    long pid() {
        return process.pid();
    }

    boolean usable() {
        return usable && process.isAlive();
    }

    /** The last 64 KiB the agent wrote to stderr. */
    String stderr() {
        return stderrTail.text();
    }

    /**
     * Sends {@code request} and returns the reply, checked for well-formedness, seq and type.
     *
     * @throws ImplementationFailure on a crash, a timeout, a reply the protocol does not allow,
     *     or a {@code protocol_error} reply (only that one leaves the agent usable)
     * @throws OperationUnsupported on an {@code unsupported} reply to {@code perform} or {@code benchmark}
     *     (the agent stays usable)
     * @throws IllegalStateException when an earlier failure made the agent unusable
     */
    synchronized JsonNode exchange(Request request, Duration timeout) {
        if (!usable) {
            throw new IllegalStateException("agent " + pid() + " is unusable after an earlier failure");
        }
        long seq = nextSeq++;
        // A line already waiting was sent before this request asked for anything.
        StdoutItem early = strayLine();
        if (early != null) {
            throw fail(Kind.PROTOCOL_ERROR, "agent sent a line that no request asked for, after its reply to the"
                    + " previous request and before " + request.waitingFor() + ": " + describe(early));
        }
        send(seq, request);
        StdoutItem item = awaitItem(request, timeout);
        byte[] line = lineOf(item, request);
        JsonNode reply = parse(line);
        JsonNode replySeq = reply.get("seq");
        if (replySeq == null || !replySeq.canConvertToLong() || replySeq.asLong() != seq) {
            throw fail(Kind.PROTOCOL_ERROR, "reply to " + request.waitingFor() + " carries seq " + replySeq
                    + " instead of " + seq + ": " + Snippet.of(line));
        }
        String type = reply.path("type").asText("");
        if (type.equals("protocol_error")) {
            throw new ImplementationFailure(Kind.PROTOCOL_ERROR, "agent did not understand "
                    + request.waitingFor() + ": " + reply.path("message").asText("(no message)"), stderr());
        }
        if (type.equals(UNSUPPORTED) && (request.operation() != null || request.operations() != null)) {
            throw unsupported(reply, line, request);
        }
        if (!type.equals(request.expectedReplyType())) {
            throw fail(Kind.PROTOCOL_ERROR, "reply to " + request.waitingFor() + " has type [" + type
                    + "] instead of [" + request.expectedReplyType() + "]: " + Snippet.of(line));
        }
        return reply;
    }

    /**
     * The agent's "I do not support this operation" ({@code perform} and {@code benchmark} only): the
     * agent stays usable. Its {@code op} must be a string, and {@code reason} one if present.
     */
    private RuntimeException unsupported(JsonNode reply, byte[] line, Request request) {
        JsonNode op = reply.get("op");
        JsonNode reason = reply.get("reason");
        if (op == null || !op.isTextual() || op.asText().isEmpty() || (reason != null && !reason.isTextual())) {
            return fail(Kind.PROTOCOL_ERROR, "unsupported reply to " + request.waitingFor()
                    + " needs a string op and, if any, a string reason: " + Snippet.of(line));
        }
        String why = reason == null ? "no reason given" : reason.asText();
        // Quoted in every message of every scenario that needs the operation: one line's worth is enough.
        return new OperationUnsupported(cut(op.asText()), cut(why));
    }

    private static String cut(String text) {
        return text.length() <= MAX_UNSUPPORTED_TEXT ? text : text.substring(0, MAX_UNSUPPORTED_TEXT) + "...";
    }

    /**
     * Asks whether the agent answers the barrier request {@code sync} (docs/protocol.md, "Sync"), right
     * after its {@code hello}. An agent older than the barrier answers {@code protocol_error}: it stays
     * usable, and the kit falls back to {@link #QUIET_AFTER_CLOSE} after each {@code close_session}.
     *
     * @throws ImplementationFailure when the agent answers anything but {@code ok} or {@code protocol_error}
     */
    synchronized boolean probeBarrier(Duration timeout) {
        try {
            exchange(Request.sync(), timeout);
            barrier = true;
        } catch (ImplementationFailure e) {
            if (usable()) {
                barrier = false; // a protocol_error reply: it does not know sync
            } else {
                throw e;
            }
        }
        return barrier;
    }

    /**
     * Checks that the agent sent nothing after its reply to {@code closed} ({@code close_session}): after
     * it, nothing may arrive until the next request. With the barrier, the kit sends {@code sync} and the
     * first line back must be its {@code ok}: a line the agent wrote after its reply to {@code closed}
     * travels the same ordered pipe and arrives before it. Without (an agent older than the barrier), the
     * kit listens for {@link #QUIET_AFTER_CLOSE}.
     *
     * <p>An agent that crashes or hangs on the barrier is not the closed session's verdict (a failed
     * {@code close_session} is not either): it is killed, and the next session gets a fresh agent.
     *
     * @throws ImplementationFailure a protocol error naming the line that arrived (the agent is killed)
     */
    synchronized void requireSilenceAfter(Request closed, Duration timeout) {
        if (!usable) {
            return;
        }
        if (!barrier) {
            requireQuietWindowAfter(closed);
            return;
        }
        Request sync = Request.sync();
        long seq = nextSeq++;
        StdoutItem item;
        try {
            send(seq, sync);
            item = awaitItem(sync, timeout);
        } catch (ImplementationFailure crashedOrHungOnTheBarrier) {
            return; // already killed; the next openSession() starts a fresh agent
        }
        if (item instanceof StdoutItem.Line line && isBarrierReply(line.bytes(), seq)) {
            return;
        }
        if (item instanceof StdoutItem.Line || item instanceof StdoutItem.Oversized) {
            throw fail(Kind.PROTOCOL_ERROR, "agent sent a line after its reply to " + closed.waitingFor()
                    + ", before its reply to the sync that followed: " + describe(item));
        }
        stdout.add(item); // the end of its output: the next request reports how it ended
    }

    /** True when {@code line} is {@code {"seq": seq, "type": "ok"}} (with any further fields). */
    private boolean isBarrierReply(byte[] line, long seq) {
        try {
            JsonNode reply = json.readTree(line);
            return reply != null && reply.isObject() && reply.path("seq").canConvertToLong()
                    && reply.path("seq").asLong() == seq && reply.path("type").asText("").equals("ok");
        } catch (IOException e) {
            return false; // not JSON: a stray line, reported as such by the caller
        }
    }

    private void requireQuietWindowAfter(Request closed) {
        try {
            StdoutItem item = stdout.poll(QUIET_AFTER_CLOSE.toNanos(), TimeUnit.NANOSECONDS);
            if (item instanceof StdoutItem.Line || item instanceof StdoutItem.Oversized) {
                throw fail(Kind.PROTOCOL_ERROR, "agent sent a line after its reply to " + closed.waitingFor()
                        + ", before any request: " + describe(item));
            }
            if (item != null) {
                stdout.add(item); // the end of its output: the next request reports how it ended
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private StdoutItem strayLine() {
        StdoutItem head = stdout.peek();
        return head instanceof StdoutItem.Line || head instanceof StdoutItem.Oversized ? stdout.poll() : null;
    }

    private static String describe(StdoutItem item) {
        if (item instanceof StdoutItem.Line line) {
            return Snippet.of(line.bytes());
        }
        StdoutItem.Oversized oversized = (StdoutItem.Oversized) item;
        return "a line longer than " + oversized.limit() + " bytes: " + Snippet.of(oversized.prefix());
    }

    /**
     * Marks the agent unusable, kills it and returns the failure to throw; for replies that are
     * well-framed but say something the protocol does not allow.
     */
    ImplementationFailure fail(Kind kind, String message) {
        usable = false;
        killTree();
        return new ImplementationFailure(kind, message, drainedStderr());
    }

    /** Asks the agent to exit ({@code bye}); kills it if it does not answer or exit in time. Never throws. */
    synchronized void shutDown(Duration timeout) {
        if (usable()) {
            try {
                exchange(Request.bye(), timeout);
                stdin.close();
                // Whether or not it exits in time, what it started is ended below with it.
                process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ImplementationFailure | IOException e) {
                // It did not say goodbye properly; it is killed below.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        usable = false;
        killTree();
    }

    /**
     * Kills the agent and everything it started, waiting (bounded) for it to be gone. Never throws.
     * Not synchronized: a shutdown hook must be able to kill an agent that a caller is waiting on.
     */
    void killTree() {
        usable = false;
        LiveAgents.end(tree);
        // Through the handle first: Process.destroyForcibly() also closes the streams, and the stderr pump would
        // lose what the agent wrote just before it died (a crash's own message, the failure's diagnostics)
        process.toHandle().destroyForcibly();
        try {
            process.onExit().get(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            stderrPump.join(STDERR_DRAIN.toMillis()); // at the pipe's end of file, at once unless a child holds it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // A process that survives SIGKILL for two seconds is the operating system's business.
        }
        // Now the streams: their descriptors are released, and a pump that a leftover child keeps reading ends
        process.destroyForcibly();
    }

    private void send(long seq, Request request) {
        ObjectNode node = json.createObjectNode();
        node.put("seq", seq);
        node.setAll((ObjectNode) json.valueToTree(request));
        try {
            stdin.write(json.writeValueAsBytes(node));
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            // Usually a broken pipe: the agent died. Say how, if it did.
            throw exitedOrStuck(request);
        }
    }

    private StdoutItem awaitItem(Request request, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw fail(Kind.TIMED_OUT, "timed out after " + Durations.describe(timeout)
                            + " waiting for " + request.waitingFor());
                }
                StdoutItem item = stdout.poll(
                        Math.min(left, TimeUnit.MILLISECONDS.toNanos(LIVENESS_SLICE_MILLIS)), TimeUnit.NANOSECONDS);
                if (item != null) {
                    return item;
                }
                if (!process.isAlive()) {
                    // Its last line may still be in the pipe; after that, it died without answering.
                    item = stdout.poll(LIVENESS_SLICE_MILLIS, TimeUnit.MILLISECONDS);
                    return item != null ? item : new StdoutItem.End(new byte[0]);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail(Kind.TIMED_OUT, "interrupted while waiting for " + request.waitingFor());
        }
    }

    private byte[] lineOf(StdoutItem item, Request request) {
        if (item instanceof StdoutItem.Line line) {
            return line.bytes();
        }
        if (item instanceof StdoutItem.Oversized oversized) {
            throw fail(Kind.PROTOCOL_ERROR, "reply to " + request.waitingFor() + " is longer than "
                    + oversized.limit() + " bytes: " + Snippet.of(oversized.prefix()));
        }
        if (item instanceof StdoutItem.ReadFailed failed) {
            throw fail(Kind.PROTOCOL_ERROR, "could not read the reply to " + request.waitingFor()
                    + ": " + failed.reason());
        }
        throw exitedOrStuck(request);
    }

    private ImplementationFailure exitedOrStuck(Request request) {
        usable = false;
        try {
            if (process.waitFor(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                // Kill whatever it left behind; the process itself is already gone.
                killTree();
                return new ImplementationFailure(Kind.CRASHED,
                        "crashed (" + describeExit(process.exitValue()) + ") while answering "
                                + request.waitingFor(), drainedStderr());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return fail(Kind.PROTOCOL_ERROR, "agent closed its stdout but kept running, while answering "
                + request.waitingFor());
    }

    /**
     * "signal 11" or "exit code 3". Java reports death by signal N as exit value 128 + N on
     * Unix, the shell convention; a real {@code exit(139)} reads the same, which no agent has
     * a reason to do.
     */
    static String describeExit(int exitValue) {
        return exitValue > 128 && exitValue <= 128 + 64 ? "signal " + (exitValue - 128) : "exit code " + exitValue;
    }

    private JsonNode parse(byte[] line) {
        try {
            JsonNode node = json.readTree(line);
            if (node != null && node.isObject()) {
                return node;
            }
        } catch (JsonProcessingException e) {
            // Reported below with the line itself, which says more than the parser's position.
        } catch (IOException e) {
            // Same as above: readTree on bytes declares IOException.
        }
        throw fail(Kind.PROTOCOL_ERROR, "agent sent a line that is not a JSON object: " + Snippet.of(line));
    }

    private String drainedStderr() {
        try {
            stderrPump.join(STDERR_DRAIN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return stderr();
    }

    private void pumpStdout() {
        BoundedLineReader reader = new BoundedLineReader(process.getInputStream(), MAX_LINE_BYTES);
        try {
            while (true) {
                StdoutItem item = reader.next();
                stdout.add(item);
                if (!(item instanceof StdoutItem.Line)) {
                    return;
                }
            }
        } catch (IOException e) {
            stdout.add(new StdoutItem.ReadFailed(e.toString()));
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
