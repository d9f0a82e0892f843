package org.asynciotck.steps;

import org.asynciotck.spi.Operation.BaseErrorType;

/** The names of the BaseExceptions that are not Exceptions, as the features write them (EXC-2). */
final class BaseErrors {

    private BaseErrors() {}

    static BaseErrorType named(String name) {
        return switch (name) {
            case "KeyboardInterrupt" -> BaseErrorType.KEYBOARD_INTERRUPT;
            case "SystemExit" -> BaseErrorType.SYSTEM_EXIT;
            default -> throw new IllegalArgumentException("kit defect: unknown BaseException [" + name
                    + "]; use KeyboardInterrupt or SystemExit");
        };
    }
}
