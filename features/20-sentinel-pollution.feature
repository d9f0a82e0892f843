Feature: Sentinel tasks and the ready queue

  A "sentinel" task wraps a coroutine that does nothing (async def s(): pass).
  Without eager start, every sentinel task still queues one __step handle, and
  each of those steps enters and leaves its task when it runs: N sentinels add N
  handles to the ready queue and N task switches to the next iteration, which
  multiplies the chances of the enter-task collision (COLLIDE-1). With eager
  start on a running loop (3.12+), a sentinel completes inside its constructor
  and adds nothing.

  Source: the claims of "Dominant collision source: sentinel __step" (docs/claims.md);
  CPython Lib/asyncio/tasks.py, Task.__init__ and Task.__eager_start.

  Background:
    Given a fresh event loop

  @SENTINEL-1 @MUST
  Rule: N sentinel tasks without eager start add N steps, all run by the next iteration
    Claims: C-83, C-84

    @needs-ready-queue
    Scenario: Fifty sentinel tasks add fifty handles to the ready queue
      When 50 sentinel tasks are created with the Task constructor
      Then the ready queue holds 50 handles

    Scenario: Fifty sentinel tasks all run their step in the next iteration
      When 50 sentinel tasks are created with the Task constructor
      Then no callback has run
      When the loop runs one iteration
      Then all 50 sentinel coroutines started and finished in iteration 1

  # A sentinel task made with eager start on a running loop runs to its end inside the call: EAGER-1's claim,
  # so a loop whose eager start does not start fails EAGER-1, and this rule is blocked by it.
  @SENTINEL-2 @MUST @since-3.12 @needs-eager-start @needs-EAGER-1
  Rule: Sentinel tasks created with eager start on a running loop add nothing to the ready queue
    Claims: C-58, C-60, C-64, C-86

    @needs-ready-queue
    Scenario: Fifty eager sentinel tasks leave the ready queue as it was
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | note the ready queue length as "before"      |
        | create 50 sentinel tasks with eager start    |
        | note the ready queue length as "after"       |
      When the loop runs one iteration
      Then notes "before" and "after" are equal

    Scenario: Fifty eager sentinel tasks are all done inside the callback that made them
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | create 50 sentinel tasks with eager start    |
      When the loop runs one iteration
      Then all 50 sentinel coroutines started and finished in iteration 1
