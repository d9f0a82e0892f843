package org.asynciotck.java.example;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.LoopError;

/**
 * A small event loop written from scratch, NOT derived from the kit's reference loop: an ArrayDeque of
 * ready callbacks, a PriorityQueue of timers, a monitor to block on, and plain futures and tasks. It
 * follows CPython's {@code BaseEventLoop._run_once} in outline: run only the callbacks that were ready
 * when the iteration began; block no longer than the earliest timer; a thread-safe call wakes the loop.
 * It implements {@link JavaLoop} directly, so the "adapter" a user writes to certify it is only
 * {@link DequeLoopProvider} and {@link DequeLoopConformanceTest}. No I/O, no eager tasks, no enter/leave:
 * the kit reports those rules not applicable.
 */
public class DequeLoop implements JavaLoop {

    /** CPython's cap on one poll (base_events.py, MAXIMUM_SELECT_TIMEOUT): a day. */
    private static final double MAXIMUM_SELECT_TIMEOUT = 24 * 3600;

    /** The ready queue; guarded by {@code this}, since call_soon_threadsafe appends from other threads. */
    private final Deque<Callback> ready = new ArrayDeque<>();
    /**
     * The iteration's snapshot that has not run yet; guarded by {@code this}. Still part of the ready queue, as
     * the rest of a batch is in CPython's {@code _ready}: its length counts them, and a callback that raises out
     * of the loop (SystemExit, KeyboardInterrupt) leaves them queued for the next run.
     */
    private final Deque<Callback> batch = new ArrayDeque<>();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private boolean running;
    private boolean stopping;
    private boolean closed;
    /** Set by call_soon_threadsafe, cleared by the poll it ends: the self-pipe of asyncio. */
    private boolean wakeup;
    private ExceptionHandler handler;
    /** Where the default exception handler's lines go (CPython's go to the "asyncio" logger). */
    private final Consumer<String> log;
    /** The task whose step runs, or null; read and set by the instrumented variant's registry too. */
    Task current;
    private int tasksMade;

    /** A loop whose default exception handler writes to standard error. */
    public DequeLoop() {
        this(System.err::println);
    }

    /** A loop whose default exception handler writes its lines to {@code log}. */
    public DequeLoop(Consumer<String> log) {
        this.log = log;
    }

    // ---- scheduling -----------------------------------------------------------------------------

    @Override
    public synchronized Handle callSoon(Runnable callback) {
        checkClosed();
        Callback handle = new Callback(callback);
        enqueue(handle);
        return handle;
    }

    /** Where a ready callback goes: the tail, so a batch runs first in, first out. Called holding {@code this}. */
    protected void enqueue(Callback handle) {
        ready.addLast(handle);
    }

    /** The ready queue, for a subclass's {@link #enqueue}. */
    protected final Deque<Callback> readyDeque() {
        return ready;
    }

    @Override
    public synchronized Handle callSoonThreadsafe(Runnable callback) {
        Handle handle = callSoon(callback);
        wakeup = true;
        notifyAll();
        return handle;
    }

    @Override
    public synchronized TimerHandle callAt(double when, Runnable callback) {
        checkClosed();
        Timer timer = new Timer(callback, when);
        timers.add(timer);
        return timer;
    }

    @Override
    public double time() {
        return System.nanoTime() / 1e9;
    }

    // ---- running ----------------------------------------------------------------------------------

    @Override
    public void runForever() {
        synchronized (this) {
            checkClosed();
            if (running) {
                throw new IllegalStateException("This event loop is already running");
            }
            running = true;
        }
        try {
            while (true) {
                runOnce();
                synchronized (this) {
                    if (stopping) {
                        break;
                    }
                }
            }
        } finally {
            synchronized (this) {
                stopping = false;
                running = false;
            }
        }
    }

    /** One iteration: poll (block until the first timer, or a wake-up), move due timers, run the snapshot. */
    private void runOnce() {
        synchronized (this) {
            while (!timers.isEmpty() && timers.peek().cancelled()) {
                timers.poll();
            }
            Double timeout = !ready.isEmpty() || stopping ? Double.valueOf(0)
                    : timers.isEmpty() ? null : Math.min(MAXIMUM_SELECT_TIMEOUT, Math.max(0, timers.peek().when - time()));
            long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + (long) (timeout * 1e9);
            while (!observedInsteadOfWaiting(timeout) && !wakeup && System.nanoTime() < deadline) {
                waitUntil(deadline);
            }
            wakeup = false;
            while (!timers.isEmpty() && timers.peek().when <= time()) {
                Timer due = timers.poll();
                if (!due.cancelled()) {
                    ready.addLast(due);
                }
            }
            for (int ntodo = ready.size(); ntodo > 0; ntodo--) {
                batch.addLast(ready.pollFirst());
            }
        }
        try {
            for (Callback handle = nextOfBatch(); handle != null; handle = nextOfBatch()) {
                if (!handle.cancelled()) {
                    handle.run();
                }
            }
        } finally {
            synchronized (this) {
                while (!batch.isEmpty()) {
                    ready.addFirst(batch.pollLast());
                }
            }
        }
    }

    private synchronized Callback nextOfBatch() {
        return batch.pollFirst();
    }

    /** A variant that observes the timeout returns true: the poll then neither blocks nor waits. */
    boolean observedInsteadOfWaiting(Double timeout) {
        return false;
    }

    private void waitUntil(long deadline) {
        try {
            long left = deadline - System.nanoTime();
            if (deadline == Long.MAX_VALUE) {
                wait();
            } else {
                wait(Math.max(1, left / 1_000_000), 0);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while polling", e);
        }
    }

    @Override
    public synchronized void stop() {
        stopping = true;
    }

    @Override
    public synchronized boolean isRunning() {
        return running;
    }

    @Override
    public synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public synchronized void close() {
        if (running) {
            throw new IllegalStateException("Cannot close a running event loop");
        }
        closed = true;
        ready.clear();
        batch.clear();
        timers.clear();
    }

    @Override
    public Object runUntilComplete(JavaLoop.Future future) {
        checkClosed();
        if (isRunning()) {
            throw new IllegalStateException("This event loop is already running");
        }
        Consumer<JavaLoop.Future> stopWhenDone = done -> stop();
        future.addDoneCallback(stopWhenDone);
        try {
            runForever();
        } finally {
            // a run stopped early must not leave its callback behind to stop a later run (RUN-4)
            future.removeDoneCallback(stopWhenDone);
        }
        if (!future.done()) {
            throw new IllegalStateException("Event loop stopped before Future completed.");
        }
        return future.result();
    }

    private synchronized void checkClosed() {
        if (closed) {
            throw new IllegalStateException("Event loop is closed");
        }
    }

    // ---- futures and tasks -------------------------------------------------------------------------

    @Override
    public JavaLoop.Future createFuture() {
        return new Future();
    }

    @Override
    public JavaLoop.Task createTask(Coroutine coroutine, String name) {
        checkClosed();
        return new Task(coroutine, name == null ? "Task-" + ++tasksMade : name);
    }

    @Override
    public Task currentTask() {
        return current;
    }

    // ---- errors -------------------------------------------------------------------------------------

    @Override
    public void setExceptionHandler(ExceptionHandler handler) {
        this.handler = handler;
    }

    @Override
    public ExceptionHandler getExceptionHandler() {
        return handler;
    }

    @Override
    public void callExceptionHandler(Map<String, Object> context) {
        if (handler == null) {
            log.accept("DequeLoop: " + context);
            return;
        }
        try {
            handler.handle(this, context);
        } catch (RuntimeException e) {
            log.accept("DequeLoop: unhandled error in exception handler: " + e + " for " + context);
        }
    }

    // ---- internals the kit may observe -----------------------------------------------------------------

    @Override
    public Optional<ReadyQueue> readyQueue() {
        return Optional.of(new ReadyQueue() {
            @Override
            public int length() {
                synchronized (DequeLoop.this) {
                    return batch.size() + ready.size();
                }
            }

            @Override
            public boolean remove(Handle handle) {
                synchronized (DequeLoop.this) {
                    return batch.remove(handle) || ready.remove(handle);
                }
            }
        });
    }

    /** A scheduled callback. Cancelling drops the callback, so what it holds can be freed. */
    protected class Callback implements Handle {
        private Runnable callback;
        private boolean cancelled;

        synchronized boolean holdsCallback() {
            return callback != null;
        }

        Callback(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public synchronized void cancel() {
            cancelled = true;
            callback = null;
        }

        @Override
        public synchronized boolean cancelled() {
            return cancelled;
        }

        /** Runs the callback; an Exception goes to the exception handler, an Error leaves the loop. */
        void run() {
            Runnable toRun;
            synchronized (this) {
                toRun = callback;
            }
            try {
                toRun.run();
            } catch (RuntimeException e) {
                Map<String, Object> context = new LinkedHashMap<>();
                context.put("message", "Exception in callback " + toRun);
                context.put("exception", e);
                context.put("handle", this);
                callExceptionHandler(context);
            }
        }
    }

    private final class Timer extends Callback implements TimerHandle, Comparable<Timer> {
        private final double when;

        Timer(Runnable callback, double when) {
            super(callback);
            this.when = when;
        }

        @Override
        public double when() {
            return when;
        }

        @Override
        public int compareTo(Timer other) {
            return Double.compare(when, other.when);
        }
    }

    /** A future: its done callbacks are each scheduled with call_soon when it completes. */
    class Future implements JavaLoop.Future {
        private final List<Consumer<JavaLoop.Future>> callbacks = new ArrayList<>();
        boolean done;
        boolean cancelled;
        /** The message of the CancelledError that result() raises once cancelled. */
        String cancelledWith = "";
        private Object result;
        private Throwable exception;

        @Override
        public boolean done() {
            return done;
        }

        @Override
        public boolean cancelled() {
            return cancelled;
        }

        @Override
        public Object result() {
            Throwable error = exception();
            if (error != null) {
                throw error instanceof RuntimeException runtime ? runtime : new IllegalStateException(error);
            }
            return result;
        }

        @Override
        public Throwable exception() {
            if (cancelled) {
                throw LoopError.cancelled(cancelledWith);
            }
            if (!done) {
                throw LoopError.invalidState("Result is not set.");
            }
            return exception;
        }

        @Override
        public void setResult(Object value) {
            complete(value, null);
        }

        @Override
        public void setException(Throwable error) {
            complete(null, error);
        }

        @Override
        public boolean cancel() {
            if (done) {
                return false;
            }
            cancelled = true;
            complete(null, null);
            return true;
        }

        void complete(Object value, Throwable error) {
            if (done) {
                throw LoopError.invalidState("invalid state");
            }
            done = true;
            result = value;
            exception = error;
            for (Consumer<JavaLoop.Future> callback : callbacks) {
                callSoon(() -> callback.accept(this));
            }
            callbacks.clear();
        }

        @Override
        public void addDoneCallback(Consumer<JavaLoop.Future> callback) {
            if (done) {
                callSoon(() -> callback.accept(this));
            } else {
                callbacks.add(callback);
            }
        }

        @Override
        public int removeDoneCallback(Consumer<JavaLoop.Future> callback) {
            int before = callbacks.size();
            callbacks.removeIf(c -> c == callback);
            return before - callbacks.size();
        }
    }

    /** A task: steps its coroutine in callbacks of the loop, resuming when the awaited future is done. */
    final class Task extends Future implements JavaLoop.Task {
        private final Coroutine coroutine;
        private final String name;
        private JavaLoop.Future waitingFor;
        private boolean mustCancel;
        /** The message of the pending cancellation, for the CancelledError thrown into the coroutine. */
        private String pendingMessage;

        Task(Coroutine coroutine, String name) {
            this(coroutine, name, true);
        }

        /** A task whose first step is queued, or (eager start) left to the caller's {@link #firstStep()}. */
        Task(Coroutine coroutine, String name, boolean queueFirstStep) {
            this.coroutine = coroutine;
            this.name = name;
            if (queueFirstStep) {
                callSoon(() -> step(null, null));
            }
        }

        void firstStep() {
            step(null, null);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Coroutine coroutine() {
            return coroutine;
        }

        @Override
        public boolean cancel() {
            return cancel(null);
        }

        @Override
        public boolean cancel(String message) {
            if (done()) {
                return false;
            }
            pendingMessage = message;
            if (waitingFor != null && waitingFor.cancel()) {
                return true; // the wake-up throws CancelledError into the coroutine
            }
            mustCancel = true;
            return true;
        }

        private void step(Object value, RuntimeException error) {
            if (done()) {
                return;
            }
            if (current != null) {
                throw new IllegalStateException("Cannot enter into task " + name + " while another task "
                        + current.name() + " is being executed.");
            }
            if (mustCancel || error instanceof LoopError e && "CancelledError".equals(e.asyncioType())) {
                mustCancel = false;
                error = LoopError.cancelled(pendingMessage == null ? "" : pendingMessage);
            }
            current = this;
            waitingFor = null;
            try {
                Coroutine.Step step = error == null ? coroutine.send(value) : coroutine.throwInto(error);
                if (step instanceof Coroutine.Return returned && mustCancel) {
                    // cancel() during the step that returned: the task ends cancelled (CPython Task.__step)
                    mustCancel = false;
                    cancelled = true;
                    cancelledWith = pendingMessage == null ? "" : pendingMessage;
                    complete(null, null);
                } else if (step instanceof Coroutine.Return returned) {
                    complete(returned.value(), null);
                } else if (step instanceof Coroutine.Await await) {
                    waitingFor = await.future();
                    waitingFor.addDoneCallback(this::wakeUp);
                    if (mustCancel && waitingFor.cancel()) {
                        mustCancel = false; // cancel() during the step: the awaited future is cancelled at once
                    }
                }
            } catch (LoopError e) {
                if ("CancelledError".equals(e.asyncioType())) {
                    cancelled = true;
                    cancelledWith = String.valueOf(e.getMessage());
                    complete(null, null);
                } else {
                    complete(null, e);
                }
            } catch (RuntimeException e) {
                complete(null, e);
            } catch (LoopError.Exit e) {
                // KeyboardInterrupt or SystemExit: the task ends with it, and it leaves the run (CPython
                // Task.__step: "super().set_exception(exc); raise"), so the loop is usable afterwards (RUNNER-1)
                complete(null, e);
                throw e;
            } finally {
                current = null;
            }
        }

        private void wakeUp(JavaLoop.Future awaited) {
            Object value = null;
            RuntimeException error = null;
            try {
                value = awaited.result();
            } catch (RuntimeException e) {
                error = e;
            }
            step(value, error);
        }
    }
}
