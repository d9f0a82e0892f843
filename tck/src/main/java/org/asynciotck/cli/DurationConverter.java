package org.asynciotck.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads "500ms", "10s", "2m", "1h" or ISO-8601 ("PT10S"). */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern SHORT = Pattern.compile("^(\\d+)(ms|s|m|h)$");

    @Override
    public Duration convert(String text) {
        Matcher m = SHORT.matcher(text.trim());
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            };
        }
        try {
            return Duration.parse(text.trim());
        } catch (DateTimeParseException e) {
            throw new CommandLine.TypeConversionException(
                    "bad duration [" + text + "]: write e.g. 500ms, 10s, 2m or PT10S");
        }
    }
}
