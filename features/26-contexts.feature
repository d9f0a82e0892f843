Feature: Callbacks and tasks run in their context

  A context variable (contextvars) holds one value per context, and asyncio
  promises that whatever the loop calls runs in a known context: a callback in
  the context= it was given, or else in a copy of the context current when it
  was scheduled; a reader or a writer in a copy of the context current at
  add_reader() or add_writer(); a done callback in its context= or a copy of
  the context at add_done_callback(); every step of a task in the task's own
  context. So a value set before scheduling is what the callback sees, and a
  value a callback sets stays in its context: the code that scheduled it and
  callbacks in other contexts never see it. Libraries lean on this for
  request-scoped state (a request id, a database session, a decimal context)
  that must not leak from one callback or task into another.

  The kit owns one context variable per scenario, so nothing leaks between
  scenarios; "the context variable here" is its value in the context the
  kit's own steps run in, outside any callback. A context "named" by the kit
  is a copy of the context current at that step (contextvars.copy_context()).

  Source: the asyncio documentation of the event loop ("Scheduling callbacks":
  "An optional keyword-only context argument allows specifying a custom
  contextvars.Context for the callback to run in. The current context is used
  when no context is provided"), of Future.add_done_callback and of
  loop.create_task; the contextvars documentation ("asyncio support");
  CPython Lib/asyncio/events.py, Handle.__init__ (context None:
  contextvars.copy_context()) and Handle._run (self._context.run(self._callback,
  *self._args)); Lib/asyncio/base_events.py, call_soon, call_later, call_at,
  call_soon_threadsafe; Lib/asyncio/selector_events.py, _add_reader and
  _add_writer (events.Handle(callback, args, self, None)); Lib/asyncio/futures.py,
  Future.add_done_callback and __schedule_callbacks; Lib/asyncio/tasks.py,
  Task.__init__ (self._context) and __step.

  Background:
    Given a fresh event loop

  @CTX-1 @MUST
  Rule: A callback scheduled without a context runs in a copy of the context current when it was scheduled
    Beyond the claims: asyncio docs, "Scheduling callbacks" ("The current context is used when no context is provided"); CPython events.py, Handle.__init__ (self._context = contextvars.copy_context()) and Handle._run

    The value is set again after the callback is scheduled: a loop that runs
    the callback in the live context of the code that scheduled it, or copies
    it only when the callback runs, shows the later value.

    Scenario Outline: A callback scheduled with <scheduler> sees the value set before it was scheduled, not one set after
      Given the context variable is set to "before"
      And callback "cb" is scheduled with <scheduler>, already due, and, when it runs, does:
        | note the context variable as "seen" |
      And the context variable is set to "after"
      When the loop runs one iteration
      Then note "seen" is "before"

      Examples: the ready queue
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |

      # A timer "already due" is made with a delay of 0 (TIMER-4), and a due timer runs in the first
      # iteration (NTODO-1).
      @needs-TIMER-4 @needs-NTODO-1
      Examples: a timer due at once
        | scheduler  |
        | call_later |
        | call_at    |

  @CTX-2 @MUST
  Rule: A callback scheduled with context= runs in that context: it sees the context's values, and what it sets stays in it
    Beyond the claims: asyncio docs, "Scheduling callbacks" ("allows specifying a custom contextvars.Context for the callback to run in"); CPython events.py, Handle._run (self._context.run); contextvars docs, Context.run ("Any changes to any context variables that callable makes will be contained in the context object")

    Scenario Outline: A callback scheduled with <scheduler> and a context sees that context's value, not the scheduler's
      Given the context variable is set to "in the context"
      And a copy of the current context named "ctx"
      And the context variable is set to "outside"
      And callback "cb" is scheduled with <scheduler> in context "ctx", already due, and, when it runs, does:
        | note the context variable as "seen" |
      When the loop runs one iteration
      Then note "seen" is "in the context"

      Examples: the ready queue
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |

      @needs-TIMER-4 @needs-NTODO-1
      Examples: a timer due at once
        | scheduler  |
        | call_later |
        | call_at    |

    Scenario Outline: What a callback scheduled with <scheduler> and a context sets is in that context afterwards
      Given a copy of the current context named "ctx"
      And callback "cb" is scheduled with <scheduler> in context "ctx", already due, and, when it runs, does:
        | set the context variable to "written" |
      When the loop runs one iteration
      Then the callbacks ran in the order "cb"
      And the context variable in context "ctx" is "written"

      Examples: the ready queue
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |

      @needs-TIMER-4 @needs-NTODO-1
      Examples: a timer due at once
        | scheduler  |
        | call_later |
        | call_at    |

  @CTX-3 @MUST
  Rule: What a callback sets in its context is not seen by callbacks in other contexts, nor by the code that scheduled it
    Beyond the claims: asyncio docs, "Scheduling callbacks"; contextvars docs, "asyncio support" ("each task has its own context"; a callback runs in its own copy); CPython events.py, Handle.__init__ (a copy per handle)

    Each callback scheduled without a context has its own copy (CTX-1): two
    callbacks scheduled one after the other from the same context do not share
    one copy, so the first one's change is not the second one's.

    # "b" must run after "a" for the claim to mean anything: the ready queue is first in, first out (NTODO-3).
    @needs-CTX-1 @needs-NTODO-3
    Scenario: A callback does not see what a callback scheduled before it set
      Given the context variable is set to "start"
      And callback "a" is scheduled with call_soon, already due, and, when it runs, does:
        | set the context variable to "set by a" |
      And callback "b" is scheduled with call_soon, already due, and, when it runs, does:
        | note the context variable as "seen by b" |
      When the loop runs one iteration
      Then the callbacks ran in the order "a", "b"
      And note "seen by b" is "start"

    @needs-CTX-1
    Scenario: The code that scheduled a callback does not see what the callback set
      Given the context variable is set to "start"
      And callback "a" is scheduled with call_soon, already due, and, when it runs, does:
        | set the context variable to "set by a" |
      When the loop runs one iteration
      Then the callbacks ran in the order "a"
      And the context variable here is "start"

    @needs-CTX-2 @needs-NTODO-3
    Scenario: A callback in one context does not see what a callback in another context set
      Given the context variable is set to "start"
      And a copy of the current context named "one"
      And a copy of the current context named "two"
      And callback "a" is scheduled with call_soon in context "one", already due, and, when it runs, does:
        | set the context variable to "set by a" |
      And callback "b" is scheduled with call_soon in context "two", already due, and, when it runs, does:
        | note the context variable as "seen by b" |
      When the loop runs one iteration
      Then the callbacks ran in the order "a", "b"
      And note "seen by b" is "start"
      And the context variable in context "two" is "start"

  # A future schedules its done callbacks with call_soon(callback, self, context=ctx) (CPython
  # futures.py, __schedule_callbacks), so this rule leans on CTX-2.
  @CTX-4 @MUST @needs-CTX-2
  Rule: A done callback runs in the context= it was added with, or else in a copy of the context current at add_done_callback()
    Beyond the claims: asyncio docs, Future.add_done_callback ("An optional keyword-only context argument allows specifying a custom contextvars.Context for the callback to run in. The current context is used when no context is provided"); CPython futures.py, Future.add_done_callback (context = contextvars.copy_context()) and __schedule_callbacks (call_soon(callback, self, context=ctx))

    The future is completed by a callback that set a value of its own: a loop
    or a future that runs done callbacks in the context of whoever completes
    the future shows that value.

    Scenario: A done callback added without a context sees the value at add_done_callback(), not the completer's
      Given a future "f" made by the loop
      And the context variable is set to "at add"
      And callback "done" is added as a done callback of future "f" and, when it runs, does:
        | note the context variable as "seen" |
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the context variable to "set by the setter" |
        | set the result of future "f" to 1               |
      And the context variable is set to "after"
      When the loop runs one iteration
      And the loop runs one iteration
      Then the callbacks ran in the order "setter", "done"
      And note "seen" is "at add"

    Scenario: A done callback added with a context runs in it
      Given a future "f" made by the loop
      And the context variable is set to "in the context"
      And a copy of the current context named "ctx"
      And the context variable is set to "outside"
      And callback "done" is added as a done callback of future "f" in context "ctx" and, when it runs, does:
        | note the context variable as "seen"   |
        | set the context variable to "written" |
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the context variable to "set by the setter" |
        | set the result of future "f" to 1               |
      When the loop runs one iteration
      And the loop runs one iteration
      Then the callbacks ran in the order "setter", "done"
      And note "seen" is "in the context"
      And the context variable in context "ctx" is "written"

    # The task must run its coroutine in the first iteration (TASK-2) for its done callback to run in the second.
    @needs-TASK-2
    Scenario: A done callback of a task sees the value at add_done_callback(), not the task's
      Given the context variable is set to "at add"
      And task "t" is created with loop.create_task and, when its coroutine runs, does:
        | set the context variable to "set by the task" |
      And callback "done" is added as a done callback of future "t" and, when it runs, does:
        | note the context variable as "seen" |
      When the loop runs one iteration
      And the loop runs one iteration
      Then the callbacks ran in the order "t:start", "t:end", "done"
      And note "seen" is "at add"

  # A task's first step is queued with call_soon(step, context=task's context), and each later step
  # is its wake-up, a done callback added with context=task's context (CPython tasks.py, __init__ and
  # __step), so this rule leans on CTX-2 and CTX-4; its scenarios run one iteration for the task to reach
  # its await, so the first step must wait for that iteration (TASK-2).
  @CTX-5 @MUST @needs-CTX-2 @needs-CTX-4 @needs-TASK-2
  Rule: Every step of a task runs in the task's context, a copy of the context current when the task was made, or the context= given to create_task()
    Beyond the claims: asyncio docs, loop.create_task ("An optional keyword-only context argument allows specifying a custom contextvars.Context for the coro to run in. The current context copy is created when no context is provided"; "Changed in version 3.11: Added the context parameter"); contextvars docs, "asyncio support"; CPython tasks.py, Task.__init__ (self._context) and __step, __wakeup (call_soon(self.__step, context=self._context))

    Scenario: A value a task sets before an await is still its value after the await
      Given a future "f" made by the loop
      And the context variable is set to "at creation"
      And task "t" is created with loop.create_task, awaiting future "f", and does:
        | in its first step | set the context variable to "set by t"     |
        | after the await   | note the context variable as "after the await" |
      And the context variable is set to "after"
      When the loop runs one iteration
      And the result of future "f" is set to 1
      And the loop runs one iteration
      And the loop runs one iteration
      Then the callbacks ran in the order "t:start", "t:end"
      And note "after the await" is "set by t"

    Scenario: A task's first step sees the value current when the task was made, and another task does not see what it set
      Given a future "f" made by the loop
      And the context variable is set to "at creation"
      And task "one" is created with loop.create_task, awaiting future "f", and does:
        | in its first step | note the context variable as "one saw"       |
        | in its first step | set the context variable to "set by one"     |
        | after the await   | note the context variable as "one saw later" |
      And task "two" is created with loop.create_task, awaiting future "f", and does:
        | in its first step | note the context variable as "two saw"       |
        | in its first step | set the context variable to "set by two"     |
        | after the await   | note the context variable as "two saw later" |
      And the context variable is set to "after"
      When the loop runs one iteration
      And the result of future "f" is set to 1
      And the loop runs one iteration
      And the loop runs one iteration
      Then note "one saw" is "at creation"
      And note "two saw" is "at creation"
      And note "one saw later" is "set by one"
      And note "two saw later" is "set by two"
      And the context variable here is "after"

    @since-3.11
    Scenario: A task made with create_task(context=) runs every step in that context
      Given a future "f" made by the loop
      And the context variable is set to "in the context"
      And a copy of the current context named "ctx"
      And the context variable is set to "outside"
      And task "t" is created with loop.create_task in context "ctx", awaiting future "f", and does:
        | in its first step | note the context variable as "first step saw"  |
        | in its first step | set the context variable to "set by t"         |
        | after the await   | note the context variable as "second step saw" |
      When the loop runs one iteration
      And the result of future "f" is set to 1
      And the loop runs one iteration
      And the loop runs one iteration
      Then note "first step saw" is "in the context"
      And note "second step saw" is "set by t"
      And the context variable in context "ctx" is "set by t"
      And the context variable here is "outside"

  @CTX-6 @MUST
  Rule: Readers and writers run in a copy of the context current at add_reader() or add_writer()
    Beyond the claims: asyncio docs, loop.add_reader and loop.add_writer (callbacks like those of call_soon: "the current context is used"); CPython selector_events.py, _add_reader and _add_writer (events.Handle(callback, args, self, None), which copies the current context)

    @needs-IO-1
    Scenario: A reader sees the value set before add_reader(), not one set after
      Given a socket pair "s"
      And a byte waits on socket "s"
      And the context variable is set to "at add_reader"
      And reader "r" watches socket "s" and, when it runs, does:
        | note the context variable as "seen"   |
        | remove the reader of socket "s"       |
      And the context variable is set to "after"
      When the loop runs one iteration
      Then the callbacks ran in the order "r"
      And note "seen" is "at add_reader"

    @needs-IO-5
    Scenario: A writer sees the value set before add_writer(), not one set after
      Given a socket pair "s"
      And the context variable is set to "at add_writer"
      And writer "w" watches socket "s" and, when it runs, does:
        | note the context variable as "seen" |
        | remove the writer of socket "s"     |
      And the context variable is set to "after"
      When the loop runs one iteration
      Then the callbacks ran in the order "w"
      And note "seen" is "at add_writer"

  @CTX-7 @MUST @since-3.12
  Rule: A handle's get_context() returns the context its callback runs in
    Beyond the claims: asyncio docs, Handle.get_context ("Return the contextvars.Context object associated with the handle. New in version 3.12"); CPython events.py, Handle.get_context

    # Whether the callback runs in the context it was given is CTX-2's claim; that the scheduling call
    # returns the handle of the callback, HANDLE-1's scenarios need too.
    @needs-CTX-2 @needs-HANDLE-1
    Scenario Outline: The handle of a callback scheduled with <scheduler> and a context returns that context
      Given a copy of the current context named "ctx"
      And callback "cb" is scheduled with <scheduler> in context "ctx" as handle "h", already due
      Then the context of handle "h" is context "ctx"

      Examples:
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |
        | call_later           |
        | call_at              |

    # Whether the callback runs in a copy of the context at scheduling is CTX-1's claim.
    @needs-CTX-1 @needs-HANDLE-1
    Scenario Outline: The handle of a callback scheduled with <scheduler> without a context returns a copy of the context current at scheduling
      Given the context variable is set to "before"
      And callback "cb" is scheduled with <scheduler> as handle "h", already due
      And the context variable is set to "after"
      Then the context of handle "h" holds the value "before"

      Examples:
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |
        | call_later           |
        | call_at              |
