package org.asynciotck.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.net.InetAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.asynciotck.spi.ImplementationInfo;

/**
 * Where and when a conformance.json was produced, so that a matrix merged from many machines
 * ({@code matrix --from}) says for each column which host, platform and interpreter certified it,
 * and when. No path of the machine is recorded: the host's name, the operating system's name,
 * version and architecture, the Java runtime of the kit and the interpreter the implementation
 * declared.
 *
 * @param host        the host name of the machine that ran the kit, or "unknown"
 * @param platform    operating system, version and architecture, e.g. "Linux 6.1.0 amd64"
 * @param interpreter what ran the loop: "Python 3.12.1" for a Python loop, the JVM for the reference loop
 * @param java        the Java runtime that ran the kit, e.g. "17.0.15"
 * @param producedAt  when the report was written, ISO-8601 UTC to the second
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"host", "platform", "interpreter", "java", "produced_at"})
public record Provenance(String host, String platform, String interpreter, String java,
        @JsonProperty("produced_at") String producedAt) {

    /** Unknown where: for a conformance.json written before the kit recorded it. */
    public static final Provenance UNKNOWN = new Provenance("unknown", "unknown", "unknown", "unknown", "unknown");

    public Provenance {
        host = orUnknown(host);
        platform = orUnknown(platform);
        interpreter = orUnknown(interpreter);
        java = orUnknown(java);
        producedAt = orUnknown(producedAt);
    }

    /** This machine, now, for a run of {@code info}. */
    public static Provenance here(ImplementationInfo info) {
        return here(info.python().isEmpty() ? "Java " + Runtime.version() : "Python " + info.python());
    }

    /** This machine, now, for an implementation run by {@code interpreter} ("unknown" when it never started). */
    public static Provenance here(String interpreter) {
        String java = Runtime.version().toString();
        return new Provenance(hostName(),
                System.getProperty("os.name", "") + " " + System.getProperty("os.version", "") + " "
                        + System.getProperty("os.arch", "").toLowerCase(Locale.ROOT),
                interpreter, java, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /** "host, platform, interpreter": where a column was produced, in one line. */
    public String where() {
        return host + ", " + platform + ", " + interpreter;
    }

    private static String hostName() {
        String fromEnv = System.getenv("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException | SecurityException e) {
            return "unknown";
        }
    }

    private static String orUnknown(String text) {
        return text == null || text.isBlank() ? "unknown" : text.strip();
    }
}
