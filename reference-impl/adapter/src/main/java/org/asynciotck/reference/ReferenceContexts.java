package org.asynciotck.reference;

import java.util.function.Consumer;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.refloop.Context;
import org.asynciotck.refloop.ContextVar;
import org.asynciotck.refloop.EventLoop;

/**
 * The reference loop's contexts ({@link Context}) as the kit asks for them, with the kit's context variable: one
 * per loop, so a value one scenario sets is never another's.
 */
final class ReferenceContexts implements JavaLoop.Contexts {

    private final ContextVar<String> variable = new ContextVar<>("asyncio_tck_value", String.class);
    private final EventLoop loop;
    private final ReferenceJavaLoop adapter;

    ReferenceContexts(EventLoop loop, ReferenceJavaLoop adapter) {
        this.loop = loop;
        this.adapter = adapter;
    }

    @Override
    public Object copyContext() {
        return Context.copyCurrent();
    }

    @Override
    public void setValue(String value) {
        variable.set(value);
    }

    @Override
    public String value() {
        return variable.get();
    }

    @Override
    public String valueIn(Object context) {
        return context(context).get(variable);
    }

    @Override
    public JavaLoop.Handle callSoon(Runnable callback, Object context) {
        return new ReferenceJavaLoop.RefHandle(loop.callSoon(ReferenceJavaLoop.bridged(callback), context(context)));
    }

    @Override
    public JavaLoop.Handle callSoonThreadsafe(Runnable callback, Object context) {
        return new ReferenceJavaLoop.RefHandle(
                loop.callSoonThreadsafe(ReferenceJavaLoop.bridged(callback), context(context)));
    }

    @Override
    public JavaLoop.TimerHandle callAt(double when, Runnable callback, Object context) {
        return new ReferenceJavaLoop.RefTimer(loop.callAt(when, ReferenceJavaLoop.bridged(callback), context(context)));
    }

    @Override
    public void addDoneCallback(JavaLoop.Future future, Consumer<JavaLoop.Future> callback, Object context) {
        ReferenceJavaLoop.unwrap(future).addDoneCallback(adapter.doneCallback(callback), context(context));
    }

    @Override
    public JavaLoop.Task createTask(JavaLoop.Coroutine coroutine, String name, Object context) {
        return adapter.createTask(coroutine, name, context(context));
    }

    @Override
    public Object contextOf(JavaLoop.Handle handle) {
        if (!(handle instanceof ReferenceJavaLoop.RefHandle ref)) {
            throw new IllegalArgumentException("not a handle of the reference loop: " + handle);
        }
        return ref.handle.getContext();
    }

    private static Context context(Object context) {
        if (!(context instanceof Context ours)) {
            throw new IllegalArgumentException("not a context of the reference loop: " + context);
        }
        return ours;
    }
}
