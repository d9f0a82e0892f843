"""``--variant``: CPython's C Task/Future classes or the pure-Python ones."""

import asyncio
import asyncio.futures
import asyncio.tasks

from .protocol import diagnose


class Variant:
    """Which Task/Future classes the loop uses: CPython's C ones (``c``) or the pure-Python ones (``py``)."""

    def __init__(self, name, task_class, future_class):
        self.name = name
        self.task_class = task_class
        self.future_class = future_class

    @staticmethod
    def named(name):
        if name == "c":
            return Variant("c", asyncio.Task, asyncio.Future)
        py_task = getattr(asyncio.tasks, "_PyTask", None)
        py_future = getattr(asyncio.futures, "_PyFuture", None)
        if py_task is None or py_future is None:
            raise RuntimeError("this Python has no asyncio.tasks._PyTask / asyncio.futures._PyFuture")
        # asyncio.Task(...) written anywhere in this process now builds the pure-Python task.
        asyncio.Task = asyncio.tasks.Task = py_task
        return Variant("py", py_task, py_future)

    def install(self, loop):
        """Makes ``loop`` create this variant's futures and tasks (nothing to do for ``c``)."""
        if self.name == "c":
            return
        future_class = self.future_class
        task_class = self.task_class
        try:
            loop.create_future = lambda: future_class(loop=loop)
        except AttributeError as e:
            diagnose("cannot make %s.create_future() return _PyFuture (%s); it keeps its own futures"
                     % (type(loop).__name__, e))

        eager = getattr(asyncio, "eager_task_factory", None)  # 3.12+
        if eager is not None and loop.get_task_factory() is eager:
            # The loop's task factory is asyncio.eager_task_factory (the profile eager-task-factory), which was
            # made with the C Task when asyncio was imported: the same factory over this variant's Task class.
            loop.set_task_factory(asyncio.create_eager_task_factory(task_class))
            return

        def task_factory(factory_loop, coro, **kwargs):
            return task_class(coro, loop=factory_loop, **kwargs)

        loop.set_task_factory(task_factory)

