package org.asynciotck.spi;

/**
 * One thing a callback, coroutine or note recorded while the loop ran.
 *
 * @param label what was recorded: a callback's label, {@code <coroutine label>:start} /
 *              {@code :end}, a note's name, or {@code !error} for an operation that raised
 *              inside a callback
 * @param run   which kit-driven run it happened in: 0 = outside any run (e.g. inside
 *              {@code set_result} called by the kit), 1 = the first {@code run_once} or
 *              {@code run_forever} of the session, and so on
 * @param value the noted value (notes and {@code !error} only), else null
 *
 * @since 0.1
 */
public record Event(String label, int run, Object value) {

    public static Event of(String label, int run) {
        return new Event(label, run, null);
    }
}
