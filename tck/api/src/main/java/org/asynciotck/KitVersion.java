package org.asynciotck;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The kit's own version, filtered into a resource by Maven at build time. */
public final class KitVersion {

    private static final String RESOURCE = "/org/asynciotck/kit-version.properties";

    private KitVersion() {}

    public static String get() {
        try (InputStream in = KitVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("kit.version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
