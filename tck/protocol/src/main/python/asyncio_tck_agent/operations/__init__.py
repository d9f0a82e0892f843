"""The closed vocabulary of docs/protocol.md: one class per ``op``; ``parse`` checks the fields, ``perform`` does it."""

from .asyncgens import (AdvanceAsyncGenerator, AsyncgenHooks, CreateAsyncGenerator, DropAsyncGenerator,
                        SetAsyncgenHooks, ShutdownAsyncgens)
from .callbacks import Note, Raise, RaiseBaseException, Recorded
from .clock import CreateSleepingTask, Spend
from .contexts import ContextValue, CopyContext, CreateTwoStepTask, HandleContext, SetContextValue
from .executors import (ExecutorSubmissions, OnLoopThread, RunInExecutor, SetDefaultExecutor,
                        ShutdownDefaultExecutor)
from .fields import OPERATIONS, operations_in, parse_operation
from .futures import (AddDoneCallback, CancelFuture, CreateFuture, FutureCancelled, FutureDone, FutureException,
                      FutureResult, RemoveDoneCallback, SetException, SetResult, SetStopIteration)
from .handlers import (CallExceptionHandler, GetExceptionHandler, ReportedContexts, ReportedErrors,
                       SetExceptionHandler)
from .handles import (CallAt, CallbackFreed, CallLater, CallSoon, CallSoonThreadsafe, CancelHandle, HandleCancelled,
                      HandleHoldsCallback, HandleWhen, LoopTime, RemoveFromReadyQueue)
from .runs import (Close, IsClosed, IsRunning, ReadyQueueLength, RunCoroutineUntilComplete, RunForever, RunOnce,
                   RunUntilComplete, SelectTimeout, Stop)
from .runners import RunUnderRunner
from .sockets import AddReadyReader, AddReader, AddWriter, MakeReadable, RemoveReader, RemoveWriter, SocketPair
from .tasks import (CancelTask, CreateScriptedTask, CreateTask, CreateUninitialisedTask, CurrentTask, EnterTask,
                    LeaveTask, SwapCurrentTask, TaskCoroutine, TaskDone, TaskName)
from .threads import RunOnceOnAnotherThread, StartLoopThread, StopLoopThread, WaitFor

__all__ = ["OPERATIONS", "operations_in", "parse_operation"]

OPERATIONS.update({cls.op: cls for cls in (
    CallSoon, CallSoonThreadsafe, CallLater, CallAt, Raise, CancelHandle, HandleCancelled, HandleHoldsCallback, CallbackFreed,
    RemoveFromReadyQueue, Stop, RunOnce, RunForever, RunUntilComplete, ReadyQueueLength, SelectTimeout, Recorded, Note,
    CreateFuture, AddDoneCallback, SetResult, SetException, CancelFuture, FutureDone, FutureCancelled, CreateTask, CreateUninitialisedTask, TaskDone,
    TaskName, TaskCoroutine, CurrentTask, EnterTask, LeaveTask, SwapCurrentTask, StartLoopThread, StopLoopThread, RunOnceOnAnotherThread, WaitFor,
    ReportedErrors, AddReadyReader,
    RemoveDoneCallback, FutureResult, FutureException, SetStopIteration, HandleWhen, LoopTime, RaiseBaseException,
    ReportedContexts, SetExceptionHandler, GetExceptionHandler, CallExceptionHandler,
    IsRunning, IsClosed, Close, RunCoroutineUntilComplete, CancelTask, CreateScriptedTask, SocketPair, MakeReadable,
    AddReader, RemoveReader, AddWriter, RemoveWriter,
    SetAsyncgenHooks, AsyncgenHooks, CreateAsyncGenerator, AdvanceAsyncGenerator, DropAsyncGenerator,
    ShutdownAsyncgens,
    Spend, CreateSleepingTask,
    SetContextValue, ContextValue, CopyContext, HandleContext, CreateTwoStepTask,
    RunUnderRunner,
    RunInExecutor, OnLoopThread, SetDefaultExecutor, ExecutorSubmissions, ShutdownDefaultExecutor,
)})
