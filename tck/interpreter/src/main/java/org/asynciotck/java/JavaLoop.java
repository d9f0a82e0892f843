package org.asynciotck.java;

import java.nio.channels.SelectableChannel;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An event loop written in Java, as the kit sees it: the few calls of asyncio's {@code AbstractEventLoop}
 * that the rule book exercises, in Java shape. A loop implements this interface, or a small adapter does
 * it for the loop; {@link JavaLoopProvider} makes one per scenario and the kit's interpreter
 * ({@link JavaLoopImplementation}) turns every operation of the vocabulary (docs/protocol.md) into calls
 * on it.
 *
 * <p><b>Core and optional.</b> The abstract methods are the core: every loop MUST implement them, and the
 * core rules (docs/core.md) need nothing else. Every default method is optional: its default throws
 * {@link NotSupported}, and a rule whose scenario needs it is reported <em>not applicable</em>, naming the
 * method; a core rule that is not applicable makes the loop not conformant, with that reason. The
 * internals a few rules observe ({@link #readyQueue()}, ...) are declared by returning a non-empty
 * {@link Optional}: that is the capability declaration (docs/protocol.md, "Capabilities"); the kit reads it
 * once, from a loop it makes for that purpose, and never infers a capability from behaviour.
 *
 * <p><b>Threads.</b> The kit makes the loop on one thread, the loop's own, and calls every method there,
 * except {@link #callSoonThreadsafe} (from any thread) and, while {@code runForever()} runs on the loop's
 * own thread for the cross-thread rules, the kit's other calls, which then come from a second thread (what
 * callbacks do still runs on the loop's thread). A loop is never run on a thread it was not made on, except
 * by THREAD-1 (an INFO rule: one iteration on another thread).
 *
 * <p><b>Errors.</b> A callback that throws an {@link Exception} MUST NOT end {@code runForever()}: the loop
 * hands it to its exception handler ({@link #setExceptionHandler}), as asyncio's {@code Handle._run} does.
 * A callback that throws an {@link Error} (the kit's {@link LoopError.Exit}, which stands for
 * {@code KeyboardInterrupt} and {@code SystemExit}) MUST leave {@code runForever()}. Refusals are
 * exceptions: {@link IllegalStateException} reads as asyncio's {@code RuntimeError}, and
 * {@link LoopError} names any other asyncio type ({@code InvalidStateError}, {@code CancelledError}).
 *
 * <p><b>Cancellation.</b> {@code task.cancel()} reaches the task's coroutine through
 * {@link Coroutine#throwInto} with {@link LoopError#cancelled(String)} or a
 * {@link java.util.concurrent.CancellationException}: both read as asyncio's {@code CancelledError}.
 *
 * @since 0.1
 */
public interface JavaLoop {

    // ---- core: scheduling and time --------------------------------------------------------------

    /** {@code loop.call_soon(callback)}: appends to the ready queue; runs in the next iteration. */
    Handle callSoon(Runnable callback);

    /** {@code loop.call_soon_threadsafe(callback)}: as {@link #callSoon}, from any thread, and wakes an idle loop. */
    Handle callSoonThreadsafe(Runnable callback);

    /** {@code loop.call_at(when, callback)}: {@code when} on the loop's own clock ({@link #time()}). */
    TimerHandle callAt(double when, Runnable callback);

    /** {@code loop.call_later(delay, callback)}; the default is {@code callAt(time() + delay, callback)}. */
    default TimerHandle callLater(double delay, Runnable callback) {
        return callAt(time() + delay, callback);
    }

    /** {@code loop.time()}: seconds on a monotonic clock. */
    double time();

    /**
     * Holds the loop's thread for {@code seconds} of the loop's clock, as a callback that computes does (the
     * kit's {@code spend}, CLOCK-1: {@link #time()} read after it is at least {@code seconds} later than read
     * before). The default busy-waits on {@link System#nanoTime()}, which suits a loop on a real clock; a loop
     * on a virtual clock overrides it to move that clock on by {@code seconds}, which is what time spent
     * computing does to it. Never a sleep that lets the loop run something else.
     */
    default void spend(double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    // ---- core: running ----------------------------------------------------------------------------

    /**
     * {@code loop.run_forever()}: runs iterations until {@link #stop()}; a stop requested before the call
     * makes exactly one iteration that polls without blocking (asyncio documents this). Refuses
     * (IllegalStateException) while running or when closed.
     */
    void runForever();

    /** {@code loop.stop()}: the current iteration finishes, then {@code runForever()} returns. */
    void stop();

    /** {@code loop.is_running()}. */
    boolean isRunning();

    /** {@code loop.is_closed()}. */
    boolean isClosed();

    /** {@code loop.close()}: refuses while running; afterwards scheduling refuses (IllegalStateException). */
    void close();

    // ---- core: futures, tasks, errors ---------------------------------------------------------------

    /** {@code loop.create_future()}. */
    Future createFuture();

    /**
     * {@code loop.create_task(coro, name=name)}: a task whose first step is queued with {@code callSoon};
     * each step calls {@link Coroutine#send} (or {@link Coroutine#throwInto} with the awaited future's
     * exception) and, on {@link Coroutine.Await}, resumes when that future is done.
     */
    Task createTask(Coroutine coroutine, String name);

    /** {@code asyncio.current_task(loop)}: the task whose step is running, or null. */
    Task currentTask();

    /**
     * {@code loop.set_exception_handler(handler)}; null restores the loop's default handler. The kit
     * installs a recording handler on every new loop and fails a scenario whose loop reported what the
     * scenario did not expect, so this is how the kit sees a callback's error.
     */
    void setExceptionHandler(ExceptionHandler handler);

    // ---- optional public API ------------------------------------------------------------------------

    /**
     * {@code loop.run_until_complete(future)}: runs until the future is done; its result, or throws its error.
     * Unlocks RUN-1 and RUN-3 to RUN-7, CANCEL-7, LIFE-5, and some scenarios of CANCEL-5 and CLOSED-4; without it
     * they are not applicable.
     */
    default Object runUntilComplete(Future future) {
        throw new NotSupported("runUntilComplete");
    }

    /** {@code loop.get_exception_handler()}: what {@link #setExceptionHandler} set, or null. Unlocks EXC-3. */
    default ExceptionHandler getExceptionHandler() {
        throw new NotSupported("getExceptionHandler");
    }

    /**
     * {@code loop.call_exception_handler(context)}: calls the handler (the default one when none is set).
     * Unlocks EXC-3 and EXC-5, and some scenarios of EXC-4.
     */
    default void callExceptionHandler(Map<String, Object> context) {
        throw new NotSupported("callExceptionHandler");
    }

    /**
     * {@code loop.add_reader(channel, callback)}: runs {@code callback} in each iteration the channel is readable.
     * Unlocks IO-1, IO-2, IO-4 and ORDER-1, IO-3 with {@link #removeReader}, and some scenarios of CLOSED-3 and
     * CLOSED-5.
     */
    default void addReader(SelectableChannel channel, Runnable callback) {
        throw new NotSupported("addReader");
    }

    /** {@code loop.remove_reader(channel)}: whether a reader was registered. Unlocks IO-3 (with the writer's pair). */
    default boolean removeReader(SelectableChannel channel) {
        throw new NotSupported("removeReader");
    }

    /** {@code loop.add_writer(channel, callback)}. Unlocks IO-5, IO-3, and some scenarios of CLOSED-3 and CLOSED-5. */
    default void addWriter(SelectableChannel channel, Runnable callback) {
        throw new NotSupported("addWriter");
    }

    /** {@code loop.remove_writer(channel)}: whether a writer was registered. Unlocks IO-3 (with the reader's pair). */
    default boolean removeWriter(SelectableChannel channel) {
        throw new NotSupported("removeWriter");
    }

    /**
     * {@code loop.run_until_complete(coro)}: refuses a closed or running loop before it wraps the coroutine in
     * a task (RUN-1, RUN-3, CLOSED-4: a refused coroutine never starts). The default, which makes these rules
     * applicable wherever {@link #runUntilComplete(Future)} is implemented, wraps it with
     * {@link #createTask}, then runs {@link #runUntilComplete(Future)}; a running loop is asked with a future
     * of its own instead, which it refuses (RUN-3), so the coroutine is never wrapped (RUN-6).
     */
    default Object runUntilComplete(Coroutine coroutine) {
        return runUntilComplete(isRunning() ? createFuture() : createTask(coroutine, null));
    }

    /**
     * {@code asyncio.Task(coro, loop=loop, name=name, eager_start=eagerStart)}: the Task constructor, where a
     * loop's Task class may differ from what {@link #createTask} makes. The default is {@link #createTask},
     * or {@link EagerTasks#createEagerTask} for an eager start; no rule is left out for want of an override.
     */
    default Task constructTask(Coroutine coroutine, String name, boolean eagerStart) {
        if (!eagerStart) {
            return createTask(coroutine, name);
        }
        return eagerTasks().orElseThrow(() -> new NotSupported("eagerTasks")).createEagerTask(coroutine, name);
    }

    /**
     * The asyncio type of an exception the loop throws, for a loop whose own exception classes name asyncio's
     * types (e.g. "CancelledError" for its cancellation); null, the default, leaves the naming to the kit
     * ({@link LoopError}). The kit asks this first for every exception it reports or inspects, so a loop that
     * answers it keeps its own exceptions end to end, inside its tasks too. No rule needs it: it decides only how
     * the loop's own exceptions are named.
     */
    default String asyncioTypeOf(Throwable error) {
        return null;
    }

    /**
     * Async generators: the thread's hooks ({@code sys.set_asyncgen_hooks}), which the loop installs while it
     * runs and restores after, and {@code loop.shutdown_asyncgens()}. Unlocks AGEN-1 to AGEN-5; without it
     * (the default throws {@link NotSupported}) they are not applicable.
     */
    default AsyncGenerators asyncGenerators() {
        throw new NotSupported("asyncGenerators");
    }

    /**
     * The default executor: {@code loop.run_in_executor(None, job)}, {@code set_default_executor} and
     * {@code shutdown_default_executor}. Unlocks EXEC-1 to EXEC-7; without it (the default throws
     * {@link NotSupported}) they are not applicable, naming {@code defaultExecutor}.
     */
    default DefaultExecutor defaultExecutor() {
        throw new NotSupported("defaultExecutor");
    }

    // ---- optional internals: each non-empty Optional declares a capability ---------------------------

    /**
     * {@code loop._ready}: capability {@code ready-queue}. Unlocks the scenarios that look into the ready queue
     * (HANDLE-2, and some of CLOSED-5, EAGER-1, EAGER-2, FUTURE-1, FUTURE-2, HANDLE-1, SENTINEL-1, SENTINEL-2,
     * TASK-1); without it they are not applicable.
     */
    default Optional<ReadyQueue> readyQueue() {
        return Optional.empty();
    }

    /**
     * The timeout the loop would pass to its selector: capability {@code select-timeout}. Unlocks TIMEOUT-1 to
     * TIMEOUT-4.
     */
    default Optional<SelectProbe> selectProbe() {
        return Optional.empty();
    }

    /** Whether a handle still references its callback: capability {@code handle-internals}. Unlocks HANDLE-3. */
    default Optional<HandleInternals> handleInternals() {
        return Optional.empty();
    }

    /**
     * {@code asyncio.tasks._enter_task/_leave_task}: capability {@code enter-leave-task}. Unlocks COLLIDE-1,
     * ENTER-1, ENTER-2 and scenarios of EAGER-3 and INIT-1.
     */
    default Optional<TaskRegistry> taskRegistry() {
        return Optional.empty();
    }

    /**
     * {@code loop.create_task(coro, eager_start=True)}: capability {@code eager-start}. Unlocks EAGER-1 to
     * EAGER-3 and SENTINEL-2.
     */
    default Optional<EagerTasks> eagerTasks() {
        return Optional.empty();
    }

    /**
     * {@code Task.__new__(Task)}, a task whose initialiser never ran: capability {@code uninitialised-task}.
     * Unlocks INIT-1.
     */
    default Optional<UninitialisedTasks> uninitialisedTasks() {
        return Optional.empty();
    }

    // ---- optional internals that declare no capability ------------------------------------------------

    /**
     * How the kit knows that the loop, running on a thread of its own ({@code start_loop_thread}), is idle, and
     * wakes it when it does not wake itself: for a loop whose poller an adapter owns (the reference loop's).
     * Without it the kit waits for a thread-safe round trip and a settle pause, and stops the loop with a
     * thread-safe {@code stop()} alone.
     */
    default Optional<IdleProbe> idleProbe() {
        return Optional.empty();
    }

    /**
     * Context variables, Python's {@code contextvars}, which Java has no counterpart of: the loop's own model of
     * contexts, and its calls that take a {@code context=}. Public asyncio API, not a capability: a loop that
     * has none makes CTX-1 to CTX-7 not applicable, naming {@code contexts}. A loop that has it runs every
     * callback, reader, writer, done callback and task step in a context, as asyncio does (features/26-contexts).
     */
    default Optional<Contexts> contexts() {
        return Optional.empty();
    }

    // ---- the loop's objects -----------------------------------------------------------------------

    /** {@code asyncio.Handle}. */
    interface Handle {
        /** {@code handle.cancel()}: a cancelled callback never runs; cancelling again does nothing. */
        void cancel();

        /** {@code handle.cancelled()}. */
        boolean cancelled();
    }

    /** {@code asyncio.TimerHandle}. */
    interface TimerHandle extends Handle {
        /** {@code handle.when()}: the deadline on the loop's clock. */
        double when();
    }

    /** {@code asyncio.Future}. */
    interface Future {
        boolean done();

        boolean cancelled();

        /** {@code fut.result()}: the result; throws the exception, CancelledError, or InvalidStateError if not done. */
        Object result();

        /** {@code fut.exception()}: the exception or null; throws CancelledError or InvalidStateError. */
        Throwable exception();

        /** Refuses (LoopError InvalidStateError) when already done. */
        void setResult(Object value);

        /** Refuses when already done; asyncio refuses StopIteration (a TypeError). */
        void setException(Throwable error);

        /** {@code fut.cancel()}: whether this call cancelled it. */
        boolean cancel();

        /** Scheduled with {@code callSoon} when the future is done (asyncio's deferred dispatch). */
        void addDoneCallback(Consumer<Future> callback);

        /**
         * {@code fut.set_exception(StopIteration(message))}: asyncio refuses it (a TypeError, FUTURE-6); a loop
         * that models Python's StopIteration implements this. Unlocks FUTURE-6.
         */
        default void setStopIteration(String message) {
            throw new NotSupported("Future.setStopIteration");
        }

        /** {@code fut.remove_done_callback(cb)}: how many were removed (every instance, by identity). Unlocks FUTURE-5. */
        default int removeDoneCallback(Consumer<Future> callback) {
            throw new NotSupported("Future.removeDoneCallback");
        }
    }

    /** {@code asyncio.Task}: a future driven by a {@link Coroutine}. */
    interface Task extends Future {
        /** {@code task.get_name()}. */
        String name();

        /** {@code task.cancel(msg)}; {@code msg} may be null. */
        boolean cancel(String message);

        @Override
        default boolean cancel() {
            return cancel(null);
        }

        /** {@code task.get_coro()}: the coroutine, or null when the task has none. Used by INIT-1's scenarios. */
        default Coroutine coroutine() {
            throw new NotSupported("Task.coroutine");
        }
    }

    /**
     * The kit's coroutines, in the shape a task drives them ({@code coro.send} / {@code coro.throw}): each
     * call runs to the next {@link Await} or to the end ({@link Return}); one that raises throws.
     */
    interface Coroutine {
        /** Resumes: {@code value} is null on the first call, then the awaited future's result. */
        Step send(Object value);

        /**
         * Resumes with the awaited future's exception. A task's cancellation reaches its coroutine here: pass
         * {@link LoopError#cancelled(String)} (a {@code LoopError} of type {@code "CancelledError"}) or a
         * {@link java.util.concurrent.CancellationException}; the kit reads either as asyncio's CancelledError.
         * A coroutine that does not catch it throws it back out of this call: the task
         * then ends cancelled, as {@code Task.__step} does when {@code coro.throw} raises CancelledError. A
         * coroutine may also throw {@link LoopError#cancelled(String)} of its own, from either call (a kit
         * generator that raises CancelledError while it is closed, AGEN-5): the task ends cancelled then too.
         */
        Step throwInto(RuntimeException error);

        /** What one resumption produced. */
        sealed interface Step permits Await, Return {}

        /** The coroutine waits for {@code future}. */
        record Await(Future future) implements Step {}

        /** The coroutine returned {@code value}. */
        record Return(Object value) implements Step {}
    }

    /**
     * What a Java loop offers for async generators. Java has no {@code sys.set_asyncgen_hooks}, so the loop's
     * library keeps the slot of hooks for each thread, as CPython's thread state does; the kit's generators
     * read it at their first step, as the interpreter does.
     */
    interface AsyncGenerators {
        /** {@code sys.set_asyncgen_hooks(...)} on the calling thread; null: no hooks (AGEN-1, AGEN-2). */
        void setHooks(AsyncGenHooks hooks);

        /** {@code sys.get_asyncgen_hooks()} on the calling thread: the hooks installed there, null for none. */
        AsyncGenHooks hooks();

        /**
         * {@code loop.shutdown_asyncgens()}: a coroutine, which the kit runs with
         * {@link JavaLoop#runUntilComplete(Coroutine)}, that closes every generator still alive whose first
         * step ran under the loop's hooks (AGEN-4) and reports an error one of them raises to the exception
         * handler with the key "asyncgen" (AGEN-5).
         */
        Coroutine shutdownAsyncgens();
    }

    /** The two hooks of {@code sys.set_asyncgen_hooks}, as one object. */
    interface AsyncGenHooks {
        /** {@code firstiter}: called by a generator's first step. */
        void firstIter(AsyncGenerator generator);

        /**
         * {@code finalizer}: called with an unfinished generator its program let go of; asyncio's loop closes
         * it in a task, in a later iteration (AGEN-3).
         */
        void finalize(AsyncGenerator generator);
    }

    /** An async generator (the kit's); all a loop does with one is close it. */
    interface AsyncGenerator {
        /** {@code agen.aclose()}: a coroutine that runs the generator's {@code finally}, raising what it raises. */
        Coroutine aclose();
    }

    /** {@code loop.set_exception_handler}'s handler, asyncio's {@code handler(loop, context)}. */
    @FunctionalInterface
    interface ExceptionHandler {
        /** {@code context} has at least "message"; a callback's error adds "exception" and "handle". */
        void handle(JavaLoop loop, Map<String, Object> context);
    }

    /** The ready queue ({@code loop._ready}). */
    interface ReadyQueue {
        /** {@code len(loop._ready)}. */
        int length();

        /** Removes the handle ({@code loop._ready.remove(handle)}); whether it was queued. */
        boolean remove(Handle handle);
    }

    /** Observes the selector's timeout without blocking. */
    @FunctionalInterface
    interface SelectProbe {
        /**
         * Runs exactly one iteration whose poll reports no I/O and never blocks, and returns the timeout
         * the loop would have passed to its selector: seconds, or null for "until something happens".
         */
        Double runOnceObservingTimeout();
    }

    /** Handle internals. */
    @FunctionalInterface
    interface HandleInternals {
        /** Whether the handle still references its callback (asyncio drops it on cancel). */
        boolean holdsCallback(Handle handle);
    }

    /** {@code asyncio.tasks._enter_task} and {@code _leave_task}. */
    interface TaskRegistry {
        /** Refuses (IllegalStateException) when another task is current. */
        void enter(Task task);

        /** Refuses when {@code task} is not the current task. */
        void leave(Task task);

        /** {@code _swap_current_task} (capability {@code swap-current-task} when overridden): the previous one. */
        default Task swap(Task task) {
            throw new NotSupported("TaskRegistry.swap");
        }

        /** Whether {@link #swap} is implemented: declares capability {@code swap-current-task}. */
        default boolean swaps() {
            return false;
        }
    }

    /** Eager tasks. */
    @FunctionalInterface
    interface EagerTasks {
        /** {@code loop.create_task(coro, name=name, eager_start=True)}: the first step runs inside this call. */
        Task createEagerTask(Coroutine coroutine, String name);
    }

    /** Observes and wakes the poll of a loop that runs on a thread of its own. */
    interface IdleProbe {
        /** Waits at most {@code seconds} until the loop blocks in its poll with nothing to do; whether it did. */
        boolean awaitIdle(double seconds) throws InterruptedException;

        /** Makes the loop's current or next poll return, as its self-pipe would. */
        void wakeUp();
    }

    /** Tasks whose initialiser never ran (INIT-1), a Python notion a loop models only for the rules about it. */
    /**
     * What a Java loop offers for its default executor, the pool of threads {@code run_in_executor(None, ...)}
     * runs blocking jobs on.
     */
    interface DefaultExecutor {
        /**
         * {@code loop.run_in_executor(None, job)}: {@code job} runs on a thread of the default executor, not
         * the loop's; the returned future of the loop gets its result or exception on the loop's thread, and a
         * loop idle in its poller wakes by itself to do it (EXEC-1). Refused ({@link IllegalStateException},
         * asyncio's RuntimeError) by a closed loop (EXEC-5) and after {@link #shutdown} (EXEC-3).
         */
        Future runInExecutor(java.util.concurrent.Callable<Object> job);

        /**
         * {@code loop.set_default_executor(executor)}: later jobs go to {@code executor} (EXEC-2). asyncio's
         * ThreadPoolExecutor is {@link java.util.concurrent.ThreadPoolExecutor} here: a loop refuses any other
         * executor with an error named TypeError ({@link LoopError}, or one {@link JavaLoop#asyncioTypeOf} names
         * so), as asyncio does from 3.11 (EXEC-7, SHOULD).
         */
        void setDefaultExecutor(java.util.concurrent.Executor executor);

        /**
         * {@code loop.shutdown_default_executor(timeout)}: refuses later jobs, shuts the executor down and waits
         * for its threads, at most {@code timeoutSeconds} (null: as long as they take). Returns the future its
         * coroutine awaits, which the kit runs the loop until: {@code Boolean.TRUE} once the threads ended,
         * {@code FALSE} when the timeout passed first (asyncio then warns with a RuntimeWarning) (EXEC-3,
         * EXEC-4, EXEC-6).
         */
        Future shutdown(Double timeoutSeconds);
    }

    @FunctionalInterface
    interface UninitialisedTasks {
        /** {@code Task.__new__(Task)}: every method but {@code done()}'s refusal reads as RuntimeError. */
        Task create();
    }

    /**
     * What an optional method throws by default: the kit reports the rules that need it not applicable
     * ("the loop does not support NAME"), and a core rule among them makes the loop not conformant.
     */
    /**
     * A loop's contexts (Python's {@code contextvars.Context}) and one context variable of the kit's, new for each
     * loop the kit makes, so no value leaks from one scenario into another. A context is the loop's own object;
     * the kit only hands back what {@link #copyContext} or {@link #contextOf} gave it. Every call here is made on
     * a thread whose current context is the one the kit means: the loop's own thread for the kit's steps, or the
     * thread a callback or a task step runs on.
     */
    interface Contexts {
        /** {@code contextvars.copy_context()}: a copy of the current context. */
        Object copyContext();

        /** {@code var.set(value)} on the kit's variable, in the current context. */
        void setValue(String value);

        /** {@code var.get(None)}: the kit's variable in the current context, or null. */
        String value();

        /** {@code ctx.get(var)}: the kit's variable in {@code context}, or null. */
        String valueIn(Object context);

        /** {@code loop.call_soon(callback, context=context)}. */
        Handle callSoon(Runnable callback, Object context);

        /** {@code loop.call_soon_threadsafe(callback, context=context)}. */
        Handle callSoonThreadsafe(Runnable callback, Object context);

        /** {@code loop.call_at(when, callback, context=context)}; the kit makes {@code call_later} of it. */
        TimerHandle callAt(double when, Runnable callback, Object context);

        /** {@code future.add_done_callback(callback, context=context)}. */
        void addDoneCallback(Future future, Consumer<Future> callback, Object context);

        /** {@code loop.create_task(coroutine, name=name, context=context)} (3.11+). */
        Task createTask(Coroutine coroutine, String name, Object context);

        /** {@code handle.get_context()} (3.12+): the context the handle's callback runs in. */
        Object contextOf(Handle handle);
    }

    final class NotSupported extends UnsupportedOperationException {
        private final String method;

        public NotSupported(String method) {
            super("the loop does not support " + method + " (an optional method of JavaLoop)");
            this.method = method;
        }

        /** The method not supported, e.g. "addReader". */
        public String method() {
            return method;
        }
    }
}
