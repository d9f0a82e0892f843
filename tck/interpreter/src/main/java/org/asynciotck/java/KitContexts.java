package org.asynciotck.java;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.asynciotck.java.AsyncioTypes.UnknownName;
import org.asynciotck.spi.ApiLevel;

/**
 * The contexts of one session (CTX-n): those the kit named, and the calls that take a {@code context=}. A call
 * without a context is the loop's plain call, so a loop without {@link JavaLoop#contexts()} is asked for
 * contexts only by the scenarios about them, which are then not applicable.
 */
final class KitContexts {

    /** create_task takes context= from 3.11 on. */
    private static final ApiLevel CREATE_TASK_CONTEXT_SINCE = ApiLevel.parse("3.11");
    /** Handle.get_context() exists from 3.12 on. */
    private static final ApiLevel GET_CONTEXT_SINCE = ApiLevel.parse("3.12");

    private final JavaLoop loop;
    private final ApiLevel apiLevel;
    /** The kit's name to the loop's context; callbacks on a loop thread name contexts too, hence synchronized. */
    /** In the order named, as the agent's dict: the earlier name of a context is the first it was given. */
    private final Map<String, Object> named = new LinkedHashMap<>();

    KitContexts(JavaLoop loop, ApiLevel apiLevel) {
        this.loop = loop;
        this.apiLevel = apiLevel;
    }

    void copy(String name) {
        Object context = contexts().copyContext();
        synchronized (named) {
            named.put(name, context);
        }
    }

    void set(String value) {
        contexts().setValue(value);
    }

    /** The kit's variable in the current context (name null) or in the named one. */
    String value(String name) {
        return name == null ? contexts().value() : contexts().valueIn(named(name));
    }

    JavaLoop.Handle callSoon(Runnable callback, String name) {
        return name == null ? loop.callSoon(callback) : contexts().callSoon(callback, named(name));
    }

    JavaLoop.Handle callSoonThreadsafe(Runnable callback, String name) {
        return name == null ? loop.callSoonThreadsafe(callback) : contexts().callSoonThreadsafe(callback, named(name));
    }

    JavaLoop.Handle callLater(double delay, Runnable callback, String name) {
        return name == null ? loop.callLater(delay, callback)
                : contexts().callAt(loop.time() + delay, callback, named(name)); // call_later is call_at(time() + delay)
    }

    JavaLoop.Handle callAt(double when, Runnable callback, String name) {
        return name == null ? loop.callAt(when, callback) : contexts().callAt(when, callback, named(name));
    }

    void addDoneCallback(JavaLoop.Future future, Consumer<JavaLoop.Future> callback, String name) {
        if (name == null) {
            future.addDoneCallback(callback);
        } else {
            contexts().addDoneCallback(future, callback, named(name));
        }
    }

    JavaLoop.Task createTask(JavaLoop.Coroutine coroutine, String task, String name) {
        if (name == null) {
            return loop.createTask(coroutine, task);
        }
        if (!apiLevel.atLeast(CREATE_TASK_CONTEXT_SINCE)) { // CPython 3.10's own words
            throw new LoopError("TypeError", "BaseEventLoop.create_task() got an unexpected keyword argument 'context'");
        }
        return contexts().createTask(coroutine, task, named(name));
    }

    /** Names the handle's get_context() {@code name}; the kit's earlier name of that same context, or null. */
    String handleContext(JavaLoop.Handle handle, String name) {
        if (!apiLevel.atLeast(GET_CONTEXT_SINCE)) {
            throw new LoopError("AttributeError", "'Handle' object has no attribute 'get_context'");
        }
        Object context = contexts().contextOf(handle);
        synchronized (named) {
            String earlier = named.entrySet().stream().filter(entry -> entry.getValue() == context)
                    .map(Map.Entry::getKey).findFirst().orElse(null);
            named.put(name, context);
            return earlier;
        }
    }

    private Object named(String name) {
        synchronized (named) {
            Object context = named.get(name);
            if (context == null) {
                throw new UnknownName("no context named '" + name + "' in this session");
            }
            return context;
        }
    }

    private JavaLoop.Contexts contexts() {
        return loop.contexts().orElseThrow(() -> new JavaLoop.NotSupported("contexts"));
    }
}
