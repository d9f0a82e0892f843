Feature: What a future answers about itself, and removing its done callbacks

  A program asks a future for its outcome with result() and exception(), and
  takes back a done callback it no longer wants with remove_done_callback().
  asyncio's documentation of Future promises what each of them does in every
  state, and code that handles futures generically (gather, wait_for, a
  framework's own awaitables) is written against those promises: a future
  that answers a pending result() with None, or a cancelled one with a normal
  value, makes such code take a wrong branch silently. The completion methods
  themselves (set_result, set_exception and cancel on a done future) are
  FUTURE-1's third scenario.

  Source: the asyncio documentation of asyncio.Future (result, exception,
  remove_done_callback); CPython Lib/asyncio/futures.py, Future.result,
  Future.exception, Future.remove_done_callback and Future.set_exception;
  Modules/_asynciomodule.c, _asyncio_Future_result_impl and friends.

  Background:
    Given a fresh event loop
    And a future "f" made by the loop

  @FUTURE-3 @MUST
  Rule: result() and exception() tell the state: InvalidStateError while pending, then the result or the exception
    Beyond the claims: asyncio docs, Future.result and Future.exception; CPython futures.py, Future.result, Future.exception

    Scenario: result() of a pending future raises InvalidStateError
      When the result of future "f" is asked for
      Then it is refused with an error of type InvalidStateError

    Scenario: exception() of a pending future raises InvalidStateError
      When the exception of future "f" is asked for
      Then it is refused with an error of type InvalidStateError

    Scenario: A future with a result gives it from result(), and None from exception()
      Given the result of future "f" is set to 7
      When the result of future "f" is asked for
      Then it returns 7
      When the exception of future "f" is asked for
      Then it answers None

    Scenario: A future with an exception raises it from result(), and returns it from exception()
      Given future "f" is completed with set_exception
      When the result of future "f" is asked for
      Then it is refused with RuntimeError "set by the kit"
      When the exception of future "f" is asked for
      Then it answers "RuntimeError: set by the kit"

  @FUTURE-4 @MUST
  Rule: A cancelled future raises CancelledError from result() and from exception()
    Beyond the claims: asyncio docs, Future.result and Future.exception ("If the Future has been cancelled, this method raises a CancelledError exception"); CPython futures.py

    Scenario: result() of a cancelled future raises CancelledError
      Given future "f" is completed with cancel
      When the result of future "f" is asked for
      Then it is refused with an error of type CancelledError

    Scenario: exception() of a cancelled future raises CancelledError rather than returning it
      Given future "f" is completed with cancel
      When the exception of future "f" is asked for
      Then it is refused with an error of type CancelledError

  @FUTURE-5 @MUST
  Rule: remove_done_callback() removes every registration of the callback and answers how many; a removed callback never runs
    Beyond the claims: asyncio docs, Future.remove_done_callback ("Returns the number of callbacks removed"); CPython futures.py, Future.remove_done_callback

    @profile-deferred-dispatch
    Scenario: A callback registered twice is removed twice, and only the other callback runs
      Given callback "cb" is added as a done callback of future "f"
      And callback "other" is added as a done callback of future "f"
      And callback "cb" is added as a done callback of future "f"
      When done callback "cb" is removed from future "f"
      Then it answers 2
      When the result of future "f" is set to 1
      And the loop runs one iteration
      Then exactly the callbacks "other" ran in iteration 1, in any order

    Scenario: Removing a callback that is no longer registered answers 0
      Given callback "cb" is added as a done callback of future "f"
      And done callback "cb" is removed from future "f"
      When done callback "cb" is removed from future "f"
      Then it answers 0

    Scenario: A done future's callbacks were handed to the loop: removing one answers 0
      Given callback "cb" is added as a done callback of future "f"
      And the result of future "f" is set to 1
      When done callback "cb" is removed from future "f"
      Then it answers 0

  @FUTURE-6 @SHOULD
  Rule: A future never holds a StopIteration: set_exception() refuses it or holds a RuntimeError caused by it
    Beyond the claims: CPython futures.py, Future.set_exception (TypeError to 3.12, RuntimeError from 3.13, gh-112182)

    A StopIteration raised into a coroutine that awaits the future would end the
    coroutine's frame as if it returned (PEP 479), so asyncio never lets a future
    carry one. How it refuses changed in CPython 3.13: 3.10 to 3.12 raise
    TypeError from set_exception() and leave the future pending; 3.13 completes
    the future with a RuntimeError whose cause is the StopIteration (errata E-19).
    The rule asserts what both promise.

    Scenario: After set_exception(StopIteration()), the future does not hold a StopIteration
      When a StopIteration is set as the exception of future "f"
      Then future "f" does not hold a StopIteration
