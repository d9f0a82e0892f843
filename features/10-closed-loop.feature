Feature: Closing the loop

  asyncio's documentation of close(): "The loop must not be running when this
  function is called. Any pending callbacks will be discarded. This method clears
  all queues and shuts down the executor ... This method is idempotent and
  irreversible. No other methods should be called after the event loop is
  closed." What a closed loop does when it is called anyway is CPython's
  _check_closed: RuntimeError("Event loop is closed"), from every method that
  schedules or runs. Programs rely on that error (it is how a callback that comes
  too late learns the loop is gone), so the rules check it at SHOULD.

  Each scenario closes only its own session's loop: the session's own close at
  the end finds it closed, which close() ignores (CLOSED-2), and the next
  scenario gets a fresh loop. The callbacks a closed loop discarded cannot be
  observed to "never run" through public API (the loop can never run again), and
  whether it cancels their handles differs (CPython leaves them as they were,
  uvloop cancels them; nothing is promised), so no rule checks either.

  Source: CPython Lib/asyncio/base_events.py, BaseEventLoop.close,
  BaseEventLoop.is_closed, BaseEventLoop._check_closed (call_soon, call_later,
  call_at, call_soon_threadsafe, create_task, run_forever, run_until_complete).

  Background:
    Given a fresh event loop

  @CLOSED-1 @SHOULD
  Rule: close() called while the loop runs raises RuntimeError and leaves the loop open
    Beyond the claims: asyncio docs, loop.close ("The loop must not be running when this function is called"); CPython base_events.py, BaseEventLoop.close ("Cannot close a running event loop")

    Scenario: A callback that closes its running loop gets RuntimeError
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note closing the loop as "close" |
        | stop the loop                    |
      When the loop runs one iteration
      Then note "close" is an error of type RuntimeError

    Scenario: The refused close() leaves the loop open
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note closing the loop as "close" |
        | stop the loop                    |
      And the loop runs one iteration
      When the loop is asked whether it is closed
      Then it answers false

  @CLOSED-2 @MUST
  Rule: is_closed() is false until close(), true after it, and close() a second time does nothing
    Beyond the claims: asyncio docs, loop.close ("This method is idempotent and irreversible") and loop.is_closed; CPython base_events.py, BaseEventLoop.close

    Scenario: A fresh loop is not closed
      When the loop is asked whether it is closed
      Then it answers false

    Scenario: A closed loop says it is closed
      Given the loop is closed
      When the loop is asked whether it is closed
      Then it answers true

    Scenario: close() of a closed loop succeeds and leaves it closed
      Given the loop is closed
      When the loop is closed again
      Then it succeeds

  @CLOSED-3 @SHOULD
  Rule: A closed loop refuses to schedule callbacks and tasks, with RuntimeError("Event loop is closed")
    Beyond the claims: asyncio docs, loop.close ("No other methods should be called after the event loop is closed"); CPython base_events.py, _check_closed in call_soon, call_at, call_soon_threadsafe, create_task; selector_events.py, _add_reader and _add_writer

    Scenario Outline: <call> on a closed loop raises RuntimeError
      Given the loop is closed
      When callback "late" is scheduled with <call>, which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

      Examples:
        | call                 |
        | call_soon            |
        | call_later           |
        | call_at              |
        | call_soon_threadsafe |

    Scenario: create_task() on a closed loop raises RuntimeError
      Given the loop is closed
      When task "late" is created with loop.create_task, which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

    Scenario: add_reader() on a closed loop raises RuntimeError
      Given a socket pair "s"
      And the loop is closed
      When reader "late" starts watching socket "s", which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

    Scenario: add_writer() on a closed loop raises RuntimeError
      Given a socket pair "s"
      And the loop is closed
      When writer "late" starts watching socket "s", which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

  @CLOSED-4 @SHOULD
  Rule: A closed loop refuses to run, with RuntimeError("Event loop is closed")
    Beyond the claims: CPython base_events.py, _check_closed in run_forever and run_until_complete (before the coroutine is wrapped)

    Scenario: run_forever() on a closed loop raises RuntimeError
      Given the loop is closed
      When the loop is run with run_forever, which may be refused
      Then it is refused with RuntimeError "Event loop is closed"

    Scenario: run_until_complete() of a future on a closed loop raises RuntimeError
      Given a future "f" made by the loop
      And the loop is closed
      When the loop runs until future "f" is done
      Then it is refused with RuntimeError "Event loop is closed"

    Scenario: run_until_complete() refused by a closed loop leaves its future as it was: setting its result succeeds
      Given a future "f" made by the loop
      And the loop is closed
      And the loop runs until future "f" is done
      When future "f" is completed with set_result
      Then it succeeds

    Scenario: run_until_complete() of a coroutine on a closed loop raises RuntimeError and never starts it
      Given the loop is closed
      When the loop runs coroutine "co" until it is complete
      Then it is refused with RuntimeError "Event loop is closed"
      And coroutine "co" never started

  @CLOSED-5 @SHOULD
  Rule: close() discards what was pending: the queued callbacks, and the readers and writers
    Beyond the claims: asyncio docs, loop.close ("Any pending callbacks will be discarded. This method clears all queues"); CPython base_events.py, BaseEventLoop.close (self._ready.clear()); selector_events.py, BaseSelectorEventLoop.close and _remove_reader, _remove_writer ("if self.is_closed(): return False")

    The documentation promises the discarding; what shows it is CPython's: the
    ready queue is empty (for loops that expose it), and remove_reader() and
    remove_writer() of a closed loop find nothing and do not raise, so cleanup
    code that runs after close() (a transport closed late) is safe. CPython
    answers False; uvloop answers None, as from every remove_reader()
    (errata U-3, IO-3's business), so the kit asks only that the answer is not
    true.

    @needs-ready-queue
    Scenario: The callbacks queued before close() are gone from the ready queue
      Given callbacks "a", "b" are scheduled with call_soon
      When the loop is closed
      Then the ready queue holds 0 handles

    Scenario: remove_reader() on a closed loop finds no reader, though one was added before close()
      Given a socket pair "s"
      And reader "r" watches socket "s"
      And the loop is closed
      When the reader of socket "s" is removed
      Then it does not answer true

    Scenario: remove_writer() on a closed loop finds no writer, though one was added before close()
      Given a socket pair "s"
      And writer "w" watches socket "s"
      And the loop is closed
      When the writer of socket "s" is removed
      Then it does not answer true
