package org.asynciotck.steps;

import java.util.Locale;

/** A duration in seconds as the loop's clock counts it, from a step like "in 2 days". */
record Seconds(double value) {

    static Seconds of(double amount, String unit) {
        String singular = unit.toLowerCase(Locale.ROOT).replaceFirst("s$", "");
        double factor = switch (singular) {
            case "second" -> 1;
            case "minute" -> 60;
            case "hour" -> 3600;
            case "day" -> 86400;
            default -> throw new IllegalArgumentException("unknown time unit [" + unit + "]: use seconds, minutes, hours or days");
        };
        return new Seconds(amount * factor);
    }
}
