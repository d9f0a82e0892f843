package org.asynciotck.refloop;

/**
 * A call was given an argument of a type it does not take; asyncio raises {@code TypeError} here
 * ("executor must be ThreadPoolExecutor instance", EXEC-7).
 */
public class WrongTypeException extends IllegalArgumentException {

    public WrongTypeException(String message) {
        super(message);
    }
}
