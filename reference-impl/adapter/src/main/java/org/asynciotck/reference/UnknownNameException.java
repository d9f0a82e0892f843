package org.asynciotck.reference;

/** The kit referred to a handle, future or task it never named: the kit's mistake, not the loop's. */
final class UnknownNameException extends IllegalArgumentException {

    UnknownNameException(String message) {
        super(message);
    }
}
