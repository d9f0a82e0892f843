package org.asynciotck.reference;

import org.asynciotck.spi.ImplementationProvider;
import org.asynciotck.spi.LoopImplementation;

/** The reference loop by its id, "reference", for runs that choose an implementation by name. */
public final class ReferenceProvider implements ImplementationProvider {

    @Override
    public String id() {
        return "reference";
    }

    @Override
    public LoopImplementation create() {
        return new ReferenceImplementation();
    }
}
