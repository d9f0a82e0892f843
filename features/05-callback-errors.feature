Feature: A callback that raises is reported, and the loop goes on

  asyncio runs every callback through Handle._run, which catches whatever the
  callback raises and hands it to loop.call_exception_handler (the handler set
  with loop.set_exception_handler, else the default one, which logs it). The
  error never leaves run_forever(), and it does not end the iteration: the
  handles after the raising one in the same batch still run. Programs rely on
  both: an error in one callback must not stall unrelated work, and an
  application's exception handler (error reporting, supervision) must see it.
  (A future that dispatches synchronously, by design, calls a raising done
  callback inside set_result; the done-callback scenario is for deferred
  dispatch only.)

  Source: CPython Lib/asyncio/events.py, Handle._run (except BaseException ...
  self._loop.call_exception_handler(context)); Lib/asyncio/base_events.py,
  BaseEventLoop._run_once and call_exception_handler.

  Background:
    Given a fresh event loop

  @ERROR-1 @MUST
  Rule: The error of a callback that raises goes to the loop's exception handler, and the loop goes on
    Claims: C-8

    Scenario Outline: The error of a callback scheduled with <scheduler> reaches the exception handler
      Given callback "boom" is scheduled with <scheduler>, already due, and raises when it runs
      When the loop runs one iteration
      Then exactly the callbacks "boom" ran in iteration 1, in any order
      And the loop reported RuntimeError "raised by the kit"

      Examples: the ready queue
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |

      # A timer "already due" is made with a delay of 0 (TIMER-4), and a due timer runs in the first
      # iteration (NTODO-1).
      @needs-TIMER-4 @needs-NTODO-1
      Examples: a timer due at once
        | scheduler            |
        | call_later           |
        | call_at              |

    @profile-deferred-dispatch
    Scenario: The error of a done callback that raises reaches the exception handler
      Given a future "f" made by the loop
      And callback "boom" is added as a done callback of future "f", and raises when it runs
      And the result of future "f" is set to 1
      When the loop runs one iteration
      Then exactly the callbacks "boom" ran in iteration 1, in any order
      And the loop reported RuntimeError "raised by the kit"

    Scenario: run_forever() does not raise the error and runs on until it is stopped
      Given callback "boom" is scheduled with call_soon and, when it runs, does:
        | schedule callback "b" with call_soon, which stops the loop |
        | raise an error                                             |
      When the loop runs until it is stopped
      Then the callbacks ran in the order "boom" and "b"
      And the loop reported RuntimeError "raised by the kit"
