Feature: One iteration runs a snapshot of the ready queue

  Every turn of an asyncio event loop (one call of BaseEventLoop._run_once) first
  works out which handles are ready, then runs exactly that many: it takes
  ntodo = len(self._ready) once, and pops ntodo handles. A callback that schedules
  another callback therefore never extends the batch it is part of: the new one
  waits for the next iteration. Code that counts iterations (tests, schedulers,
  anything that "lets the loop run once") depends on this.

  Before the snapshot is taken, the iteration has already polled the selector
  (I/O callbacks are queued) and moved every timer that is due to the ready
  queue, so those run in the same iteration as the callbacks queued before it.

  In these scenarios "one iteration" is driven through public API only:
  loop.stop() followed by loop.run_forever(). asyncio documents that a loop
  stopped before run_forever() polls once with a zero timeout, runs what is
  ready, and returns.

  Source: CPython Lib/asyncio/base_events.py, BaseEventLoop._run_once
  ("we run all currently scheduled callbacks, but not any callbacks scheduled
  by callbacks run this time around").

  Background:
    Given a fresh event loop

  @NTODO-1 @MUST @core
  Rule: One iteration runs every handle that is in the ready queue when its drain starts
    Claims: C-6, C-8, C-9, C-18

    Scenario: Callbacks queued before the iteration all run in it
      Given callbacks "a", "b" and "c" are scheduled with call_soon
      When the loop runs one iteration
      Then exactly the callbacks "a", "b" and "c" ran in iteration 1, in any order

    @needs-TIMER-4
    Scenario Outline: Every timer that is already due runs in the same iteration as the queued callbacks (<timers> by <call>)
      Given callback "a" is scheduled with call_soon
      And timers <timers> are scheduled with <call>, due at once
      When the loop runs one iteration
      Then exactly the callbacks "a", <timers> ran in iteration 1, in any order

      Examples:
        | timers                 | call       |
        | "t1"                   | call_later |
        | "t1" and "t2"          | call_later |
        | "t1", "t2" and "t3"    | call_later |
        | "t1"                   | call_at    |
        | "t1", "t2" and "t3"    | call_at    |

    Scenario Outline: A callback that raises does not end the batch: the others run in the same iteration (<callbacks>)
      Given callbacks <callbacks> are scheduled with call_soon, of which "boom" raises
      And what the loop reports is left to rule ERROR-1
      When the loop runs one iteration
      Then exactly the callbacks <callbacks> ran in iteration 1, in any order

      Examples:
        | callbacks              |
        | "boom", "a" and "b"    |
        | "a", "boom" and "b"    |
        | "a", "b" and "boom"    |

    Scenario: A timer that is not yet due does not run
      Given timer "later" is scheduled with call_later in 1 day
      When the loop runs one iteration
      Then no callback has run

  @NTODO-2 @MUST @core
  Rule: A callback scheduled during an iteration runs in the next iteration
    Claims: C-11, C-12

    Scenario: A chain of two callbacks needs two iterations
      Given callback "a" is scheduled with call_soon and, when it runs, schedules callback "b" with call_soon
      When the loop runs one iteration
      Then exactly the callbacks "a" ran in iteration 1, in any order
      When the loop runs one iteration
      Then exactly the callbacks "b" ran in iteration 2, in any order

  @NTODO-3 @MUST @core
  Rule: The ready queue is first in, first out
    Claims: C-9, C-19, C-31

    Scenario: Callbacks run in the order they were scheduled
      Given callbacks "a", "b" and "c" are scheduled with call_soon
      When the loop runs one iteration
      Then the callbacks ran in the order "a", "b" and "c"

    Scenario: call_soon_threadsafe joins the same queue in the same order
      Given callback "a" is scheduled with call_soon
      And callback "b" is scheduled with call_soon_threadsafe
      And callback "c" is scheduled with call_soon
      When the loop runs one iteration
      Then the callbacks ran in the order "a", "b" and "c"

  @NTODO-4 @MUST
  Rule: stop() called by a callback lets the current batch finish, then run_forever returns
    Claims: C-4, C-11

    Scenario: Callbacks after the stopping one in the same batch still run
      Given callback "a" is scheduled with call_soon and, when it runs, stops the loop
      And callback "b" is scheduled with call_soon
      When the loop runs until it is stopped
      Then exactly the callbacks "a" and "b" ran in iteration 1, in any order

    Scenario: What the stopping batch schedules is left for the next run
      Given callback "a" is scheduled with call_soon and, when it runs, stops the loop and schedules callback "c" with call_soon
      When the loop runs until it is stopped
      Then exactly the callbacks "a" ran in iteration 1, in any order
      When the loop runs one iteration
      Then exactly the callbacks "c" ran in iteration 2, in any order
