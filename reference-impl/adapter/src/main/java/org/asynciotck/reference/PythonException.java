package org.asynciotck.reference;

/** An error the adapter raises itself where asyncio would raise a Python exception the loop has no class for. */
final class PythonException extends RuntimeException {

    private final String pythonType;

    PythonException(String pythonType, String message) {
        super(message);
        this.pythonType = pythonType;
    }

    /** The Python exception's type name, e.g. "AttributeError". */
    String pythonType() {
        return pythonType;
    }
}
