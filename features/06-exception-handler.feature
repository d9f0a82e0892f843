Feature: The exception handler: what it receives, what it does not, and replacing it

  Whatever a callback, a done callback or a timer raises that no caller can
  receive goes to the loop's exception handler (ERROR-1 checks that it gets
  there and that the loop goes on). Applications install their own handler
  with loop.set_exception_handler() for error reporting and supervision, and
  read the context dict it receives; the documentation of
  call_exception_handler lists its keys. KeyboardInterrupt and SystemExit are
  different: asyncio lets them leave run_forever() so that Ctrl-C and
  sys.exit() stop a program that runs a loop, and never hands them to the
  handler.

  Source: the asyncio documentation of the event loop, "Error Handling API"
  (set_exception_handler, get_exception_handler, default_exception_handler,
  call_exception_handler); CPython Lib/asyncio/events.py, Handle._run
  ("except (SystemExit, KeyboardInterrupt): raise", and the context with
  'message', 'exception' and 'handle'); Lib/asyncio/base_events.py,
  BaseEventLoop.set_exception_handler, get_exception_handler and
  call_exception_handler ("Unhandled error in exception handler").

  Background:
    Given a fresh event loop

  @EXC-1 @SHOULD @needs-ERROR-1
  Rule: The context of a callback's error names 'message', 'exception' and 'handle'
    Beyond the claims: asyncio docs, loop.call_exception_handler (the context keys); CPython events.py, Handle._run

    The documentation lists 'message' as always there and the others as
    optional; CPython's Handle._run and uvloop fill in all three for an error
    of a callback, and handlers rely on context['exception'] and
    context['handle'] to say what failed. A timer's error goes through the same
    Handle._run (ERROR-1 checks that it reaches the handler).

    Scenario Outline: The error of a callback scheduled with <scheduler> comes with message, exception and handle
      Given callback "boom" is scheduled with <scheduler>, already due, and raises when it runs
      When the loop runs one iteration
      Then every report to the exception handler names "message", "exception" and "handle"
      And the loop reported RuntimeError "raised by the kit"

      Examples:
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |

    @profile-deferred-dispatch
    Scenario: The error of a done callback comes with message, exception and handle
      Given a future "f" made by the loop
      And callback "boom" is added as a done callback of future "f", and raises when it runs
      And the result of future "f" is set to 1
      When the loop runs one iteration
      Then every report to the exception handler names "message", "exception" and "handle"
      And the loop reported RuntimeError "raised by the kit"

  @EXC-2 @SHOULD
  Rule: KeyboardInterrupt and SystemExit raised by a callback leave run_forever() and are not reported to the exception handler
    Beyond the claims: CPython events.py, Handle._run ("except (SystemExit, KeyboardInterrupt): raise", since 3.8, bpo-32528)

    CPython 3.8 made Handle._run let them through (bpo-32528); 3.10 to 3.13 and
    uvloop do the same. What happens to the rest of the batch differs, and the
    kit asserts neither: CPython leaves the handles after the raising one queued
    for the next run, uvloop runs them before it raises (errata U-5).

    Scenario Outline: <error> raised by a callback scheduled with <scheduler> ends the run with it
      Given callback "boom" is scheduled with <scheduler>, already due, and raises <error> when it runs
      When the loop runs one iteration, which may end with an error
      Then it is refused with an error of type <error>
      And the loop reported no error

      Examples:
        | scheduler            | error             |
        | call_soon            | KeyboardInterrupt |
        | call_soon            | SystemExit        |
        | call_soon_threadsafe | KeyboardInterrupt |

    @profile-deferred-dispatch
    Scenario: KeyboardInterrupt raised by a done callback ends the run with it
      Given a future "f" made by the loop
      And callback "boom" is added as a done callback of future "f", and raises KeyboardInterrupt when it runs
      And the result of future "f" is set to 1
      When the loop runs one iteration, which may end with an error
      Then it is refused with an error of type KeyboardInterrupt
      And the loop reported no error

    Scenario: The loop can be run again after the error left it
      Given callback "boom" is scheduled with call_soon, already due, and raises KeyboardInterrupt when it runs
      When the loop runs one iteration, which may end with an error
      Then it is refused with an error of type KeyboardInterrupt
      When callback "later" is scheduled with call_soon
      And the loop runs one iteration
      Then exactly the callbacks "later" ran in iteration 2, in any order

  @EXC-3 @MUST
  Rule: get_exception_handler() answers the handler set, and set_exception_handler(None) restores the default
    Beyond the claims: asyncio docs, loop.set_exception_handler ("If handler is None, the default exception handler will be set") and loop.get_exception_handler

    Scenario: get_exception_handler() answers the handler that set_exception_handler() installed
      Given the loop's exception handler is one that raises
      When the loop is asked for its exception handler
      Then it answers "raising"

    Scenario: After set_exception_handler(None), get_exception_handler() answers None
      Given the loop's exception handler is set to None
      When the loop is asked for its exception handler
      Then it answers None

    Scenario: After set_exception_handler(None), reports no longer reach the handler that was set
      Given the loop's exception handler is set to None
      When the loop is asked to report "reported by the kit" to its exception handler
      Then it succeeds
      And the loop reported no error

  @EXC-4 @SHOULD
  Rule: An exception handler that raises does not stop the loop: its error goes to the default handler and the loop goes on
    Beyond the claims: CPython base_events.py, call_exception_handler ("Unhandled error in exception handler")

    The documentation does not say; CPython's call_exception_handler catches
    what the handler raises and logs it with the default handler ("Unhandled
    error in exception handler"), and uvloop does the same. The kit checks that
    the loop goes on; what the default handler logs is not observable through
    the loop's API.

    Scenario: A callback's error that the handler fails on does not end the run, and the loop runs on
      Given the loop's exception handler is one that raises
      And callback "boom" is scheduled with call_soon, already due, and raises when it runs
      When the loop runs one iteration
      Then it succeeds
      When callback "after" is scheduled with call_soon
      And the loop runs one iteration
      Then exactly the callbacks "boom" ran in iteration 1, in any order
      And exactly the callbacks "after" ran in iteration 2, in any order

    Scenario: call_exception_handler() does not raise what the handler raises
      Given the loop's exception handler is one that raises
      When the loop is asked to report "reported by the kit" to its exception handler
      Then it succeeds

  @EXC-5 @MUST
  Rule: call_exception_handler() hands the context to the handler that was set
    Beyond the claims: asyncio docs, loop.call_exception_handler ("Call the current event loop exception handler")

    Scenario: A report made with call_exception_handler() reaches the handler
      When the loop is asked to report "reported by the kit" to its exception handler
      Then it succeeds
      And the loop reported RuntimeError "reported by the kit"
