package org.asynciotck.cli;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.Profiles;

/**
 * The profiles a user declares with {@code --profile}: added to what the implementation
 * declares about itself, never replacing it, and refused when the two contradict each other.
 */
final class UserProfiles {

    /** The option's help; a constant, so the profile list is checked against {@code Profile} by a test. */
    static final String HELP = "a profile the loop follows by design (stock asyncio's by default); repeatable or "
            + "comma-separated; one of: deferred-dispatch, synchronous-dispatch, default-task-factory, "
            + "eager-task-factory, debug-off, debug-mode, no-nested-runs, nested-runs (docs/protocol.md, \"Profiles\")";

    private final List<String> names;

    private UserProfiles(List<String> names) {
        this.names = List.copyOf(names);
    }

    /**
     * The names given, split at commas, checked for unknown names and for two profiles of one group.
     *
     * @throws IllegalArgumentException naming the bad profile and listing the valid ones
     */
    static UserProfiles parse(List<String> given) {
        List<String> names = new ArrayList<>();
        for (String item : given == null ? List.<String>of() : given) {
            for (String name : item.split(",", -1)) {
                names.add(name.strip());
            }
        }
        try {
            Profiles.declared(names, ApiLevel.KNOWN.get(ApiLevel.KNOWN.size() - 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad --profile: " + e.getMessage());
        }
        return new UserProfiles(names);
    }

    /**
     * {@code implementation} with these profiles added to its own declaration.
     *
     * @throws IllegalArgumentException when they contradict its declaration or its API level
     */
    LoopImplementation applyTo(LoopImplementation implementation) {
        if (names.isEmpty()) {
            return implementation;
        }
        ImplementationInfo own = implementation.info();
        ImplementationInfo declared;
        try {
            declared = own.withProfiles(Profiles.declared(names, own.apiLevel()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad --profile for " + own.id() + ", which declares "
                    + own.profiles() + " at API level " + own.apiLevel() + ": " + e.getMessage());
        }
        return new Redeclared(implementation, declared);
    }
}
