package org.asynciotck.spi;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who is being certified and what it declares about itself.
 *
 * @param id           stable identifier used in report paths and messages, e.g. {@code cpython-3.12.1-c}
 * @param name         human name, e.g. "CPython asyncio (C Task/Future)"
 * @param version      the implementation's own version
 * @param python       the Python version it runs on, or "" when not a Python loop
 * @param apiLevel     the asyncio API level it implements; gates version-specific rules
 * @param capabilities what it can be asked beyond the public API, see {@link Capability}; only known names
 * @param profiles     the design choices it declares, see {@link Profile}; stock asyncio unless declared
 * @param identity     who it is across releases: the key of its baseline entry, without its own version
 *                     (e.g. {@code cpython-3.12-c}, {@code uvloop-py3.11}), or what the user pinned with
 *                     {@code --id}; its version stays in {@code version}
 *
 * @since 0.1
 */
public record ImplementationInfo(
        String id, String name, String version, String python, ApiLevel apiLevel, Set<String> capabilities,
        Profiles profiles, String identity) {

    public ImplementationInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        python = python == null ? "" : python;
        Objects.requireNonNull(apiLevel, "apiLevel");
        capabilities = Set.copyOf(new TreeSet<>(Capability.requireKnown(capabilities)));
        Objects.requireNonNull(profiles, "profiles");
        identity = identity == null || identity.isBlank() ? id : identity;
    }

    /** An implementation whose identity is its id (an id that names no version, like {@code reference}). */
    public ImplementationInfo(
            String id, String name, String version, String python, ApiLevel apiLevel, Set<String> capabilities,
            Profiles profiles) {
        this(id, name, version, python, apiLevel, capabilities, profiles, id);
    }

    /** An implementation of stock asyncio's profiles. */
    public ImplementationInfo(
            String id, String name, String version, String python, ApiLevel apiLevel, Set<String> capabilities) {
        this(id, name, version, python, apiLevel, capabilities, Profiles.stock());
    }

    public boolean has(String capability) {
        return capabilities.contains(capability);
    }

    public boolean follows(Profile profile) {
        return profiles.follows(profile);
    }

    /** The same implementation with more declared profiles (e.g. the user's {@code --profile}). */
    public ImplementationInfo withProfiles(Profiles more) {
        return new ImplementationInfo(id, name, version, python, apiLevel, capabilities,
                profiles.with(more, apiLevel), identity);
    }

    /** The same implementation under an identity the user pinned ({@code --id}). */
    public ImplementationInfo withIdentity(String pinned) {
        return new ImplementationInfo(id, name, version, python, apiLevel, capabilities, profiles, pinned);
    }
}
