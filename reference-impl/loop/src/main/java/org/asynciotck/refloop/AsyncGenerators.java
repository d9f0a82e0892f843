package org.asynciotck.refloop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The loop's side of async generators, after CPython {@code BaseEventLoop._asyncgen_firstiter_hook},
 * {@code _asyncgen_finalizer_hook} and {@code shutdown_asyncgens}: the hooks {@link EventLoop#runForever}
 * installs while it runs (AGEN-1), the generators first iterated under them, and closing those.
 *
 * <p>CPython keeps the generators in a {@code WeakSet}; here the set holds them until the finalizer hook
 * or {@link #shutdown} takes them out, since a Java program lets go of a generator by handing it to that
 * hook (Java has no finalizer that runs code at collection).
 */
final class AsyncGenerators implements AsyncGenHooks {

    private final EventLoop loop;
    /** CPython {@code _asyncgens}. Touched by the loop's thread only, but the finalizer may come from any. */
    private Set<AsyncGenerator> alive = new LinkedHashSet<>();

    AsyncGenerators(EventLoop loop) {
        this.loop = loop;
    }

    /** CPython {@code _asyncgen_firstiter_hook}: the loop now answers for the generator (AGEN-4). */
    @Override
    public synchronized void firstIter(AsyncGenerator generator) {
        alive.add(generator);
    }

    /**
     * CPython {@code _asyncgen_finalizer_hook}: the generator is closed in a task of the loop, made in a later
     * iteration through {@code call_soon_threadsafe}, since the program may let go of it on any thread and in
     * the middle of anything (AGEN-3). A closed loop leaves it alone.
     */
    @Override
    public void finalize(AsyncGenerator generator) {
        synchronized (this) {
            alive.remove(generator);
        }
        if (!loop.isClosed()) {
            loop.callSoonThreadsafe(() -> loop.createTask(generator.aclose(), null, false));
        }
    }

    /**
     * CPython {@code shutdown_asyncgens}: closes every generator still alive, each in a task of its own
     * ({@code gather(..., return_exceptions=True)}), then reports each error one of them raised to the
     * exception handler with the key "asyncgen" (AGEN-5); the others are closed all the same.
     */
    Coroutine<Void> shutdown() {
        Set<AsyncGenerator> closing;
        synchronized (this) {
            closing = alive; // "closing_agens = list(self._asyncgens); self._asyncgens.clear()"
            alive = new LinkedHashSet<>();
        }
        return new Closing(new ArrayList<>(closing));
    }

    /**
     * The coroutine of {@link #shutdown}, as {@code gather(..., return_exceptions=True)} runs it: its first step
     * makes every closing task and awaits one future, which the tasks' done callbacks complete when the last is
     * done; then it reports what each raised. So the iterations are CPython's: the tasks run in the next one,
     * their done callbacks in the one after, and this coroutine resumes in the fourth (what a run that a stop()
     * cuts short leaves behind is what CPython leaves).
     */
    private final class Closing implements Coroutine<Void> {
        private final List<AsyncGenerator> generators;
        private final List<Task<?>> tasks = new ArrayList<>();

        Closing(List<AsyncGenerator> generators) {
            this.generators = generators;
        }

        @Override
        public Step<Void> send(Object value) {
            if (!tasks.isEmpty() || generators.isEmpty()) { // resumed once every task is done, or had none to close
                reportErrors();
                return new Return<>(null);
            }
            Future<Void> all = loop.createFuture();
            int[] left = {generators.size()};
            for (AsyncGenerator generator : generators) {
                Task<?> task = loop.createTask(generator.aclose(), null, false);
                tasks.add(task);
                task.addDoneCallback(done -> { // gather's _done_callback: the last one completes the outer future
                    if (--left[0] == 0) {
                        all.setResult(null);
                    }
                });
            }
            return new Yield<>(all);
        }

        @Override
        public Step<Void> throwInto(RuntimeException error) {
            throw error; // the outer future of gather(return_exceptions=True) never fails: only a cancellation comes here
        }

        /** "for result, agen in zip(results, closing_agens): if isinstance(result, Exception): ..." (AGEN-5). */
        private void reportErrors() {
            for (int i = 0; i < tasks.size(); i++) {
                RuntimeException error = tasks.get(i).cancelled() ? null : tasks.get(i).exception();
                if (error == null) {
                    continue;
                }
                Map<String, Object> context = new LinkedHashMap<>();
                context.put("message", "an error occurred during closing of asynchronous generator " + generators.get(i));
                context.put("exception", error);
                context.put("asyncgen", generators.get(i));
                loop.callExceptionHandler(context);
            }
        }
    }
}
