Feature: Runs and their endings: after an interruption, and under asyncio.Runner

  A program's loop does not always end the way it was meant to. Ctrl-C raises KeyboardInterrupt
  and sys.exit() raises SystemExit in whatever callback or task step runs at that moment; asyncio
  lets both through (Handle._run and Task.__step re-raise them, EXC-2), so they leave
  run_until_complete() in the middle of a run. An interactive console, a test runner or a
  supervisor then runs the same loop again, and expects it to be usable: CPython's
  run_until_complete() takes its stopping callback off the future in a finally, and run_forever's
  cleanup (3.13: _run_forever_cleanup) clears _stopping, the loop's thread and the running loop
  whatever ended the run.

  Most programs do not call run_until_complete() themselves: asyncio.run(main()) and
  asyncio.Runner make the loop, run main and, at the end, cancel the tasks main left (and run the
  loop until they have finished), shut down the live async generators, shut down the default
  executor and close the loop, in that order (Runner.close, _cancel_all_tasks). With loop_factory=
  (asyncio.Runner from 3.11, asyncio.run from 3.12) that is the loop under test's factory, so a
  loop whose cleanup steps misbehave leaves tasks pending, generators unfinished, executor threads
  running or the loop open when the program exits.

  That run_until_complete() returns after the iteration that ran the future's done callbacks, not
  before, is RUN-7's claim (09-run-until-complete.feature); this feature does not check it again.

  Source: the asyncio documentation of the event loop (loop.run_until_complete) and of runners
  (asyncio.run, asyncio.Runner, "Handling Keyboard Interruption"); CPython Lib/asyncio/base_events.py,
  BaseEventLoop.run_until_complete and run_forever (3.13: _run_forever_setup, _run_forever_cleanup);
  Lib/asyncio/runners.py, Runner.run, Runner.close and _cancel_all_tasks; Lib/asyncio/tasks.py,
  Task.__step ("except (KeyboardInterrupt, SystemExit) as exc: super().set_exception(exc); raise").

  Background:
    Given a fresh event loop

  @RUNNER-1 @MUST @needs-EXC-2
  Rule: After KeyboardInterrupt or SystemExit left run_until_complete(), the loop is neither running nor closed, and the next run_until_complete() runs its future to completion
    Beyond the claims: asyncio docs, "Handling Keyboard Interruption" (the runner runs the loop again to cancel main); CPython base_events.py, BaseEventLoop.run_until_complete ("finally: future.remove_done_callback(_run_until_complete_cb)") and run_forever's cleanup ("self._stopping = False", "events._set_running_loop(None)")

    What CPython 3.10 to 3.13 and uvloop 0.23.0 do, and what the rule claims: the error leaves
    run_until_complete() as it is (EXC-2 checks that it leaves the run at all); is_running() is false
    and is_closed() is false; a new future or a new coroutine then runs to completion. The future the
    interrupted run waited for stays pending and no longer stops the loop when it completes (the
    stopping callback was taken off, as RUN-4 checks for a stop()); running the loop until it is done
    afterwards returns its result. A task whose own step raised it is done, with the error as its
    exception (Task.__step sets it before it re-raises), so run_until_complete() consumes it
    ("future.exception()") and nothing is logged; the stopping callback that the task's completion
    has already queued does not stop the next run, since _run_until_complete_cb returns without
    stopping for a future that SystemExit or KeyboardInterrupt ended (bpo-22429, "run_forever() already
    finished"). The kit checked these with small kit-free scripts on each interpreter; none differs.

    Scenario Outline: After <error> raised by a callback left run_until_complete(), the loop is neither running nor closed
      Given a future "f" made by the loop
      And callback "boom" is scheduled with call_soon and, when it runs, does:
        | raise <error> |
      When the loop runs until future "f" is done
      Then it is refused with an error of type <error>
      When the loop is asked whether it is running
      Then it answers false
      When the loop is asked whether it is closed
      Then it answers false

      Examples:
        | error             |
        | KeyboardInterrupt |
        | SystemExit        |

    Scenario Outline: After <error> raised by a callback left run_until_complete(), the next run_until_complete() of a new future returns its result
      Given a future "f" made by the loop
      And callback "boom" is scheduled with call_soon and, when it runs, does:
        | raise <error> |
      And the loop runs until future "f" is done
      And a future "g" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "g" to 2 |
      When the loop runs until future "g" is done
      Then it returns 2

      Examples:
        | error             |
        | KeyboardInterrupt |
        | SystemExit        |

    # The coroutine's task is the loop's: its first step is queued (TASK-1) and it returns (RUN-1).
    @needs-RUN-1 @needs-TASK-1
    Scenario Outline: After <error> raised by a callback left run_until_complete(), the next run_until_complete() of a coroutine returns what it returned
      Given a future "f" made by the loop
      And callback "boom" is scheduled with call_soon and, when it runs, does:
        | raise <error> |
      And the loop runs until future "f" is done
      When the loop runs coroutine "co" until it is complete
      Then it returns "co"

      Examples:
        | error             |
        | KeyboardInterrupt |
        | SystemExit        |

    # Done callbacks are queued when the future completes (FUTURE-1).
    @needs-FUTURE-1 @profile-deferred-dispatch
    Scenario Outline: After <error> raised by a done callback left run_until_complete(), the next run_until_complete() of a new future returns its result
      Given a future "f" made by the loop
      And a future "e" made by the loop
      And callback "boom" is added as a done callback of future "e", and raises <error> when it runs
      And the result of future "e" is set to 1
      And the loop runs until future "f" is done
      And a future "g" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "g" to 2 |
      When the loop runs until future "g" is done
      Then it returns 2

      Examples:
        | error             |
        | KeyboardInterrupt |
        | SystemExit        |

    # The task's step runs in an iteration of the loop (TASK-2), and the step that ended the task leaves no
    # task current (CURRENT-3), or the next task's step would collide with it.
    @needs-TASK-2 @needs-CURRENT-3
    Scenario Outline: After <error> raised by a task's step left run_until_complete() of that task, the task is done and the next run_until_complete() returns its future's result
      Given task "t" is created with loop.create_task and, in its first step, does:
        | raise <error> |
      When the loop runs until future "t" is done
      Then it is refused with an error of type <error>
      And task "t" is done
      When the loop is asked whether it is running
      Then it answers false
      Given a future "g" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "g" to 2 |
      When the loop runs until future "g" is done
      Then it returns 2

      Examples:
        | error             |
        | KeyboardInterrupt |
        | SystemExit        |

    # It waits in a running loop for a timer, so the loop must wake for its earliest timer (TIMEOUT-2); the
    # last run is of a future already done (RUN-5).
    @needs-TIMEOUT-2 @needs-RUN-5
    Scenario: The future an interrupted run_until_complete() waited for no longer stops the loop when it completes, and a later run until it is done returns its result
      Given a future "f" made by the loop
      And callback "boom" is scheduled with call_soon and, when it runs, does:
        | raise KeyboardInterrupt |
      And the loop runs until future "f" is done
      And callback "b" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 1                                        |
        | schedule timer "t" with call_later in 0.05 seconds, which stops the loop |
      When the loop runs until it is stopped
      Then the callbacks ran in the order "boom", "b", "t"
      When the loop runs until future "f" is done
      Then it returns 1

  # @needs-EXEC-2 and EXEC-3: main sets the default executor that "executor shut down" records, and its shutdown
  # waits; EXEC-4: from 3.12 asyncio.Runner and asyncio.run pass timeout= to shutdown_default_executor (before
  # 3.12 EXEC-4 is not applicable, and a prerequisite without a finding of its own blocks nothing); STALL-2: the
  # shutdown's own thread completes the future the cleanup waits for with call_soon_threadsafe.
  @RUNNER-2 @MUST @since-3.11 @needs-EXEC-2 @needs-EXEC-3 @needs-EXEC-4 @needs-STALL-2 @needs-TASK-2 @needs-CURRENT-3 @needs-FUTURE-1 @needs-CANCEL-3 @needs-AGEN-1 @needs-AGEN-4 @needs-CLOSED-2
  Rule: Under asyncio.Runner or asyncio.run given the loop's factory, the runner answers main's outcome, and at the end the tasks left are cancelled, the live async generators closed, the default executor shut down and the loop closed, in that order
    Beyond the claims: asyncio docs, asyncio.run ("managing the asyncio event loop, finalizing asynchronous generators and closing the default executor"), Runner.close ("Shutdown and close event loop") and "Handling Keyboard Interruption"; CPython runners.py, Runner.close (_cancel_all_tasks, shutdown_asyncgens, shutdown_default_executor, loop.close()) and Runner.run (the SIGINT handler cancels main; "raise KeyboardInterrupt()")

    The program's main sets a default executor (loop.set_default_executor), leaves a task that awaits a
    long sleep and an async generator it advanced once and keeps alive, then ends. asyncio.Runner
    (3.11) and asyncio.run (loop_factory= from 3.12, docs/errata.md E-24) are given the factory of the
    loop under test, so every call of the cleanup goes to that loop: _cancel_all_tasks cancels the
    tasks of asyncio.all_tasks(loop) and runs the loop until they end (the task's CancelledError
    arrives at its await, CANCEL-3, in a step the loop runs, TASK-2, which leaves no task current when
    it ends, CURRENT-3; gather waits for them through their done callbacks, FUTURE-1),
    shutdown_asyncgens closes the generator (the loop's hooks kept it, AGEN-1; AGEN-4),
    shutdown_default_executor shuts the executor down and waits for it, and close()
    closes the loop (CLOSED-2). Each part of the ending records itself with whether the loop was still
    open. Ctrl-C is SIGINT raised on the main thread while main awaits: the runner's handler cancels
    main and wakes the loop with call_soon_threadsafe, and Runner.run raises KeyboardInterrupt once main
    has ended. CPython 3.11 to 3.13 and uvloop 0.23.0 do all of it. For a Java loop the kit's
    interpreter performs the runner's steps in the same order on the loop; Ctrl-C, a signal of
    Python's main thread, is not applicable to it.

    Scenario: asyncio.Runner returns the result of a main that returns, then cleans up in order
      When a main that returns is run by asyncio.Runner, given the loop's factory
      Then it returns "main"
      And the runner's ending came in the order "task cancelled", "generator closed", "executor shut down", each while the loop was open, and then the loop was closed

    Scenario: asyncio.Runner raises the error of a main that raises, after the same cleanup
      When a main that raises RuntimeError is run by asyncio.Runner, given the loop's factory
      Then it is refused with RuntimeError "raised by main"
      And the runner's ending came in the order "task cancelled", "generator closed", "executor shut down", each while the loop was open, and then the loop was closed

    # KeyboardInterrupt leaves the run (EXC-2), and the runner runs the loop again for its cleanup after it
    # left run_until_complete() (RUNNER-1).
    @needs-EXC-2 @needs-RUNNER-1
    Scenario: asyncio.Runner lets KeyboardInterrupt raised by main through, after the same cleanup
      When a main that raises KeyboardInterrupt is run by asyncio.Runner, given the loop's factory
      Then it is refused with an error of type KeyboardInterrupt
      And the runner's ending came in the order "task cancelled", "generator closed", "executor shut down", each while the loop was open, and then the loop was closed

    # The runner's SIGINT handler wakes the loop with call_soon_threadsafe (STALL-2, which the rule declares); the
    # runner runs the loop again for its cleanup after main's CancelledError left run_until_complete(), a
    # BaseException as RUNNER-1's.
    @needs-RUNNER-1
    Scenario: Ctrl-C while main awaits: the runner cancels main, cleans up in order and raises KeyboardInterrupt
      When a main that is interrupted by Ctrl-C is run by asyncio.Runner, given the loop's factory
      Then it is refused with an error of type KeyboardInterrupt
      And main was cancelled by the interrupt, before the ending
      And the runner's ending came in the order "task cancelled", "generator closed", "executor shut down", each while the loop was open, and then the loop was closed

    @since-3.12
    Scenario: asyncio.run returns the result of a main that returns, then cleans up in order
      When a main that returns is run by asyncio.run, given the loop's factory
      Then it returns "main"
      And the runner's ending came in the order "task cancelled", "generator closed", "executor shut down", each while the loop was open, and then the loop was closed

    @since-3.12
    Scenario: asyncio.run raises the error of a main that raises, after the same cleanup
      When a main that raises RuntimeError is run by asyncio.run, given the loop's factory
      Then it is refused with RuntimeError "raised by main"
      And the runner's ending came in the order "task cancelled", "generator closed", "executor shut down", each while the loop was open, and then the loop was closed
