package org.asynciotck.java.example;

import java.util.Optional;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopProvider;

/**
 * DequeLoop with every internal the kit can observe: the select timeout, handle internals, the current-task
 * registry with swap, and eager tasks. Not part of the worked example's user code: it exercises the
 * interpreter's capability paths, so the rules that need them run, and must pass.
 */
final class InstrumentedDequeLoop extends DequeLoop {

    /** While true, the next poll records its timeout instead of waiting, and the loop stops after it. */
    private boolean probing;
    private Double probedTimeout;

    InstrumentedDequeLoop() {
        super(DequeLoopProvider.UNREAD);
    }

    @Override
    boolean observedInsteadOfWaiting(Double timeout) {
        if (!probing) {
            return false;
        }
        probing = false;
        probedTimeout = timeout;
        stop(); // one iteration: the probe ends the run after it
        return true;
    }

    @Override
    public Optional<SelectProbe> selectProbe() {
        return Optional.of(() -> {
            probing = true;
            runForever();
            return probedTimeout;
        });
    }

    @Override
    public Optional<HandleInternals> handleInternals() {
        return Optional.of(handle -> ((Callback) handle).holdsCallback());
    }

    @Override
    public Optional<TaskRegistry> taskRegistry() {
        return Optional.of(new TaskRegistry() {
            @Override
            public void enter(JavaLoop.Task task) {
                if (current != null) {
                    throw new IllegalStateException("Cannot enter into task " + task.name() + " while another task "
                            + current.name() + " is being executed.");
                }
                current = (Task) task;
            }

            @Override
            public void leave(JavaLoop.Task task) {
                if (current != task) {
                    throw new IllegalStateException("Leaving task " + task.name() + " does not match the current task "
                            + (current == null ? "None" : current.name()) + ".");
                }
                current = null;
            }

            @Override
            public JavaLoop.Task swap(JavaLoop.Task task) {
                Task previous = current;
                current = (Task) task;
                return previous;
            }

            @Override
            public boolean swaps() {
                return true;
            }
        });
    }

    @Override
    public Optional<EagerTasks> eagerTasks() {
        return Optional.of((coroutine, name) -> {
            if (!isRunning()) {
                return createTask(coroutine, name); // eager start needs a running loop
            }
            Task task = new Task(coroutine, name, false);
            Task previous = current; // the step runs as the current task, then the previous one is back
            current = null;
            try {
                task.firstStep();
            } finally {
                current = previous;
            }
            return task;
        });
    }

    static final class Provider implements JavaLoopProvider {
        @Override
        public JavaLoop newLoop() {
            return new InstrumentedDequeLoop();
        }

        @Override
        public String id() {
            return "instrumented-deque-loop";
        }
    }
}
