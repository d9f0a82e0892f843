package org.asynciotck.reference;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.refloop.AsyncGenHookSlot;
import org.asynciotck.refloop.AsyncGenHooks;
import org.asynciotck.refloop.AsyncGenerator;
import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;

/**
 * The reference loop's async generators as the kit sees them ({@link JavaLoop.AsyncGenerators}): the kit's
 * hooks and generators wrapped once each into the loop library's, and back, so that what the kit installs
 * it gets back as itself, and the loop's set of generators holds one object per kit generator.
 */
final class AsyncGeneratorBridge implements JavaLoop.AsyncGenerators {

    private final EventLoop loop;
    private final Function<JavaLoop.Coroutine, Coroutine<Object>> toLoopCoroutine;
    private final Function<Future<?>, JavaLoop.Future> toKitFuture;
    private final Map<JavaLoop.AsyncGenerator, LoopSideGenerator> generators =
            Collections.synchronizedMap(new IdentityHashMap<>());

    AsyncGeneratorBridge(EventLoop loop, Function<JavaLoop.Coroutine, Coroutine<Object>> toLoopCoroutine,
            Function<Future<?>, JavaLoop.Future> toKitFuture) {
        this.loop = loop;
        this.toLoopCoroutine = toLoopCoroutine;
        this.toKitFuture = toKitFuture;
    }

    @Override
    public void setHooks(JavaLoop.AsyncGenHooks hooks) {
        AsyncGenHookSlot.set(hooks == null ? null : new LoopSideHooks(hooks));
    }

    @Override
    public JavaLoop.AsyncGenHooks hooks() {
        AsyncGenHooks installed = AsyncGenHookSlot.get();
        if (installed == null) {
            return null;
        }
        return installed instanceof LoopSideHooks kits ? kits.kit : new KitSideHooks(installed);
    }

    @Override
    public JavaLoop.Coroutine shutdownAsyncgens() {
        return new KitSideCoroutine(loop.shutdownAsyncgens());
    }

    private LoopSideGenerator loopSide(JavaLoop.AsyncGenerator generator) {
        return generators.computeIfAbsent(generator, LoopSideGenerator::new);
    }

    private static JavaLoop.AsyncGenerator kitSide(AsyncGenerator generator) {
        if (generator instanceof LoopSideGenerator wrapped) {
            return wrapped.kit;
        }
        throw new IllegalArgumentException("not an async generator of the kit: " + generator);
    }

    /** The kit's hooks (a program's) in the loop library's slot. */
    private static final class LoopSideHooks implements AsyncGenHooks {
        final JavaLoop.AsyncGenHooks kit;

        LoopSideHooks(JavaLoop.AsyncGenHooks kit) {
            this.kit = kit;
        }

        @Override
        public void firstIter(AsyncGenerator generator) {
            kit.firstIter(kitSide(generator));
        }

        @Override
        public void finalize(AsyncGenerator generator) {
            kit.finalize(kitSide(generator));
        }
    }

    /** The loop's hooks as the kit's generators call them. */
    private final class KitSideHooks implements JavaLoop.AsyncGenHooks {
        private final AsyncGenHooks loopHooks;

        KitSideHooks(AsyncGenHooks loopHooks) {
            this.loopHooks = loopHooks;
        }

        @Override
        public void firstIter(JavaLoop.AsyncGenerator generator) {
            loopHooks.firstIter(loopSide(generator));
        }

        @Override
        public void finalize(JavaLoop.AsyncGenerator generator) {
            LoopSideGenerator known = generators.remove(generator); // the loop's set holds this one
            loopHooks.finalize(known != null ? known : new LoopSideGenerator(generator));
        }
    }

    /** The kit's generator as the loop closes it. */
    private final class LoopSideGenerator implements AsyncGenerator {
        final JavaLoop.AsyncGenerator kit;

        LoopSideGenerator(JavaLoop.AsyncGenerator kit) {
            this.kit = kit;
        }

        @Override
        public Coroutine<?> aclose() {
            return toLoopCoroutine.apply(kit.aclose());
        }

        @Override
        public String toString() {
            return kit.toString();
        }
    }

    /** The loop's coroutine (shutdown_asyncgens) in the kit's shape, which the kit runs until complete. */
    private final class KitSideCoroutine implements JavaLoop.Coroutine {
        private final Coroutine<?> loopCoroutine;

        KitSideCoroutine(Coroutine<?> loopCoroutine) {
            this.loopCoroutine = loopCoroutine;
        }

        @Override
        public Step send(Object value) {
            return step(loopCoroutine.send(value));
        }

        @Override
        public Step throwInto(RuntimeException error) {
            return step(loopCoroutine.throwInto(error));
        }

        private Step step(Coroutine.Step<?> step) {
            if (step instanceof Coroutine.Yield<?> yielded) {
                return new Await(toKitFuture.apply(yielded.future()));
            }
            return new Return(((Coroutine.Return<?>) step).value());
        }
    }
}
