package org.asynciotck.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.Durations;
import picocli.CommandLine;

/**
 * Reads a timeout: "500ms", "10s", "2m", "1h" or ISO-8601 ("PT10S"), and checks it against the
 * bounds of a timeout here, where it is parsed, so a bound no clock can hold is refused with the
 * valid range instead of overflowing mid-run.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern SHORT = Pattern.compile("^(\\d+)(ms|s|m|h)$");

    @Override
    public Duration convert(String text) {
        Duration duration;
        try {
            duration = parse(text);
        } catch (ArithmeticException | NumberFormatException e) {
            duration = null; // longer than a Duration holds: out of range all the same
        }
        if (duration == null || duration.compareTo(AgentCommand.MIN_TIMEOUT) < 0
                || duration.compareTo(AgentCommand.MAX_TIMEOUT) > 0) {
            throw new CommandLine.TypeConversionException("duration [" + text + "] is out of range: give one from "
                    + Durations.describe(AgentCommand.MIN_TIMEOUT) + " to " + Durations.describe(AgentCommand.MAX_TIMEOUT)
                    + ", e.g. 10s");
        }
        return duration;
    }

    private static Duration parse(String text) {
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
