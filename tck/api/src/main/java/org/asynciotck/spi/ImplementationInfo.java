package org.asynciotck.spi;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
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
 * @param capabilityNotes why a capability is absent, by name (e.g. "call_soon did not put its handle in
 *                     loop._ready"), for the not-applicable messages of the rules that need it; only known
 *                     names, never one of {@code capabilities}; text from the implementation, each cut to
 *                     {@value #MAX_NOTE} characters and escaped wherever it is shown, like every such text
 *
 * @since 0.1
 */
public record ImplementationInfo(
        String id, String name, String version, String python, ApiLevel apiLevel, Set<String> capabilities,
        Profiles profiles, String identity, Map<String, String> capabilityNotes) {

    /** The longest note kept: it is quoted in every not-applicable message of the rules that need the capability. */
    public static final int MAX_NOTE = 300;

    public ImplementationInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        python = python == null ? "" : python;
        Objects.requireNonNull(apiLevel, "apiLevel");
        capabilities = Set.copyOf(new TreeSet<>(Capability.requireKnown(capabilities)));
        Objects.requireNonNull(profiles, "profiles");
        identity = identity == null || identity.isBlank() ? id : identity;
        capabilityNotes = notes(capabilityNotes, capabilities);
    }

    /** An implementation that says nothing about why a capability is absent. */
    public ImplementationInfo(
            String id, String name, String version, String python, ApiLevel apiLevel, Set<String> capabilities,
            Profiles profiles, String identity) {
        this(id, name, version, python, apiLevel, capabilities, profiles, identity, Map.of());
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

    /** Why the implementation lacks {@code capability}, when it said so. */
    public Optional<String> whyLacks(String capability) {
        return Optional.ofNullable(capabilityNotes.get(capability));
    }

    public boolean follows(Profile profile) {
        return profiles.follows(profile);
    }

    /** The same implementation with more declared profiles (e.g. the user's {@code --profile}). */
    public ImplementationInfo withProfiles(Profiles more) {
        return new ImplementationInfo(id, name, version, python, apiLevel, capabilities,
                profiles.with(more, apiLevel), identity, capabilityNotes);
    }

    /** The same implementation under an identity the user pinned ({@code --id}). */
    public ImplementationInfo withIdentity(String pinned) {
        return new ImplementationInfo(id, name, version, python, apiLevel, capabilities, profiles, pinned,
                capabilityNotes);
    }

    private static Map<String, String> notes(Map<String, String> given, Set<String> capabilities) {
        if (given == null || given.isEmpty()) {
            return Map.of();
        }
        Capability.requireKnown(given.keySet());
        Map<String, String> kept = new TreeMap<>();
        given.forEach((capability, note) -> {
            if (!capabilities.contains(capability) && note != null && !note.isBlank()) {
                kept.put(capability, note.length() <= MAX_NOTE ? note : note.substring(0, MAX_NOTE) + "...");
            }
        });
        return Collections.unmodifiableMap(kept);
    }
}
