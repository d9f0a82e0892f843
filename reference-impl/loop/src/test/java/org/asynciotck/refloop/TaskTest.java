package org.asynciotck.refloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TaskTest {

    private final EventLoop loop = new EventLoop(new ManualClock(), new RecordingPoller());
    private final List<String> log = new ArrayList<>();

    private void runOnce() {
        loop.callSoon(loop::stop);
        loop.runForever();
    }

    /** Records start, awaits {@code awaited} if not null, records end, returns its label. */
    private Coroutine<String> coroutine(String label, Future<?> awaited) {
        return new Coroutine<>() {
            private boolean started;

            @Override
            public Step<String> send(Object value) {
                if (!started) {
                    started = true;
                    log.add(label + ":start");
                    if (awaited != null) {
                        return new Yield<>(awaited);
                    }
                }
                log.add(label + ":end");
                return new Return<>(label);
            }
        };
    }

    @Test
    void constructingATaskQueuesOneStepAndDoesNotStartTheCoroutine() {
        Task<String> task = new Task<>(loop, coroutine("a", null), "A", false);

        assertThat(loop.readyQueueLength()).isEqualTo(1); // TASK-1
        assertThat(log).isEmpty(); // TASK-2
        runOnce();
        assertThat(log).containsExactly("a:start", "a:end");
        assertThat(task.done()).isTrue();
        assertThat(task.result()).isEqualTo("a");
    }

    @Test
    void taskResumesOneIterationAfterItsFutureIsDone() {
        Future<Integer> future = loop.createFuture();
        Task<String> task = loop.createTask(coroutine("a", future), "A", false);
        runOnce();
        future.setResult(1);
        assertThat(log).containsExactly("a:start");

        runOnce(); // runs the task's __wakeup, which steps the coroutine
        assertThat(log).containsExactly("a:start", "a:end");
        assertThat(task.done()).isTrue();
    }

    @Test
    void eagerStartOnARunningLoopCompletesInTheConstructor() {
        AtomicReference<Integer> queuedAfter = new AtomicReference<>();
        AtomicReference<Task<String>> made = new AtomicReference<>();
        loop.callSoon(() -> {
            int before = loop.readyQueueLength();
            made.set(new Task<>(loop, coroutine("e", null), "E", true));
            queuedAfter.set(loop.readyQueueLength() - before);
        });
        runOnce();

        assertThat(made.get().done()).isTrue(); // EAGER-1
        assertThat(queuedAfter.get()).isZero();
        assertThat(log).containsExactly("e:start", "e:end");
    }

    @Test
    void eagerStartOnALoopThatIsNotRunningQueuesAStep() {
        Task<String> task = new Task<>(loop, coroutine("e", null), "E", true);

        assertThat(task.done()).isFalse(); // EAGER-2
        assertThat(loop.readyQueueLength()).isEqualTo(1);
        assertThat(log).isEmpty();
    }

    @Test
    void eagerStartSwapsTheCurrentTaskWithoutConflictAndRestoresIt() {
        Task<String> outer = new Task<>(loop, coroutine("o", null), "O", false);
        AtomicReference<String> seenInside = new AtomicReference<>();
        AtomicReference<Task<?>> afterwards = new AtomicReference<>();
        loop.callSoon(() -> {
            CurrentTasks.enter(loop, outer);
            new Task<>(loop, value -> {
                seenInside.set(CurrentTasks.current(loop).getName());
                return new Coroutine.Return<>("x");
            }, "Inner", true);
            afterwards.set(CurrentTasks.current(loop));
            CurrentTasks.leave(loop, outer);
        });
        runOnce();

        assertThat(seenInside.get()).isEqualTo("Inner"); // EAGER-3
        assertThat(afterwards.get()).isSameAs(outer);
    }

    @Test
    void enteringWhileAnotherTaskIsEnteredRaisesWithCPythonsMessage() {
        Task<String> a = new Task<>(loop, coroutine("a", null), "A", false);
        Task<String> b = new Task<>(loop, coroutine("b", null), "B", false);
        CurrentTasks.enter(loop, a);

        assertThatThrownBy(() -> CurrentTasks.enter(loop, b)) // ENTER-1
                .isInstanceOf(TaskConflictException.class)
                .hasMessage("Cannot enter into task <Task pending name='B'> while another task "
                        + "<Task pending name='A'> is being executed.");
        assertThatThrownBy(() -> CurrentTasks.leave(loop, b)) // ENTER-2
                .isInstanceOf(TaskConflictException.class)
                .hasMessage("Leaving task <Task pending name='B'> does not match the current task "
                        + "<Task pending name='A'>.");
        CurrentTasks.leave(loop, a);
        assertThat(CurrentTasks.current(loop)).isNull();
    }

    @Test
    void uninitialisedTaskIsRefusedWithAClearError() {
        Task<Object> task = Task.uninitialised();

        assertThatThrownBy(task::done) // INIT-1
                .isInstanceOf(UninitialisedTaskException.class)
                .hasMessageStartingWith("Task was never initialised: call the Task constructor "
                        + "(asyncio: super().__init__())");
        assertThatThrownBy(task::getName).isInstanceOf(UninitialisedTaskException.class);
        assertThatThrownBy(() -> CurrentTasks.enter(loop, task)).isInstanceOf(UninitialisedTaskException.class);
        assertThat(task.toString()).isEqualTo("<Task uninitialised>");
    }

    @Test
    void cancelBeforeTheFirstStepEndsTheTaskAtThatStepWithoutStartingTheCoroutine() {
        Task<String> task = loop.createTask(coroutine("a", null), "A", false);
        assertThat(task.cancel("why")).isTrue();
        assertThat(task.done()).isFalse(); // CANCEL-2: not at once
        runOnce();
        assertThat(log).isEmpty(); // CANCEL-1
        assertThat(task.cancelled()).isTrue();
        assertThatThrownBy(task::result).isInstanceOf(CancelledException.class).hasMessage("why"); // CANCEL-7
        assertThat(task.cancel()).isFalse(); // CANCEL-6
    }

    @Test
    void cancelWhileAwaitingCancelsTheAwaitedFutureAndTheTaskAtItsWakeUp() {
        Future<Integer> future = loop.createFuture();
        Task<String> task = loop.createTask(coroutine("a", future), "A", false);
        runOnce();
        assertThat(task.cancel()).isTrue();
        assertThat(future.cancelled()).isTrue(); // CANCEL-4
        assertThat(task.done()).isFalse(); // CANCEL-2
        runOnce();
        assertThat(task.cancelled()).isTrue(); // CANCEL-3
    }

    /**
     * CPython's {@code Future._make_cancelled_error} hands out the CancelledError the coroutine ended with once:
     * the first retrieval gets the message, every later one a CancelledError with none; the awaited future keeps
     * its message (CANCEL-7; CPython 3.11 to 3.13, C and Python alike).
     */
    @Test
    void aCancelledTasksErrorIsHandedOutOnce_theAwaitedFutureKeepsTheMessage() {
        Future<Integer> future = loop.createFuture();
        Task<String> task = loop.createTask(coroutine("a", future), "A", false);
        runOnce();
        assertThat(task.cancel("why")).isTrue();
        runOnce();
        assertThatThrownBy(task::exception).isInstanceOf(CancelledException.class).hasMessage("why");
        assertThatThrownBy(task::result).isInstanceOf(CancelledException.class).hasMessage("");
        assertThatThrownBy(future::result).isInstanceOf(CancelledException.class).hasMessage("why");
        assertThatThrownBy(future::result).isInstanceOf(CancelledException.class).hasMessage("why");
    }

    @Test
    void aTaskAwaitingACancelledTaskTakesItsErrorAtItsWakeUp() {
        Future<Integer> future = loop.createFuture();
        Task<String> inner = loop.createTask(coroutine("a", future), "A", false);
        Task<String> outer = loop.createTask(coroutine("b", inner), "B", false);
        runOnce();
        assertThat(outer.cancel("why")).isTrue(); // passed on to inner, then to the future
        runOnce();
        runOnce();
        assertThatThrownBy(outer::result).isInstanceOf(CancelledException.class).hasMessage("why");
        assertThatThrownBy(inner::result).isInstanceOf(CancelledException.class).hasMessage("");
    }

    @Test
    void aTaskRefusesSetResultAndSetException() {
        Task<String> task = loop.createTask(coroutine("a", null), "A", false);
        assertThatThrownBy(() -> task.setResult("x")).isInstanceOf(LoopRuntimeException.class)
                .hasMessage("Task does not support set_result operation");
        assertThatThrownBy(() -> task.setException(new LoopRuntimeException("e")))
                .isInstanceOf(LoopRuntimeException.class).hasMessage("Task does not support set_exception operation");
    }
}
