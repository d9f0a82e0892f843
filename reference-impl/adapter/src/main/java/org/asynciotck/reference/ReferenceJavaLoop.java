package org.asynciotck.reference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.LoopError;
import org.asynciotck.refloop.CancelledException;
import org.asynciotck.refloop.CurrentTasks;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.InvalidStateException;
import org.asynciotck.refloop.LoopExitException;
import org.asynciotck.refloop.LoopRuntimeException;
import org.asynciotck.refloop.ManualClock;
import org.asynciotck.refloop.StopIterationException;
import org.asynciotck.refloop.UninitialisedTaskException;
import org.asynciotck.refloop.Watched;
import org.asynciotck.refloop.WrongTypeException;
import org.asynciotck.spi.Capability;

/**
 * The reference loop ({@link EventLoop}, with virtual time: a {@link ManualClock} and the
 * {@link VirtualTimePoller}) as a {@link JavaLoop}, so that the one Java interpreter of the vocabulary
 * answers for it. Its objects are wrapped once each (identity matters: a future's done callback gets the
 * same wrapper every time); its own exceptions keep their classes and are named through
 * {@link #asyncioTypeOf}; the kit's KeyboardInterrupt and SystemExit ({@link LoopError.Exit}) become the
 * loop's {@link LoopExitException} where they leave a callback or a coroutine. A channel the kit watches is
 * a {@link Watched} whose readiness a selector of its own tells without blocking.
 *
 * <p>The optional internals are those of the capabilities declared ({@code capabilities}).
 */
final class ReferenceJavaLoop implements JavaLoop {

    private final ManualClock clock = new ManualClock();
    private final VirtualTimePoller poller = new VirtualTimePoller(clock);
    private final EventLoop loop;
    private final TaskConstructor tasks;
    /** The loop's contexts, with the kit's context variable of this loop (CTX-n). */
    private final ReferenceContexts contexts;
    private final Set<String> capabilities;
    /**
     * Whether the loop's task factory is {@code asyncio.eager_task_factory} (the declared profile
     * {@code eager-task-factory}): {@link #createTask} then makes the task with {@code eager_start=True}.
     */
    private final boolean eagerTaskFactory;
    /** Each object of the loop to its one wrapper; callbacks may run on a loop thread, hence synchronized. */
    private final Map<org.asynciotck.refloop.Future<?>, RefFuture> futures = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<Consumer<JavaLoop.Future>, Consumer<org.asynciotck.refloop.Future<Object>>> doneCallbacks =
            Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<SelectableChannel, ChannelWatch> watches = Collections.synchronizedMap(new IdentityHashMap<>());
    /** The kit's handler behind the loop's, so {@link #getExceptionHandler} answers with the kit's object. */
    private volatile HandlerBridge handler;
    private final AsyncGeneratorBridge asyncGenerators;

    ReferenceJavaLoop(LoopFactory loops, TaskConstructor tasks, Set<String> capabilities, boolean eagerTaskFactory) {
        this.loop = loops.create(clock, poller);
        // What the loop reports reaches the kit through the handler each session sets (the scenarios check it,
        // and the exploration compares it); the default handler's log line, which CPython sends to its logger,
        // has no reader here, and on the console it would only bury the kit's own output.
        loop.setLog(line -> { });
        poller.attach(loop);
        this.tasks = tasks;
        this.capabilities = Set.copyOf(capabilities);
        this.eagerTaskFactory = eagerTaskFactory;
        this.asyncGenerators = new AsyncGeneratorBridge(loop, CoroutineBridge::new, this::wrap);
        this.contexts = new ReferenceContexts(loop, this);
    }

    // ---- core -------------------------------------------------------------------------------------

    @Override
    public JavaLoop.Handle callSoon(Runnable callback) {
        return new RefHandle(loop.callSoon(bridged(callback)));
    }

    @Override
    public JavaLoop.Handle callSoonThreadsafe(Runnable callback) {
        return new RefHandle(loop.callSoonThreadsafe(bridged(callback)));
    }

    @Override
    public JavaLoop.TimerHandle callAt(double when, Runnable callback) {
        return new RefTimer(loop.callAt(when, bridged(callback)));
    }

    @Override
    public JavaLoop.TimerHandle callLater(double delay, Runnable callback) {
        return new RefTimer(loop.callLater(delay, bridged(callback)));
    }

    @Override
    public double time() {
        return loop.time();
    }

    /** CLOCK-1: time spent computing is time on the virtual clock, which moves on by it at once. */
    @Override
    public void spend(double seconds) {
        clock.advance(seconds);
    }

    @Override
    public void runForever() {
        loop.runForever();
    }

    @Override
    public void stop() {
        loop.stop();
    }

    @Override
    public boolean isRunning() {
        return loop.isRunning();
    }

    @Override
    public boolean isClosed() {
        return loop.isClosed();
    }

    @Override
    public void close() {
        try {
            loop.close();
        } finally {
            if (loop.isClosed()) {
                watches.values().forEach(ChannelWatch::close);
            }
        }
    }

    @Override
    public JavaLoop.Future createFuture() {
        return wrap(loop.createFuture());
    }

    /**
     * {@code loop.create_task(coro, name=name)}, which {@code asyncio.create_task}, {@code ensure_future} and a
     * TaskGroup go through too. With the eager task factory ({@code asyncio.eager_task_factory}, 3.12+) the task
     * is {@code Task(coro, loop=loop, eager_start=True)}: on a running loop its first step runs inside this call,
     * with the task current, and a coroutine that does not suspend leaves it done (EAGER-4); on a loop that is not
     * running its first step is queued, as without the factory (EAGER-2).
     */
    @Override
    public JavaLoop.Task createTask(JavaLoop.Coroutine coroutine, String name) {
        return (JavaLoop.Task) wrap(loop.createTask(new CoroutineBridge(coroutine), name, eagerTaskFactory));
    }

    /** {@code loop.create_task(coro, name=name, context=context)}: as {@link #createTask}, every step in {@code context} (CTX-5). */
    JavaLoop.Task createTask(JavaLoop.Coroutine coroutine, String name, org.asynciotck.refloop.Context context) {
        return (JavaLoop.Task) wrap(loop.createTask(new CoroutineBridge(coroutine), name, eagerTaskFactory, context));
    }

    @Override
    public JavaLoop.Task currentTask() {
        return (JavaLoop.Task) wrap(CurrentTasks.current(loop));
    }

    @Override
    public void setExceptionHandler(ExceptionHandler kitHandler) {
        HandlerBridge bridge = kitHandler == null ? null : new HandlerBridge(kitHandler);
        handler = bridge;
        loop.setExceptionHandler(bridge);
    }

    // ---- optional public API ----------------------------------------------------------------------

    @Override
    public Object runUntilComplete(JavaLoop.Future future) {
        return loop.runUntilComplete(unwrap(future));
    }

    @Override
    public Object runUntilComplete(JavaLoop.Coroutine coroutine) {
        return loop.runUntilComplete(new CoroutineBridge(coroutine)); // RUN-1, RUN-3: refused before wrapping
    }

    @Override
    public JavaLoop.Task constructTask(JavaLoop.Coroutine coroutine, String name, boolean eagerStart) {
        return (JavaLoop.Task) wrap(tasks.construct(loop, new CoroutineBridge(coroutine), name, eagerStart));
    }

    @Override
    public ExceptionHandler getExceptionHandler() {
        org.asynciotck.refloop.ExceptionHandler set = loop.getExceptionHandler();
        if (set == null) {
            return null;
        }
        HandlerBridge bridge = handler;
        return bridge != null && set == bridge ? bridge.kit : (l, context) -> set.handle(context);
    }

    @Override
    public void callExceptionHandler(Map<String, Object> context) {
        loop.callExceptionHandler(context);
    }

    @Override
    public DefaultExecutor defaultExecutor() {
        return new DefaultExecutor() { // EXEC-1 to EXEC-7
            @Override
            public JavaLoop.Future runInExecutor(java.util.concurrent.Callable<Object> job) {
                return wrap(loop.runInExecutor(job));
            }

            @Override
            public void setDefaultExecutor(java.util.concurrent.Executor executor) {
                loop.setDefaultExecutor(executor);
            }

            @Override
            public JavaLoop.Future shutdown(Double timeoutSeconds) {
                return wrap(loop.shutdownDefaultExecutor(timeoutSeconds));
            }
        };
    }

    @Override
    public AsyncGenerators asyncGenerators() {
        return asyncGenerators; // AGEN-1 to AGEN-5
    }

    @Override
    public void addReader(SelectableChannel channel, Runnable callback) {
        loop.addReader(watch(channel), bridged(callback));
    }

    @Override
    public boolean removeReader(SelectableChannel channel) {
        return loop.removeReader(watch(channel));
    }

    @Override
    public void addWriter(SelectableChannel channel, Runnable callback) {
        loop.addWriter(watch(channel), bridged(callback));
    }

    @Override
    public boolean removeWriter(SelectableChannel channel) {
        return loop.removeWriter(watch(channel));
    }

    /** The reference loop's exceptions by asyncio's names. */
    @Override
    public String asyncioTypeOf(Throwable error) {
        if (error instanceof LoopExitException exit) {
            return exit.pythonType(); // EXC-2
        }
        if (error instanceof CancelledException) {
            return "CancelledError";
        }
        if (error instanceof StopIterationException) {
            return "StopIteration";
        }
        if (error instanceof InvalidStateException) {
            return "InvalidStateError";
        }
        if (error instanceof WrongTypeException) {
            return "TypeError"; // EXEC-7
        }
        if (error instanceof LoopRuntimeException || error instanceof UninitialisedTaskException) {
            return "RuntimeError";
        }
        return null;
    }

    // ---- optional internals, by the capabilities declared --------------------------------------------

    @Override
    public Optional<ReadyQueue> readyQueue() {
        return declared(Capability.READY_QUEUE, new ReadyQueue() {
            @Override
            public int length() {
                return loop.readyQueueLength();
            }

            @Override
            public boolean remove(JavaLoop.Handle handle) {
                return loop.removeFromReadyQueue(((RefHandle) handle).handle);
            }
        });
    }

    /** One iteration with the probe poller: the loop stops after it, the probe reports the timeout. */
    @Override
    public Optional<SelectProbe> selectProbe() {
        return declared(Capability.SELECT_TIMEOUT, () -> {
            poller.probeNextPoll();
            loop.runForever();
            if (!poller.probed()) {
                throw new LoopRuntimeException("the loop returned without polling its selector");
            }
            return poller.probedTimeout();
        });
    }

    @Override
    public Optional<HandleInternals> handleInternals() {
        return declared(Capability.HANDLE_INTERNALS, handle -> ((RefHandle) handle).handle.holdsCallback());
    }

    @Override
    public Optional<TaskRegistry> taskRegistry() {
        boolean swaps = capabilities.contains(Capability.SWAP_CURRENT_TASK);
        return declared(Capability.ENTER_LEAVE_TASK, new TaskRegistry() {
            @Override
            public void enter(JavaLoop.Task task) {
                CurrentTasks.enter(loop, unwrapTask(task));
            }

            @Override
            public void leave(JavaLoop.Task task) {
                CurrentTasks.leave(loop, unwrapTask(task));
            }

            @Override
            public JavaLoop.Task swap(JavaLoop.Task task) {
                return (JavaLoop.Task) wrap(CurrentTasks.swap(loop, task == null ? null : unwrapTask(task)));
            }

            @Override
            public boolean swaps() {
                return swaps;
            }
        });
    }

    @Override
    public Optional<EagerTasks> eagerTasks() {
        return declared(Capability.EAGER_START, (coroutine, name) -> constructTask(coroutine, name, true));
    }

    @Override
    public Optional<UninitialisedTasks> uninitialisedTasks() {
        return declared(Capability.UNINITIALISED_TASK, () -> (JavaLoop.Task) wrap(org.asynciotck.refloop.Task.uninitialised()));
    }

    /** The probe poller tells when the loop blocks with nothing to do, and wakes it (start_loop_thread). */
    @Override
    public Optional<IdleProbe> idleProbe() {
        return Optional.of(new IdleProbe() {
            @Override
            public boolean awaitIdle(double seconds) throws InterruptedException {
                return poller.awaitIdle(seconds);
            }

            @Override
            public void wakeUp() {
                poller.wakeup();
            }
        });
    }

    /** The reference loop carries a context on every handle and task: CTX-1 to CTX-7. */
    @Override
    public Optional<Contexts> contexts() {
        return Optional.of(contexts);
    }

    private <T> Optional<T> declared(String capability, T internal) {
        return capabilities.contains(capability) ? Optional.of(internal) : Optional.empty();
    }

    // ---- wrapping -----------------------------------------------------------------------------------

    /** The kit's callback as the loop runs it: the kit's KeyboardInterrupt or SystemExit as the loop's. */
    static Runnable bridged(Runnable callback) {
        return () -> asLoopExit(() -> {
            callback.run();
            return null;
        });
    }

    private static <T> T asLoopExit(Supplier<T> body) {
        try {
            return body.get();
        } catch (LoopError.Exit exit) {
            throw new LoopExitException(exit.asyncioType(), exit.getMessage()); // EXC-2
        }
    }

    @SuppressWarnings("unchecked")
    JavaLoop.Future wrap(org.asynciotck.refloop.Future<?> future) {
        if (future == null) {
            return null;
        }
        return futures.computeIfAbsent(future, f -> f instanceof org.asynciotck.refloop.Task<?> task
                ? new RefTask((org.asynciotck.refloop.Task<Object>) task) : new RefFuture((org.asynciotck.refloop.Future<Object>) f));
    }

    static org.asynciotck.refloop.Future<Object> unwrap(JavaLoop.Future future) {
        if (!(future instanceof RefFuture ref)) {
            throw new IllegalArgumentException("not a future of the reference loop: " + future);
        }
        return ref.future;
    }

    private static org.asynciotck.refloop.Task<Object> unwrapTask(JavaLoop.Task task) {
        return ((RefTask) task).task;
    }

    private Watched watch(SelectableChannel channel) {
        return watches.computeIfAbsent(channel, ChannelWatch::new);
    }

    Consumer<org.asynciotck.refloop.Future<Object>> doneCallback(Consumer<JavaLoop.Future> callback) {
        return doneCallbacks.computeIfAbsent(callback, kit -> done -> asLoopExit(() -> {
            kit.accept(wrap(done));
            return null;
        }));
    }

    static class RefHandle implements JavaLoop.Handle {
        final org.asynciotck.refloop.Handle handle;

        RefHandle(org.asynciotck.refloop.Handle handle) {
            this.handle = handle;
        }

        @Override
        public void cancel() {
            handle.cancel();
        }

        @Override
        public boolean cancelled() {
            return handle.cancelled();
        }

        @Override
        public String toString() {
            return handle.toString();
        }
    }

    static final class RefTimer extends RefHandle implements JavaLoop.TimerHandle {
        RefTimer(org.asynciotck.refloop.TimerHandle timer) {
            super(timer);
        }

        @Override
        public double when() {
            return ((org.asynciotck.refloop.TimerHandle) handle).when();
        }
    }

    private class RefFuture implements JavaLoop.Future {
        final org.asynciotck.refloop.Future<Object> future;

        RefFuture(org.asynciotck.refloop.Future<Object> future) {
            this.future = future;
        }

        @Override
        public boolean done() {
            return future.done();
        }

        @Override
        public boolean cancelled() {
            return future.cancelled();
        }

        @Override
        public Object result() {
            return future.result();
        }

        @Override
        public Throwable exception() {
            return future.exception();
        }

        @Override
        public void setResult(Object value) {
            future.setResult(value);
        }

        @Override
        public void setException(Throwable error) {
            future.setException(error instanceof RuntimeException runtime ? runtime
                    : new LoopRuntimeException(String.valueOf(error.getMessage()), error));
        }

        @Override
        public void setStopIteration(String message) {
            future.setException(new StopIterationException(message)); // FUTURE-6: the loop refuses it
        }

        @Override
        public boolean cancel() {
            return future.cancel();
        }

        @Override
        public void addDoneCallback(Consumer<JavaLoop.Future> callback) {
            future.addDoneCallback(doneCallback(callback));
        }

        @Override
        public int removeDoneCallback(Consumer<JavaLoop.Future> callback) {
            return future.removeDoneCallback(doneCallback(callback));
        }

        @Override
        public String toString() {
            return future.toString();
        }
    }

    private final class RefTask extends RefFuture implements JavaLoop.Task {
        final org.asynciotck.refloop.Task<Object> task;

        RefTask(org.asynciotck.refloop.Task<Object> task) {
            super(task);
            this.task = task;
        }

        @Override
        public String name() {
            return task.getName();
        }

        @Override
        public boolean cancel() {
            return task.cancel();
        }

        @Override
        public boolean cancel(String message) {
            return task.cancel(message);
        }

        @Override
        public JavaLoop.Coroutine coroutine() {
            Object coroutine = task.getCoro();
            return coroutine instanceof CoroutineBridge bridge ? bridge.kit : null;
        }
    }

    /** The kit's coroutine as the loop's tasks drive it. */
    private final class CoroutineBridge implements org.asynciotck.refloop.Coroutine<Object> {
        final JavaLoop.Coroutine kit;

        CoroutineBridge(JavaLoop.Coroutine kit) {
            this.kit = kit;
        }

        @Override
        public org.asynciotck.refloop.Coroutine.Step<Object> send(Object value) {
            return step(asLoopExit(() -> asLoopCancellation(() -> kit.send(value))));
        }

        @Override
        public org.asynciotck.refloop.Coroutine.Step<Object> throwInto(RuntimeException error) {
            return step(asLoopExit(() -> asLoopCancellation(() -> kit.throwInto(error))));
        }

        /**
         * A CancelledError the kit's coroutine raises itself (a generator raising it while closing, AGEN-5) as
         * the loop's CancelledException, so that the task ends cancelled as Task.__step makes it.
         */
        private JavaLoop.Coroutine.Step asLoopCancellation(Supplier<JavaLoop.Coroutine.Step> resumption) {
            try {
                return resumption.get();
            } catch (LoopError error) {
                if ("CancelledError".equals(error.asyncioType())) {
                    throw new CancelledException(error.getMessage());
                }
                throw error;
            }
        }

        private org.asynciotck.refloop.Coroutine.Step<Object> step(JavaLoop.Coroutine.Step step) {
            if (step instanceof JavaLoop.Coroutine.Await await) {
                return new org.asynciotck.refloop.Coroutine.Yield<>(unwrap(await.future()));
            }
            return new org.asynciotck.refloop.Coroutine.Return<>(((JavaLoop.Coroutine.Return) step).value());
        }
    }

    /** The kit's handler behind the loop's interface: the loop hands it the whole context (EXC-1). */
    private final class HandlerBridge implements org.asynciotck.refloop.ExceptionHandler {
        final ExceptionHandler kit;

        HandlerBridge(ExceptionHandler kit) {
            this.kit = kit;
        }

        @Override
        public void handle(String message, Throwable error) {
            Map<String, Object> context = new java.util.LinkedHashMap<>();
            context.put("message", message);
            if (error != null) {
                context.put("exception", error);
            }
            handle(context);
        }

        @Override
        public void handle(Map<String, Object> context) {
            asLoopExit(() -> {
                kit.handle(ReferenceJavaLoop.this, context);
                return null;
            });
        }
    }

    /** A channel the loop watches, asked for readiness by a selector of its own that never blocks. */
    private static final class ChannelWatch implements Watched {
        private final Selector selector;
        private final SelectionKey key;

        ChannelWatch(SelectableChannel channel) {
            try {
                this.selector = Selector.open();
                this.key = channel.register(selector, channel.validOps());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot watch " + channel, e);
            }
        }

        @Override
        public boolean readable() {
            return ready(SelectionKey.OP_READ);
        }

        @Override
        public boolean writable() {
            return ready(SelectionKey.OP_WRITE);
        }

        private synchronized boolean ready(int op) {
            if (!key.isValid()) {
                return false;
            }
            try {
                selector.selectedKeys().clear();
                selector.selectNow();
                return selector.selectedKeys().contains(key) && (key.readyOps() & op) != 0;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot ask whether a watched channel is ready", e);
            }
        }

        synchronized void close() {
            try {
                selector.close();
            } catch (IOException e) {
                // closing with the loop: nothing is left to tell
            }
        }
    }
}
