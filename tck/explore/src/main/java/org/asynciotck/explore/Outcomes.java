package org.asynciotck.explore;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * The model's comparison of what each top-level operation answered ({@link Model}): the outcome's kind, error
 * type and simple value, and which guarantee a different one breaks; and how a run ended by a callback's
 * KeyboardInterrupt or SystemExit compares (EXC-2).
 */
final class Outcomes {

    private Outcomes() {}

    static Optional<Divergence> outcomes(Program program, Trace expected, Trace observed) {
        for (int i = 0; i < program.size(); i++) {
            Outcome e = expected.outcomes().get(i);
            Outcome o = observed.outcomes().get(i);
            Operation step = program.steps().get(i);
            if (step instanceof Operation.SelectTimeout && !e.isError() && !o.isError()) {
                // Compared within a tolerance: CPython's clock is real, the reference loop's virtual
                int run = Steps.runOf(program, i);
                Optional<Divergence> timeout = TimeoutProbe.compare(program, i, e.value(), o.value(), expected.events()
                        .stream().filter(event -> event.run() == run).map(event -> Steps.kind(program, event.label())).toList());
                if (timeout.isPresent()) {
                    return timeout;
                }
                continue;
            }
            if (!summary(step, e).equals(summary(step, o))) {
                String[] closed = closedGuarantee(program, i);
                if (closed == null && holdsStopIteration(program, step)) {
                    closed = new String[] {"a future never holds a StopIteration: set_exception() refuses it or holds"
                            + " a RuntimeError caused by it (errata E-19)", "FUTURE-6"};
                }
                if (closed == null && step instanceof Operation.RunCoroutineUntilComplete) {
                    boolean stopped = e.isError() && "RuntimeError".equals(e.errorType()) && !o.isError();
                    closed = stopped ? new String[] {"run_until_complete() stopped before its future is done raises"
                            + " RuntimeError", "RUN-4"}
                            : new String[] {"run_until_complete() of a coroutine returns what it returned", "RUN-1"};
                }
                if (closed == null && step instanceof Operation.HandleContext) {
                    closed = ContextNotes.handleGuarantee(program, expected, observed, i);
                }
                if (closed == null && step instanceof Operation.ReadyQueueLength && !e.isError() && !o.isError()) {
                    return Optional.of(ReadyQueue.lengthDiffers(program, i, e.value(), o.value()));
                }
                if (closed == null && catchesCancellation(program, step)) {
                    closed = new String[] {"a task whose coroutine catches CancelledError and returns ends with its"
                            + " result, not cancelled", "CANCEL-5"};
                }
                if (closed == null && step instanceof Operation.CancelTask && Boolean.FALSE.equals(e.value())
                        && Boolean.TRUE.equals(o.value())) {
                    closed = new String[] {"cancel() of a task that is done returns False and leaves the task as it"
                            + " was", "CANCEL-6"};
                }
                if (closed == null && Steps.startsRun(step) && Stops.stoppedRuns(program, expected).contains(Steps.runOf(program, i))) {
                    return Optional.of(Stops.lateStop("operation " + (i + 1) + " (" + step.wireName() + "), a run that"
                            + " stop() ends: expected " + e + ", observed " + o));
                }
                String[] guarantee = closed != null ? closed : outcomeGuarantee(step);
                return Optional.of(new Divergence(guarantee[0], guarantee[1], "operation " + (i + 1) + " ("
                        + step.wireName() + "): expected " + e + ", observed " + o,
                        "outcome|" + step.wireName() + "|" + kindOf(e) + "|" + kindOf(o)));
            }
        }
        return Optional.empty();
    }

    private static String[] outcomeGuarantee(Operation step) {
        if (step instanceof Operation.RunUntilComplete) {
            return new String[] {"run_until_complete() returns the future's result or raises its exception", "LIFE-5"};
        } else if (step instanceof Operation.RunOnce) {
            return new String[] {"stop() before run_forever() runs one iteration and returns", "LIFE-1"};
        } else if (step instanceof Operation.RunForever) {
            return new String[] {"run_forever() runs until stop() and returns", "LIFE-2"};
        } else if (step instanceof Operation.CancelHandle) {
            return new String[] {"cancel() is idempotent and has no effect on a handle that ran", "HANDLE-4"};
        } else if (step instanceof Operation.SetResult || step instanceof Operation.SetException
                || step instanceof Operation.CancelFuture) {
            return new String[] {"a future is completed once: a done future refuses set_result()/set_exception()"
                    + " (InvalidStateError) and cancel() answers False", "FUTURE-3"};
        }
        if (step instanceof Operation.FutureResult) {
            return new String[] {"result() of a pending future raises InvalidStateError, of a cancelled one"
                    + " CancelledError", "FUTURE-3"};
        } else if (step instanceof Operation.FutureException) {
            return new String[] {"exception() of a pending future raises InvalidStateError, of a cancelled one"
                    + " CancelledError", "FUTURE-4"};
        } else if (step instanceof Operation.SetStopIteration) {
            return new String[] {"set_exception() refuses a StopIteration (TypeError)", "FUTURE-6"};
        } else if (step instanceof Operation.RemoveDoneCallback) {
            return new String[] {"remove_done_callback() removes every registration of the callback and answers"
                    + " how many", "FUTURE-5"};
        } else if (step instanceof Operation.RemoveReader || step instanceof Operation.RemoveWriter) {
            return new String[] {"remove_reader() and remove_writer() return whether a callback was registered",
                    "IO-3"};
        } else if (step instanceof Operation.HandleWhen) {
            return new String[] {"call_later() and call_at() return a TimerHandle, whose when() is the time the callback"
                    + " is scheduled for", "TIMER-1"};
        } else if (step instanceof Operation.IsClosed) {
            return new String[] {"is_closed() is True once close() returned", "CLOSED-2"};
        } else if (step instanceof Operation.GetExceptionHandler || step instanceof Operation.SetExceptionHandler) {
            return new String[] {"get_exception_handler() answers the handler set, and set_exception_handler(None)"
                    + " restores the default", "EXC-3"};
        } else if (step instanceof Operation.AsyncgenHooks) {
            return new String[] {"when a run ends, however it ended, the async generator hooks are those installed"
                    + " before it", "AGEN-2"};
        } else if (step instanceof Operation.ShutdownAsyncgens) {
            return new String[] {"shutdown_asyncgens() closes every async generator still alive and completes",
                    "AGEN-4"};
        } else if (step instanceof Operation.WaitFor || step instanceof Operation.RunInExecutor) {
            return ExecutorChecks.DELIVERED;
        } else if (step instanceof Operation.ExecutorSubmissions
                || step instanceof Operation.SetDefaultExecutor s && !s.notThreadPool()) {
            return ExecutorChecks.SUBMITTED;
        } else if (step instanceof Operation.SetDefaultExecutor) {
            return ExecutorChecks.THREAD_POOLS_ONLY;
        } else if (step instanceof Operation.ShutdownDefaultExecutor s) {
            return s.timeout() == null ? ExecutorChecks.SHUT_DOWN : ExecutorChecks.TIMEOUT;
        } else if (step instanceof Operation.CallExceptionHandler) {
            return new String[] {"an exception handler that raises does not stop the loop: call_exception_handler()"
                    + " does not raise what it raises", "EXC-4"};
        }
        return new String[] {"the operation " + step.wireName() + " has the same outcome as on asyncio", null};
    }

    /** Whether {@code step} runs until, or looks at, a task of the program whose coroutine catches its cancellation. */
    private static boolean catchesCancellation(Program program, Operation step) {
        String future = step instanceof Operation.RunUntilComplete r ? r.future()
                : step instanceof Operation.FutureResult r ? r.future()
                : step instanceof Operation.FutureException r ? r.future() : null;
        return future != null && program.steps().stream().anyMatch(s -> s instanceof Operation.CreateScriptedTask t
                && t.catchesCancellation() && t.task().equals(future));
    }

    /**
     * A run that an error ended on one loop and not on the other (or with another error). KeyboardInterrupt and
     * SystemExit leave the run and are not reported (EXC-2); what a raising exception handler raises does not
     * leave the loop (EXC-4). Compared before the events, which differ after it because of it.
     */
    static Optional<Divergence> runEndings(Program program, Trace expected, Trace observed) {
        boolean raisingHandler = program.steps().stream().anyMatch(s -> s instanceof Operation.SetExceptionHandler h
                && h.handler() == Operation.ExceptionHandlerKind.RAISING);
        // A raising callback that ran in another run on one loop (a stop() a batch late let it in) ends the run
        // differently because of a difference in scheduling, which the events name (stop|late), not because of
        // how a base exception or a handler's error leaves the run.
        if (!raisersRanInTheSameRuns(program, expected, observed)) {
            return Optional.empty();
        }
        Map<Integer, List<String>> expectedRuns = RunOrder.canonical(program, expected);
        Map<Integer, List<String>> observedRuns = RunOrder.canonical(program, observed);
        int run = 0;
        for (int i = 0; i < program.size(); i++) {
            Operation step = program.steps().get(i);
            if (!Steps.startsRun(step)) {
                continue;
            }
            run++;
            if (partedBefore(expectedRuns, observedRuns, run)) {
                return Optional.empty(); // the events of an earlier run differ: they name the cause, not this ending
            }
            Outcome e = expected.outcomes().get(i);
            Outcome o = observed.outcomes().get(i);
            if (summary(e).equals(summary(o))) {
                continue;
            }
            String detail = "operation " + (i + 1) + " (" + step.wireName() + "): expected " + e + ", observed " + o;
            // One cause, one signature, whichever run and error showed it
            if (isBaseError(e) || isBaseError(o)) {
                return Optional.of(new Divergence("KeyboardInterrupt and SystemExit raised by a callback leave the run"
                        + " and are not reported to the exception handler", "EXC-2", detail, "run-ending|EXC-2"));
            }
            // A handler's error that escaped ends the run where asyncio's goes on: what ran before it is what
            // asyncio ran (the observed run begins with the expected one's events, all of them or fewer). Events in another order (uvloop's due timers first, errata E-1) end it differently
            // for that reason, which the events name.
            if (raisingHandler && !e.isError() && o.isError() && Steps.beginsWith(
                    expectedRuns.getOrDefault(run, List.of()), observedRuns.getOrDefault(run, List.of()))) {
                return Optional.of(new Divergence("an exception handler that raises does not stop the loop: its error"
                        + " goes to the default handler and the loop goes on", "EXC-4", detail, "run-ending|EXC-4"));
            }
        }
        return Optional.empty();
    }

    /** Whether the events of a run before {@code run} differ between the loops. */
    private static boolean partedBefore(Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        for (int earlier = 1; earlier < run; earlier++) {
            if (!e.getOrDefault(earlier, List.of()).equals(o.getOrDefault(earlier, List.of()))) {
                return true;
            }
        }
        return false;
    }

    /** Whether every callback that raises ran (first) in the same run on both loops, or on neither. */
    private static boolean raisersRanInTheSameRuns(Program program, Trace expected, Trace observed) {
        return raisingLabels(program).stream().allMatch(label -> firstRun(expected, label) == firstRun(observed, label));
    }

    /** The labels of the callbacks and tasks of {@code program} whose body raises (an error, or a base exception). */
    static List<String> raisingLabels(Program program) {
        return Steps.everyOperation(program.steps()).stream().flatMap(op -> Steps.scheduled(op).stream())
                .filter(body -> body.then().stream()
                        .anyMatch(o -> o instanceof Operation.RaiseBaseException || o instanceof Operation.Raise))
                .map(Steps.Scheduled::label).toList();
    }

    /** The run in which {@code label}'s first event was recorded, or -1 when it never ran. */
    private static int firstRun(Trace trace, String label) {
        return trace.events().stream().filter(event -> event.label().equals(label)).mapToInt(Event::run)
                .findFirst().orElse(-1);
    }

    private static boolean isBaseError(Outcome outcome) {
        return outcome.isError() && ("KeyboardInterrupt".equals(outcome.errorType())
                || "SystemExit".equals(outcome.errorType()));
    }

    /** Whether {@code step} runs until, or looks at, a future that the program set a StopIteration on. */
    private static boolean holdsStopIteration(Program program, Operation step) {
        String future = step instanceof Operation.RunUntilComplete r ? r.future()
                : step instanceof Operation.FutureResult r ? r.future()
                : step instanceof Operation.FutureException r ? r.future() : null;
        return future != null && program.steps().stream()
                .anyMatch(s -> s instanceof Operation.SetStopIteration stop && stop.future().equals(future));
    }

    /** What a closed loop guarantees of an operation after {@code close()}, if the step comes after one. */
    private static String[] closedGuarantee(Program program, int index) {
        boolean closed = false;
        boolean shutDown = false;
        for (int i = 0; i < index; i++) {
            closed |= program.steps().get(i) instanceof Operation.Close;
            shutDown |= program.steps().get(i) instanceof Operation.ShutdownDefaultExecutor;
        }
        Operation step = program.steps().get(index);
        if (closed && step instanceof Operation.RunInExecutor) {
            return ExecutorChecks.REFUSED_WHEN_CLOSED;
        } else if (shutDown && step instanceof Operation.RunInExecutor) {
            return ExecutorChecks.SHUT_DOWN; // refused after shutdown_default_executor() (EXEC-3)
        } else if (!closed) {
            return null;
        } else if (step instanceof Operation.CallSoon) {
            return new String[] {"a closed loop refuses call_soon() (RuntimeError)", "CLOSED-3"};
        } else if (Steps.startsRun(step)) {
            return new String[] {"a closed loop refuses to run (RuntimeError)", "CLOSED-4"};
        }
        return null;
    }

    private static String kindOf(Outcome outcome) {
        return outcome.kind() == Outcome.Kind.ERROR ? "error " + outcome.errorType() : outcome.kind().wireName();
    }

    /**
     * What of {@code step}'s outcome is compared: for a reading of the clock (loop.time(), when()) its kind and its
     * error's type, never its value (the reference loop's clock is virtual: ClockChecks checks each loop's own);
     * for the others {@link #summary(Outcome)}.
     */
    static String summary(Operation step, Outcome outcome) {
        return ClockChecks.readsTheClock(step) && !outcome.isError() ? outcome.kind().wireName() : summary(outcome);
    }

    /** What of an outcome is compared: its kind, its error's type, a simple value (numbers as doubles). */
    static String summary(Outcome outcome) {
        return switch (outcome.kind()) {
            case ERROR -> "error " + outcome.errorType();
            case NOTHING -> "nothing";
            case VALUE -> "value " + (outcome.value() == null ? "None"
                    : outcome.value() instanceof Number n ? Double.toString(n.doubleValue())
                    : outcome.value() instanceof Boolean || outcome.value() instanceof String ? outcome.value() : "?");
        };
    }
}
