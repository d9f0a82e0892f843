package org.asynciotck.spi;

/**
 * The asyncio API level an implementation follows, as a Python minor version
 * ("3.11", "3.12"). Rules that exist only from some version on are gated by it.
 */
public record ApiLevel(int major, int minor) implements Comparable<ApiLevel> {

    public static ApiLevel parse(String text) {
        String[] parts = text.trim().split("\\.");
        if (parts.length < 2) {
            throw new IllegalArgumentException("API level must look like 3.12, got [" + text + "]");
        }
        try {
            return new ApiLevel(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("API level must look like 3.12, got [" + text + "]", e);
        }
    }

    public boolean atLeast(ApiLevel other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(ApiLevel other) {
        return major != other.major ? Integer.compare(major, other.major) : Integer.compare(minor, other.minor);
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
