Feature: Which thread runs a loop

  A program makes its event loop on the thread that runs it: asyncio.run() and
  asyncio.Runner make the loop and run it on the calling thread, and a thread
  that serves a loop for others makes it there too. asyncio documents that
  "an event loop runs in a thread (typically the main thread) and executes all
  callbacks and Tasks in its thread"; it does not promise that a loop made on
  one thread may be run on another. CPython's own loops allow it (run_forever
  takes the thread that calls it as the loop's thread, not the one that made
  it), but a loop built over a toolkit's event loop may bind to the thread that
  made it (a Qt-based loop does; gevent's hub is per thread), and refuse.

  So the kit runs every loop on the thread that made it, the loop on its own
  thread of the cross-thread rules included, and only this rule runs a loop on
  another thread. It is INFO: a loop that refuses is not broken, the kit
  reports what it does without judging it. Its iteration on the other thread
  is driven like every other one (stop() before run_forever(), or the
  fallback the run chose where that is broken), so only the thread differs.

  Source: asyncio documentation, "Developing with asyncio", Concurrency and
  Multithreading; CPython Lib/asyncio/base_events.py, BaseEventLoop.__init__
  (_thread_id = None) and _run_forever_setup (_thread_id = threading.get_ident()).

  Background:
    Given a fresh event loop

  @THREAD-1 @INFO
  Rule: A loop made on one thread runs on another
    Beyond the claims: asyncio docs, "Developing with asyncio", Concurrency and Multithreading ("An event loop runs in a thread (typically the main thread) and executes all callbacks and Tasks in its thread"), which does not promise that a loop moves between threads; CPython base_events.py, _run_forever_setup takes the running thread as the loop's

    Scenario: One iteration on another thread runs the callbacks already queued
      Given callback "a" is scheduled with call_soon
      When the loop runs one iteration on a thread other than the one that made it
      Then exactly the callbacks "a" ran in iteration 1, in any order
