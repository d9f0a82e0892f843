Feature: Waking a loop that is blocked in its selector from another thread

  A loop with nothing to do blocks in select() with no timeout. loop.call_soon
  only appends to the ready queue: it does not write to the loop's self-pipe,
  so when another thread calls it, the loop does not notice until something
  else wakes it (I/O, a timer, or a thread-safe call). This is "the stall
  pattern": loop.create_task from a foreign thread uses call_soon and can sit
  unnoticed indefinitely. loop.call_soon_threadsafe appends and writes to the
  self-pipe, so the loop wakes at once; calling it with a no-op right after a
  plain call_soon is the documented fix.

  A loop that does wake on a plain call_soon from another thread is not broken
  (it is arguably better), so that rule is INFO: the kit reports what the loop
  does without judging it. The loop must, however, wake for
  call_soon_threadsafe, and the fix must work.

  These scenarios run the loop on its own thread and call it from another one.
  To prove that something does not happen, they wait for the single documented
  bound STALL_BOUND (see docs/threads-and-time.md), never longer.

  Source: CPython Lib/asyncio/base_events.py, call_soon, call_soon_threadsafe
  (self._write_to_self()) and _run_once (timeout = None when nothing is scheduled);
  Lib/asyncio/selector_events.py, _write_to_self.

  Background:
    Given a fresh event loop
    And the loop is running on its own thread and is idle

  @STALL-1 @INFO @profile-debug-off
  Rule: A plain call_soon from another thread does not wake an idle loop
    Claims: C-17, C-20, C-27

    Scenario: A callback added with call_soon from another thread waits until something wakes the loop
      When callback "plain" is scheduled with call_soon from another thread
      Then callback "plain" does not run within the stall bound

  @STALL-2 @MUST
  Rule: call_soon_threadsafe from another thread wakes an idle loop
    Claims: C-21, C-23, C-30

    Scenario: A callback added with call_soon_threadsafe runs promptly
      When callback "safe" is scheduled with call_soon_threadsafe from another thread
      Then callback "safe" runs within the wake-up bound

  @STALL-3 @MUST @profile-debug-off
  Rule: A no-op call_soon_threadsafe after a plain call_soon gets the stalled callback run
    Claims: C-25, C-28

    Scenario: The documented fix unblocks a stalled callback
      When callback "plain" is scheduled with call_soon from another thread
      And callback "poke" is scheduled with call_soon_threadsafe from another thread
      Then callback "plain" runs within the wake-up bound

  @STALL-4 @SHOULD @profile-debug-mode
  Rule: In debug mode, a plain call_soon from another thread raises RuntimeError instead of stalling
    Claims: C-27

    Scenario: The non-thread-safe call is refused
      When callback "plain" is scheduled with call_soon from another thread, which may refuse it
      Then it is refused with an error of type RuntimeError
