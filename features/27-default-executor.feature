Feature: The default executor: blocking work off the loop's thread, and shutting it down

  loop.run_in_executor(None, func, *args) is how a program runs blocking code (a file read, a
  DNS lookup, a library without async API) without holding the loop: func runs on a thread of
  the loop's default executor, a ThreadPoolExecutor the loop makes on first use, and the call
  returns an asyncio future that gets func's result or exception. CPython wraps the executor's
  concurrent future with futures.wrap_future, whose done callback copies the outcome over with
  loop.call_soon_threadsafe: the asyncio future is completed on the loop's thread, and a loop
  blocked in its selector with nothing else to do is woken by the self-pipe to do it. A loop
  that completes the future on the worker thread races its own callbacks; one that schedules
  the copy with a plain call_soon leaves an idle loop asleep until something else wakes it
  (the stall pattern of features/23-cross-thread-wakeup.feature).

  loop.set_default_executor(executor) replaces the executor run_in_executor(None, ...) uses;
  from 3.11 it must be a ThreadPoolExecutor (TypeError otherwise; 3.10 only warned with a
  DeprecationWarning). loop.shutdown_default_executor() is the coroutine asyncio.run and
  asyncio.Runner await before closing the loop: it shuts the executor down and waits for its
  threads, so a job still running finishes first; afterwards run_in_executor(None, ...) raises
  RuntimeError. From 3.12 it takes timeout=, which Runner.close passes (THREAD_JOIN_TIMEOUT,
  300 s): a loop without the parameter makes every asyncio.run of 3.12 fail as it ends. From
  3.13 a job that outlives the timeout no longer holds it: it returns with a RuntimeWarning
  (3.12 accepts the timeout but still waits for the job: errata E-22). A closed loop refuses
  run_in_executor as it refuses call_soon.

  The kit's jobs are its own functions: each records whether it runs on the loop's thread, works
  for as long as the scenario says (a sleep on the worker thread, cut short when the session
  ends, so no job outlives it), records that it ended, then returns 42 or raises
  RuntimeError("raised by the job"). The kit's executors are ThreadPoolExecutors that count the
  jobs submitted to them. Every wait is bounded: a job's own duration, the wake-up bound of
  docs/threads-and-time.md, or the per-operation bound.

  Source: the asyncio documentation of the event loop, "Executing code in thread or process
  pools" (loop.run_in_executor, loop.set_default_executor) and loop.shutdown_default_executor;
  CPython Lib/asyncio/base_events.py, run_in_executor (_check_closed, _check_default_executor),
  set_default_executor, shutdown_default_executor and _do_shutdown; Lib/asyncio/futures.py,
  wrap_future and _chain_future (call_soon_threadsafe); Lib/asyncio/runners.py, Runner.close.

  Background:
    Given a fresh event loop

  @EXEC-1 @MUST
  Rule: run_in_executor(None, f) runs f off the loop's thread and completes its future with f's outcome on the loop's thread, waking an idle loop by itself to do it
    Beyond the claims: asyncio docs, loop.run_in_executor ("Arrange for func to be called in the specified executor ... This method returns a asyncio.Future object"); CPython base_events.py, run_in_executor (futures.wrap_future(executor.submit(func, *args), loop=self)); futures.py, _chain_future (loop.call_soon_threadsafe(_set_state, destination, source))

    # The loop runs on its own thread, so a loop that does not wake to deliver a result fails these
    # scenarios within the wake-up bound instead of holding the kit's thread; it wakes for
    # call_soon_threadsafe, which STALL-2 checks. The jobs of the first two work for 0.2 s, orders of
    # magnitude longer than a loop takes to return to its selector: their outcome arrives while the loop
    # is blocked there with no timer (the stall bound's reasoning, docs/threads-and-time.md), so only the
    # delivery itself can wake it, and the done callback was added before the future was done. The
    # delivery schedules the done callback, which runs in a later iteration (NTODO-2): a loop whose
    # call_soon runs callbacks inline runs it on the worker thread.
    @needs-STALL-2 @needs-NTODO-2
    Scenario: A job's result wakes the idle loop, completes the future, and its done callback runs on the loop's thread
      Given the loop is running on its own thread and is idle
      When callback "go" is scheduled with call_soon_threadsafe from another thread and, when it runs, does:
        | run job "j" in the default executor as future "f", which returns 42 after 0.2 seconds                    |
        | add callback "delivered" as a done callback of future "f", which notes whether it runs on the loop's thread as "thread" |
      Then callback "delivered" runs within the wake-up bound
      And job "j" ran off the loop's thread
      And future "f" holds the result 42
      And note "thread" is recorded within the wake-up bound
      And note "thread" is true

    @needs-STALL-2 @needs-NTODO-2
    Scenario: A job's exception wakes the idle loop, completes the future, and its done callback runs on the loop's thread
      Given the loop is running on its own thread and is idle
      When callback "go" is scheduled with call_soon_threadsafe from another thread and, when it runs, does:
        | run job "j" in the default executor as future "f", which raises after 0.2 seconds                        |
        | add callback "delivered" as a done callback of future "f", which notes whether it runs on the loop's thread as "thread" |
      Then callback "delivered" runs within the wake-up bound
      And job "j" ran off the loop's thread
      And future "f" holds an exception of type RuntimeError
      And note "thread" is recorded within the wake-up bound
      And note "thread" is true

    @needs-STALL-2 @needs-NTODO-2
    Scenario: A job that ends at once completes the future, and its done callback runs on the loop's thread
      Given the loop is running on its own thread and is idle
      When callback "go" is scheduled with call_soon_threadsafe from another thread and, when it runs, does:
        | run job "j" in the default executor as future "f", which returns 42                                      |
        | add callback "delivered" as a done callback of future "f", which notes whether it runs on the loop's thread as "thread" |
      Then callback "delivered" runs within the wake-up bound
      And future "f" holds the result 42
      And note "thread" is recorded within the wake-up bound
      And note "thread" is true

  @EXEC-2 @MUST
  Rule: After set_default_executor(e), run_in_executor(None, f) submits f to e
    Beyond the claims: asyncio docs, loop.set_default_executor ("Set executor as the default executor used by run_in_executor()"); CPython base_events.py, set_default_executor (self._default_executor = executor) and run_in_executor (executor = self._default_executor)

    The kit counts what is submitted to its executor as run_in_executor() returns; the job's
    result is EXEC-1's.

    # Each runs a job with run_in_executor, which EXEC-1 checks returns the loop's future.
    @needs-EXEC-1
    Scenario: A job goes to the executor the program set
      Given executor "e" of the program is set as the loop's default executor
      When job "j" is run in the default executor as future "f", and returns 42
      Then executor "e" received 1 job

    @needs-EXEC-1
    Scenario: Setting a second executor replaces the first
      Given executor "first" of the program is set as the loop's default executor
      And executor "second" of the program is set as the loop's default executor
      When job "j" is run in the default executor as future "f", and returns 42
      Then executor "second" received 1 job
      And executor "first" received 0 jobs

    @needs-EXEC-1
    Scenario: Setting an executor after the loop made its own replaces the loop's
      Given job "early" is run in the default executor as future "f", and returns 42
      And executor "e" of the program is set as the loop's default executor
      When job "late" is run in the default executor as future "g", and returns 42
      Then executor "e" received 1 job

  @EXEC-3 @MUST
  Rule: shutdown_default_executor() waits for the jobs still running, and run_in_executor(None, f) is refused with RuntimeError afterwards
    Beyond the claims: asyncio docs, loop.shutdown_default_executor ("Schedule the closure of the default executor and wait for it to join all of the threads in the ThreadPoolExecutor. Once this method has been called, using the default executor with loop.run_in_executor() will raise a RuntimeError"); CPython base_events.py, shutdown_default_executor (_executor_shutdown_called, _do_shutdown: executor.shutdown(wait=True)) and _check_default_executor

    The documentation names the error's type, not its words: CPython 3.10 to 3.13 and uvloop all
    say "Executor shutdown has been called", which the kit does not demand.

    # The scenarios that run a job declare EXEC-1, which checks that run_in_executor returns the loop's future.
    # The thread that shuts the executor down hands its end to the loop with call_soon_threadsafe (STALL-2),
    # and the coroutine resumes in a later iteration (NTODO-2).
    @needs-EXEC-1 @needs-STALL-2 @needs-NTODO-2
    Scenario: A job still running ends before shutdown_default_executor() returns
      Given job "j" is run in the default executor as future "f", and returns 42 after 0.3 seconds
      When the loop runs shutdown_default_executor()
      Then job "j" had ended when shutdown_default_executor returned
      And shutdown_default_executor warned nothing

    @needs-EXEC-1 @needs-STALL-2 @needs-NTODO-2
    Scenario: After shutdown_default_executor(), run_in_executor(None, f) raises RuntimeError
      Given job "j" is run in the default executor as future "f", and returns 42
      And the loop runs shutdown_default_executor()
      When job "k" is run in the default executor as future "g", which may be refused
      Then it is refused with an error of type RuntimeError

    Scenario: After shutdown_default_executor() on a loop that never made one, run_in_executor(None, f) raises RuntimeError
      Given the loop runs shutdown_default_executor()
      When job "k" is run in the default executor as future "g", which may be refused
      Then it is refused with an error of type RuntimeError

  @EXEC-4 @MUST @since-3.12
  Rule: shutdown_default_executor() accepts timeout=, as asyncio.Runner passes it, and with a job that ends in time waits for it
    Beyond the claims: asyncio docs, loop.shutdown_default_executor ("Changed in version 3.12: Added the timeout parameter"); CPython runners.py, Runner.close (loop.run_until_complete(loop.shutdown_default_executor(constants.THREAD_JOIN_TIMEOUT))), which asyncio.run goes through

    # A job that ends in time is waited for as without a timeout, which EXEC-3 checks.
    @needs-EXEC-1 @needs-EXEC-3 @needs-STALL-2 @needs-NTODO-2
    Scenario: With a timeout longer than the job, the job ends before shutdown_default_executor(timeout=5) returns
      Given job "j" is run in the default executor as future "f", and returns 42 after 0.3 seconds
      When the loop runs shutdown_default_executor(timeout=5)
      Then job "j" had ended when shutdown_default_executor returned
      And shutdown_default_executor warned nothing

    Scenario: A loop that never made a default executor accepts shutdown_default_executor(timeout=5)
      When the loop runs shutdown_default_executor(timeout=5)
      Then shutdown_default_executor warned nothing

  @EXEC-5 @SHOULD
  Rule: A closed loop refuses run_in_executor with RuntimeError("Event loop is closed")
    Beyond the claims: asyncio docs, loop.close ("No other methods should be called after the event loop is closed"); CPython base_events.py, run_in_executor (self._check_closed() first)

    Scenario: A closed loop refuses run_in_executor(None, f)
      Given the loop is closed
      When job "j" is run in the default executor as future "f", which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

    @needs-EXEC-1
    Scenario: A loop closed after it made its default executor refuses run_in_executor(None, f)
      Given job "early" is run in the default executor as future "f", and returns 42
      And the loop is closed
      When job "j" is run in the default executor as future "g", which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

  @EXEC-6 @SHOULD @since-3.13
  Rule: shutdown_default_executor(timeout=) returns when the timeout passes with a job still running, warning with a RuntimeWarning
    Beyond the claims: asyncio docs, loop.shutdown_default_executor ("If the timeout is reached, a RuntimeWarning is emitted and the default executor is terminated without waiting for its threads to finish joining"); CPython 3.13 base_events.py, shutdown_default_executor (async with timeouts.timeout(timeout), then warnings.warn(..., RuntimeWarning) and shutdown(wait=False))

    CPython 3.12 documents this but awaits the executor's own shutdown before it joins with the
    timeout, so it waits for the job all the same (errata E-22): the rule applies from 3.13.

    @needs-EXEC-1 @needs-EXEC-4 @needs-STALL-2 @needs-NTODO-2
    Scenario: A job of 2 s does not hold shutdown_default_executor(timeout=0.1)
      Given job "j" is run in the default executor as future "f", and returns 42 after 2 seconds
      When the loop runs shutdown_default_executor(timeout=0.1)
      Then shutdown_default_executor returned while job "j" was still running
      And shutdown_default_executor warned with a RuntimeWarning

  @EXEC-7 @SHOULD @since-3.11
  Rule: set_default_executor refuses an executor that is not a ThreadPoolExecutor, with TypeError
    Beyond the claims: asyncio docs, loop.set_default_executor ("Changed in version 3.11: executor must be an instance of ThreadPoolExecutor"); CPython 3.11+ base_events.py, set_default_executor (raise TypeError('executor must be ThreadPoolExecutor instance'))

    3.10 accepted one with a DeprecationWarning (errata E-23). A loop that accepts it anyway
    serves every correct program; the refusal is what CPython does, hence SHOULD.

    Scenario: An executor that is not a ThreadPoolExecutor is refused as the default executor
      When an executor of the program that is not a ThreadPoolExecutor is set as the loop's default executor, which may be refused
      Then it is refused with an error of type TypeError
