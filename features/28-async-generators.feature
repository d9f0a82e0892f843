Feature: Async generators: the loop's hooks, and closing what programs leave open

  An async generator that a program stops iterating before it is exhausted
  (a "break" out of "async for", an exception, a cancelled task) still holds
  its "finally" and its "async with" blocks. Python cannot run them when the
  generator is collected, because closing it may await, so it asks the loop:
  sys.set_asyncgen_hooks(firstiter, finalizer) installs two hooks for the
  thread, the generator's first step calls firstiter, and a collected
  generator that is not finished is handed to the finalizer kept at that first
  step. asyncio's loop installs its own hooks while it runs and puts back the
  previous ones when the run ends; its firstiter hook keeps the generator, its
  finalizer closes the generator in a task, in a later iteration
  (call_soon_threadsafe, since collection may happen on any thread, in the
  middle of anything); loop.shutdown_asyncgens(), which asyncio.run calls
  before closing the loop, closes the generators still alive and reports an
  error one of them raises to the exception handler.

  A loop that gets this wrong leaves database connections, locks and files of
  unfinished generators open, or runs their cleanup at an arbitrary point of
  another callback. The kit's generators yield forever; when one is closed its
  finally records that it was, and whether a task of the loop ran it. "Letting
  go" of one is what a program's garbage does: the kit drops its last
  reference and collects it.

  Source: the asyncio documentation of the event loop (loop.shutdown_asyncgens)
  and of sys.set_asyncgen_hooks; PEP 525 ("Finalization"); CPython
  Lib/asyncio/base_events.py, BaseEventLoop.run_forever (3.13: _run_forever_setup
  and _run_forever_cleanup), _asyncgen_firstiter_hook, _asyncgen_finalizer_hook
  and shutdown_asyncgens.

  Background:
    Given a fresh event loop

  @AGEN-1 @MUST
  Rule: While the loop runs, the async generator hooks installed are the loop's own, however it is run
    Beyond the claims: asyncio docs, loop.shutdown_asyncgens (the loop knows the generators it must close); CPython base_events.py, run_forever ("sys.set_asyncgen_hooks(firstiter=self._asyncgen_firstiter_hook, finalizer=self._asyncgen_finalizer_hook)"), which run_until_complete and every run go through

    The kit asks for the hooks from inside the run and recognises only its own
    (the program's) and none: anything else counts as the loop's, whatever its
    shape.

    Scenario Outline: With <before>, a callback of run_forever sees the loop's own hooks
      Given <before>
      And callback "look" is scheduled with call_soon and, when it runs, does:
        | note the async generator hooks as "inside" |
        | stop the loop                              |
      When the loop runs until it is stopped
      Then note "inside" names the loop's own async generator hooks

      Examples:
        | before                                                 |
        | the program has installed async generator hooks of its own |
        | the program has no async generator hooks               |

    Scenario Outline: With <before>, a callback of one iteration sees the loop's own hooks
      Given <before>
      And callback "look" is scheduled with call_soon and, when it runs, does:
        | note the async generator hooks as "inside" |
      When the loop runs one iteration
      Then note "inside" names the loop's own async generator hooks

      Examples:
        | before                                                 |
        | the program has installed async generator hooks of its own |
        | the program has no async generator hooks               |

    Scenario Outline: With <before>, a callback of run_until_complete sees the loop's own hooks
      Given <before>
      And a future "f" made by the loop
      And callback "look" is scheduled with call_soon and, when it runs, does:
        | note the async generator hooks as "inside" |
        | set the result of future "f" to 1          |
      When the loop runs until future "f" is done
      Then note "inside" names the loop's own async generator hooks

      Examples:
        | before                                                 |
        | the program has installed async generator hooks of its own |
        | the program has no async generator hooks               |

    # The task's step must run in an iteration of the loop, which TASK-2 checks.
    @needs-TASK-2
    Scenario: A task's step sees the loop's own hooks, where async for runs
      Given the program has installed async generator hooks of its own
      And task "t" is created with loop.create_task and, in its first step, does:
        | note the async generator hooks as "inside" |
        | stop the loop                              |
      When the loop runs until it is stopped
      Then note "inside" names the loop's own async generator hooks

  @AGEN-2 @SHOULD
  Rule: When a run ends, however it ended, the async generator hooks are those installed before it
    Beyond the claims: CPython base_events.py, run_forever ("finally: ... sys.set_asyncgen_hooks(*old_agen_hooks)"; 3.13: _run_forever_cleanup)

    asyncio restores the hooks in a finally, so a program that runs a loop
    finds its own hooks again; the documentation does not promise it, hence
    SHOULD.

    Scenario: After run_forever stopped by stop(), the program's hooks are installed again
      Given the program has installed async generator hooks of its own
      And callback "a" is scheduled with call_soon and, when it runs, stops the loop
      When the loop runs until it is stopped
      Then the async generator hooks are the program's own again

    Scenario: After one iteration, the program's hooks are installed again
      Given the program has installed async generator hooks of its own
      And callback "a" is scheduled with call_soon
      When the loop runs one iteration
      Then the async generator hooks are the program's own again

    Scenario: After run_until_complete, the program's hooks are installed again
      Given the program has installed async generator hooks of its own
      And a future "f" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 1 |
      When the loop runs until future "f" is done
      Then the async generator hooks are the program's own again

    # The KeyboardInterrupt must leave the run, which EXC-2 checks.
    @needs-EXC-2
    Scenario: After a run that KeyboardInterrupt left, the program's hooks are installed again
      Given the program has installed async generator hooks of its own
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | raise KeyboardInterrupt |
      When the loop runs one iteration, which may end with an error
      Then the async generator hooks are the program's own again

    Scenario: After a run of a program without hooks, there are none again
      Given the program has no async generator hooks
      And callback "a" is scheduled with call_soon and, when it runs, stops the loop
      When the loop runs until it is stopped
      Then there are no async generator hooks again

  @AGEN-3 @MUST @needs-AGEN-1 @needs-NTODO-2 @needs-CURRENT-1
  Rule: An unfinished async generator that the program lets go of is closed by the loop, in a task, after the code that let go of it has returned
    Beyond the claims: PEP 525, "Finalization"; CPython base_events.py, _asyncgen_finalizer_hook ("self.call_soon_threadsafe(self.create_task, agen.aclose())")

    The generator stops the loop when it is closed; a loop that never closes
    it is stopped by a timer after the wake-up bound (docs/threads-and-time.md).
    The closing is scheduled for a later iteration (NTODO-2), and "in a task" is
    asyncio.current_task() inside it (CURRENT-1).

    Scenario: A generator a callback iterated and let go of is closed in a task of the loop
      Given async generator "g", which stops the loop when it is closed
      And callback "iterates" is scheduled with call_soon and, when it runs, does:
        | advance async generator "g"   |
        | let go of async generator "g" |
      When the loop runs until it is stopped, or the wake-up bound has passed
      Then async generator "g" was closed in a task of the loop, after the code that let go of it had returned

    @needs-TASK-2
    Scenario: A generator a task iterated and let go of is closed in another task of the loop
      Given async generator "g", which stops the loop when it is closed
      And task "t" is created with loop.create_task and, in its first step, does:
        | advance async generator "g"   |
        | let go of async generator "g" |
      When the loop runs until it is stopped, or the wake-up bound has passed
      Then async generator "g" was closed in a task of the loop, after the code that let go of it had returned

    Scenario: A generator let go of between runs is closed by the next run
      Given async generator "g", which stops the loop when it is closed
      And callback "iterates" is scheduled with call_soon and, when it runs, does:
        | advance async generator "g" |
      And the loop runs one iteration
      When the program lets go of async generator "g"
      And the loop runs until it is stopped, or the wake-up bound has passed
      Then async generator "g" was closed in a task of the loop, after the code that let go of it had returned

  @AGEN-4 @MUST @needs-AGEN-1 @needs-TASK-2 @needs-NTODO-2 @needs-CURRENT-1
  Rule: shutdown_asyncgens() closes every async generator still alive that was first iterated while the loop ran
    Beyond the claims: asyncio docs, loop.shutdown_asyncgens ("Schedule all currently open asynchronous generator objects to close with an aclose() call"); CPython base_events.py, shutdown_asyncgens

    Each generator is closed in a task of its own (TASK-2, NTODO-2), and "in a
    task" is asyncio.current_task() inside it (CURRENT-1).

    Scenario: Three generators a callback left suspended are all closed
      Given async generators "a", "b" and "c"
      And callback "iterates" is scheduled with call_soon and, when it runs, does:
        | advance async generator "a" |
        | advance async generator "b" |
        | advance async generator "c" |
      And the loop runs one iteration
      When the loop shuts down its async generators
      Then it succeeds
      And async generators "a", "b" and "c" were closed, each in a task of the loop

    Scenario: A generator a task left suspended is closed
      Given async generator "a"
      And task "t" is created with loop.create_task and, in its first step, does:
        | advance async generator "a" |
      And the loop runs one iteration
      When the loop shuts down its async generators
      Then it succeeds
      And async generator "a" was closed, each in a task of the loop

    Scenario: With no generator alive, shutdown_asyncgens() completes and reports nothing
      When the loop shuts down its async generators
      Then it succeeds
      And the loop reported no error

  @AGEN-5 @MUST @needs-AGEN-1 @needs-AGEN-4 @needs-TASK-2 @needs-NTODO-2 @needs-CURRENT-1 @needs-CURRENT-3 @needs-EXC-5
  Rule: An error that closing a generator raises in shutdown_asyncgens() goes to the exception handler, with the generator, and the others are closed all the same
    Beyond the claims: CPython base_events.py, shutdown_asyncgens ("gather(..., return_exceptions=True)", then call_exception_handler with "message", "exception" and "asyncgen")

    Besides AGEN-4's tasks, the report goes through call_exception_handler
    (EXC-5), and the task whose step raised must not stay current (CURRENT-3).
    Only an error is reported: a generator that raises CancelledError while
    closing leaves its task cancelled, and gather(return_exceptions=True) hands
    the loop a CancelledError, which is not an Exception, so nothing is reported
    and shutdown_asyncgens() returns (CPython 3.10 to 3.13 alike).

    Scenario: The middle one of three generators raises while closing
      Given async generators "a" and "c"
      And async generator "b", which raises when it is closed
      And callback "iterates" is scheduled with call_soon and, when it runs, does:
        | advance async generator "a" |
        | advance async generator "b" |
        | advance async generator "c" |
      And the loop runs one iteration
      When the loop shuts down its async generators
      Then it succeeds
      And async generators "a", "b" and "c" were closed, each in a task of the loop
      And the loop reported RuntimeError "raised while closing"
      And every report to the exception handler names "message", "exception" and "asyncgen"

    Scenario: A generator cancelled while closing is not reported, and the others are closed all the same
      Given async generators "a" and "c"
      And async generator "b", which raises CancelledError when it is closed
      And callback "iterates" is scheduled with call_soon and, when it runs, does:
        | advance async generator "a" |
        | advance async generator "b" |
        | advance async generator "c" |
      And the loop runs one iteration
      When the loop shuts down its async generators
      Then it succeeds
      And async generators "a", "b" and "c" were closed, each in a task of the loop
      And the loop reported no error
