package org.asynciotck.refloop;

import java.util.Objects;

/**
 * Python's {@code contextvars.ContextVar}: a variable whose value is per {@link Context}. Identity is the
 * variable: two variables of one name are two variables.
 */
public final class ContextVar<T> {

    private final String name;
    private final Class<T> type;

    public ContextVar(String name, Class<T> type) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
    }

    /** CPython {@code var.get(None)}: the value in the current context, or null when it has none. */
    public T get() {
        return Context.current().get(this);
    }

    /** CPython {@code var.set(value)}: in the current context only. */
    public void set(T value) {
        Context.current().set(this, value);
    }

    Class<T> type() {
        return type;
    }

    @Override
    public String toString() {
        return "<ContextVar name='" + name + "'>";
    }
}
