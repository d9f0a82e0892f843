Feature: Watching file descriptors: reader and writer callbacks

  asyncio's documentation of add_reader(fd, callback, *args): "Start monitoring
  the fd file descriptor for read availability and invoke callback with the
  specified arguments once fd is available for reading." Of remove_reader(fd):
  "Stop monitoring the fd file descriptor for read availability. Returns True if
  fd was previously being monitored for reads." And the same of add_writer and
  remove_writer for write availability.

  The scenarios watch one end of a socket pair; the other end sends a byte to
  make it readable, and nothing ever reads it, so it stays readable. A socket
  with room in its send buffer is writable. Where within an iteration the
  reader runs relative to due timers is ORDER-1's business (INFO: libuv-based
  loops run timers first); these rules only say in which iteration.

  Source: CPython Lib/asyncio/selector_events.py, BaseSelectorEventLoop._add_reader,
  _remove_reader, _add_writer, _remove_writer, _process_events; base_events.py,
  BaseEventLoop._run_once.

  Background:
    Given a fresh event loop
    And a socket pair "s"

  @IO-1 @MUST
  Rule: A reader runs in the iteration whose poll finds its descriptor readable, and not before
    Beyond the claims: asyncio docs, loop.add_reader ("invoke callback ... once fd is available for reading"); CPython selector_events.py, _add_reader, _process_events

    Scenario: A reader of a readable socket runs in the next iteration
      Given a byte waits on socket "s"
      And reader "r" watches socket "s"
      When the loop runs one iteration
      Then exactly the callbacks "r" ran in iteration 1, in any order

    # The timer's deadline is read with when(), which TIMER-1 checks.
    # It waits in a running loop for a timer, so the loop must wake for its earliest timer, which
    # TIMEOUT-2 checks.
    @needs-TIMER-1 @needs-TIMEOUT-2
    Scenario: A running loop runs the reader of a readable socket without first waiting for a timer that is not due
      Given a byte waits on socket "s"
      And reader "r" watches socket "s" and, when it runs, does:
        | note the loop's time as "reader" |
        | remove the reader of socket "s"  |
      And timer "t" is scheduled with call_later in 0.5 seconds and, when it runs, stops the loop
      When the loop runs until it is stopped
      Then note "reader" is earlier than the deadline of timer "t"

    Scenario: A reader of a socket with nothing to read does not run
      Given reader "r" watches socket "s"
      When the loop runs one iteration
      Then no callback has run

  @IO-2 @SHOULD
  Rule: A reader runs again in every iteration while its descriptor stays readable
    Beyond the claims: CPython selector_events.py, _process_events (level-triggered selectors: select, poll, epoll without EPOLLET, kqueue)

    Not documented: CPython's selectors are level-triggered (epoll without
    EPOLLET, kqueue, select), and so is libuv's poll; a reader that reads only
    part of the data relies on it.

    Scenario: A reader whose data is never read runs in each of two iterations
      Given a byte waits on socket "s"
      And reader "r" watches socket "s"
      When the loop runs one iteration
      And the loop runs one iteration
      Then exactly the callbacks "r" ran in iteration 1, in any order
      And exactly the callbacks "r" ran in iteration 2, in any order

  @IO-3 @MUST
  Rule: remove_reader() and remove_writer() return whether a callback was registered, and stop it
    Beyond the claims: asyncio docs, loop.remove_reader ("Returns True if fd was previously being monitored for reads") and loop.remove_writer; CPython selector_events.py, _remove_reader, _remove_writer

    uvloop 0.23.0 returns None from both (docs/errata.md, U-3).

    Scenario: remove_reader() of a watched socket returns True
      Given reader "r" watches socket "s"
      When the reader of socket "s" is removed
      Then it answers true

    Scenario: remove_reader() of a socket with no reader returns False
      When the reader of socket "s" is removed
      Then it answers false

    Scenario: remove_writer() of a watched socket returns True
      Given writer "w" watches socket "s"
      When the writer of socket "s" is removed
      Then it answers true

    Scenario: remove_writer() of a socket with no writer returns False
      When the writer of socket "s" is removed
      Then it answers false

    Scenario: A removed reader is not called, though its socket is readable
      Given a byte waits on socket "s"
      And reader "r" watches socket "s"
      And the reader of socket "s" is removed
      When the loop runs one iteration
      Then no callback has run

    Scenario: Of a reader and a writer that each remove the other, ready in the same poll, only the first to run is called
      Given a byte waits on socket "s"
      And reader "r" watches socket "s" and, when it runs, does:
        | remove the writer of socket "s" |
      And writer "w" watches socket "s" and, when it runs, does:
        | remove the reader of socket "s" |
      When the loop runs one iteration
      Then exactly one of the callbacks "r", "w" ran

  @IO-4 @SHOULD
  Rule: add_reader() for a descriptor that already has a reader replaces it
    Beyond the claims: CPython selector_events.py, _add_reader and _add_writer (modify the selector key and cancel the previous callback's handle)

    Not documented; CPython's _add_reader modifies the selector key and cancels
    the previous reader's handle, and uvloop does the same; add_writer() does
    the same for writers. The cancelling shows when the replaced callback was
    already queued by the same poll: it is skipped. Which of a reader and a
    writer ready in the same poll runs first is not promised, so the scenario
    has each replace the other; and when a replacement first runs differs
    (CPython from the next poll, uvloop in the same one), so it is not checked.

    Scenario: Only the second reader of a socket runs
      Given a byte waits on socket "s"
      And reader "first" watches socket "s"
      And reader "second" watches socket "s"
      When the loop runs one iteration
      Then exactly the callbacks "second" ran in iteration 1, in any order

    Scenario: Of a reader and a writer that each replace the other, ready in the same poll, only the first to run is called
      Given a byte waits on socket "s"
      And reader "r" watches socket "s" and, when it runs, does:
        | add writer "w2" watching socket "s" |
      And writer "w" watches socket "s" and, when it runs, does:
        | add reader "r2" watching socket "s" |
      When the loop runs one iteration
      Then exactly one of the callbacks "r", "w" ran

  @IO-5 @MUST
  Rule: A writer runs in each iteration while its descriptor is writable
    Beyond the claims: asyncio docs, loop.add_writer ("invoke callback ... once fd is available for writing"); CPython selector_events.py, _add_writer, _process_events

    Scenario: A writer of a socket with room to write runs in each of two iterations
      Given writer "w" watches socket "s"
      When the loop runs one iteration
      And the loop runs one iteration
      Then exactly the callbacks "w" ran in iteration 1, in any order
      And exactly the callbacks "w" ran in iteration 2, in any order
