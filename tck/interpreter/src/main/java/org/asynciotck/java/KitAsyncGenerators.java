package org.asynciotck.java;

import java.util.HashMap;
import java.util.Map;
import org.asynciotck.java.AsyncioTypes.UnknownName;
import org.asynciotck.spi.Operation;

/** The session's async generators by kit name, and the program's own hooks ({@code set_asyncgen_hooks}). */
final class KitAsyncGenerators {

    /** The program's hooks: they do nothing, and {@link #kindOf} knows them by identity. */
    private final JavaLoop.AsyncGenHooks programHooks = new JavaLoop.AsyncGenHooks() {
        @Override
        public void firstIter(JavaLoop.AsyncGenerator generator) {}

        @Override
        public void finalize(JavaLoop.AsyncGenerator generator) {}

        @Override
        public String toString() {
            return "the program's async generator hooks";
        }
    };
    private final Map<String, KitAsyncGenerator> named = new HashMap<>();

    JavaLoop.AsyncGenHooks hooksOf(Operation.AsyncgenHooksKind kind) {
        return kind == Operation.AsyncgenHooksKind.PROGRAM ? programHooks : null;
    }

    /** What {@code asyncgen_hooks} answers: "program", "none", or "other" (the loop's, while it runs). */
    String kindOf(JavaLoop.AsyncGenHooks hooks) {
        if (hooks == null) {
            return "none";
        }
        return hooks == programHooks ? "program" : "other";
    }

    void create(String name, KitAsyncGenerator generator) {
        if (named.putIfAbsent(name, generator) != null) {
            throw new UnknownName("an async generator named '" + name + "' exists already");
        }
    }

    KitAsyncGenerator named(String name) {
        KitAsyncGenerator generator = named.get(name);
        if (generator == null) {
            throw new UnknownName("no async generator named '" + name + "' in this session");
        }
        return generator;
    }

    /** {@code drop_async_generator}: the kit forgets it, and lets it go as a collected generator. */
    void drop(String name) {
        named(name);
        named.remove(name).letGo();
    }
}
