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
 * @param capabilities what it can be asked beyond the public API, see {@link Capability}
 */
public record ImplementationInfo(
        String id, String name, String version, String python, ApiLevel apiLevel, Set<String> capabilities) {

    public ImplementationInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        python = python == null ? "" : python;
        Objects.requireNonNull(apiLevel, "apiLevel");
        capabilities = Set.copyOf(new TreeSet<>(capabilities));
    }

    public boolean has(String capability) {
        return capabilities.contains(capability);
    }
}
