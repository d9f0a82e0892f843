"""Faithful loops, the controls of the gallery (FaithfulLoopsTest).

Each factory changes how a loop is made or wraps what it does, and changes nothing a program
can observe: each must be judged exactly like stock asyncio on the same interpreter and
variant, scenario by scenario. A kit that failed one of these would be blaming a loop for
being built differently, not for behaving differently.

Standard library only, Python 3.10 to 3.13.
"""
import asyncio
import selectors

import broken_loops  # the written-out iteration of the gallery, without a defect (same folder)


class _DelegatingLoop(asyncio.SelectorEventLoop):
    """Overrides call_soon and call_at (what call_later goes through) and delegates both."""

    def call_soon(self, callback, *args, context=None):
        return super().call_soon(callback, *args, context=context)

    def call_at(self, when, callback, *args, context=None):
        return super().call_at(when, callback, *args, context=context)


class _InstrumentedLoop(asyncio.SelectorEventLoop):
    """Counts its iterations around the original _run_once, as profilers and test tools do."""

    iterations = 0

    def _run_once(self):
        self.iterations += 1
        super()._run_once()


class _Policy(asyncio.DefaultEventLoopPolicy):
    """A custom event loop policy whose loops are made by its own new_event_loop."""

    def new_event_loop(self):
        loop = super().new_event_loop()
        loop.made_by_policy = True
        return loop


def poll_selector():
    return asyncio.SelectorEventLoop(selectors.PollSelector())


def delegating_subclass():
    return _DelegatingLoop()


def plain_task_factory():
    loop = asyncio.new_event_loop()
    # asyncio.Task is the variant's Task class (the agent's --variant py makes it _PyTask)
    loop.set_task_factory(lambda factory_loop, coro, **kwargs: asyncio.Task(coro, loop=factory_loop, **kwargs))
    return loop


def custom_policy():
    asyncio.set_event_loop_policy(_Policy())
    return asyncio.new_event_loop()


def instrumented_run_once():
    return _InstrumentedLoop()


def hand_written_iteration():
    return broken_loops.hand_written()
