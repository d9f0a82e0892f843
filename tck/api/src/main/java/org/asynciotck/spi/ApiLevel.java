package org.asynciotck.spi;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The asyncio API level an implementation follows, as a Python minor version
 * ("3.11", "3.12"). Rules that exist only from some version on are gated by it.
 *
 * <p>Only the levels the rule book was verified against exist ({@link #KNOWN}): a level the kit
 * knows nothing about would silently turn version-gated rules on or off.
 *
 * @since 0.1
 */
public record ApiLevel(int major, int minor) implements Comparable<ApiLevel> {

    /** The levels the features were checked against on real interpreters, oldest first. */
    public static final List<ApiLevel> KNOWN =
            List.of(new ApiLevel(3, 10), new ApiLevel(3, 11), new ApiLevel(3, 12), new ApiLevel(3, 13));

    private static final Pattern FORMAT = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})");

    /**
     * Reads a level such as "3.12".
     *
     * @throws IllegalArgumentException when the text is not MAJOR.MINOR or not one of {@link #KNOWN}
     */
    public static ApiLevel parse(String text) {
        Matcher matcher = FORMAT.matcher(text == null ? "" : text.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("API level must look like 3.12, got [" + text + "]; "
                    + knownLevels());
        }
        ApiLevel level = new ApiLevel(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
        if (!KNOWN.contains(level)) {
            throw new IllegalArgumentException("unknown API level [" + text + "]; " + knownLevels());
        }
        return level;
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

    private static String knownLevels() {
        return "the kit knows API levels " + String.join(", ", KNOWN.stream().map(ApiLevel::toString).toList());
    }
}
