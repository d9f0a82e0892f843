package org.asynciotck.java;

/**
 * {@code await asyncio.sleep(delay)}, then the kit's {@code then} (docs/protocol.md, {@code create_sleeping_task}),
 * as CPython's {@code tasks.sleep} does it over a loop: a future that a {@code call_later(delay)} timer completes,
 * and the timer cancelled when the wait ends early ({@code finally: h.cancel()}), so a cancelled sleep leaves no
 * timer behind. A delay of 0 or less waits for no timer ({@code __sleep0}: one step later).
 */
final class SleepingCoroutine implements JavaLoop.Coroutine {

    private final JavaLoop loop;
    private final double delay;
    private final Runnable then;
    /** The sleep's timer while the coroutine sleeps on it; null before the first step and for a delay of 0 or less. */
    private JavaLoop.TimerHandle timer;
    private boolean asleep;

    SleepingCoroutine(JavaLoop loop, double delay, Runnable then) {
        this.loop = loop;
        this.delay = delay;
        this.then = then;
    }

    @Override
    public Step send(Object value) {
        if (!asleep) {
            asleep = true;
            JavaLoop.Future woken = loop.createFuture();
            if (delay > 0) {
                timer = loop.callLater(delay, () -> {
                    if (!woken.done()) { // futures._set_result_unless_cancelled
                        woken.setResult(null);
                    }
                });
            } else {
                woken.setResult(null);
            }
            return new Await(woken);
        }
        then.run();
        return new Return(null);
    }

    @Override
    public Step throwInto(RuntimeException error) {
        if (timer != null) {
            timer.cancel();
        }
        throw error;
    }
}
