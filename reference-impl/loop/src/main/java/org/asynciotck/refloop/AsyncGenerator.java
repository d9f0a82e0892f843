package org.asynciotck.refloop;

/** An async generator as a loop sees one: all the loop ever does with it is close it. */
public interface AsyncGenerator {

    /** {@code agen.aclose()}: a coroutine that runs the generator's {@code finally} and raises what it raises. */
    Coroutine<?> aclose();
}
