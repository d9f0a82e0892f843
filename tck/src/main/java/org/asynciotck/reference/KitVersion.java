package org.asynciotck.reference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The kit's version, as Maven filtered it into {@code kit-version.properties}. */
final class KitVersion {

    private static final String RESOURCE = "kit-version.properties";

    private KitVersion() {}

    static String get() {
        try (InputStream in = KitVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource missing from the kit's jar: " + RESOURCE);
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
