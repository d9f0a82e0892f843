package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The kit quiets SLF4J only where the build chose no logging of its own. */
class DependencyLoggingTest {

    private static final String PROVIDERS = "META-INF/services/org.slf4j.spi.SLF4JServiceProvider";
    private Properties saved;

    @BeforeEach
    void clearSlf4jProperties() {
        saved = (Properties) System.getProperties().clone();
        System.clearProperty(DependencyLogging.PROVIDER_PROPERTY);
        System.clearProperty(DependencyLogging.VERBOSITY_PROPERTY);
    }

    @AfterEach
    void restoreProperties() {
        System.setProperties(saved);
    }

    @Test
    void aClassPathWithoutAProviderGetsSlf4jsOwnNoOperationProviderQuietly() throws ClassNotFoundException {
        DependencyLogging.quietWhereUnchosen(withProviders(false));

        assertThat(System.getProperty(DependencyLogging.PROVIDER_PROPERTY))
                .isEqualTo(DependencyLogging.NO_OPERATION_PROVIDER);
        assertThat(System.getProperty(DependencyLogging.VERBOSITY_PROPERTY)).isEqualTo("WARN");
        assertThat(Class.forName(DependencyLogging.NO_OPERATION_PROVIDER))
                .as("the provider named is SLF4J's").isAssignableTo(org.slf4j.spi.SLF4JServiceProvider.class);
    }

    @Test
    void aClassPathWithAProviderKeepsIt() {
        DependencyLogging.quietWhereUnchosen(withProviders(true));

        assertThat(System.getProperty(DependencyLogging.PROVIDER_PROPERTY)).isNull();
        assertThat(System.getProperty(DependencyLogging.VERBOSITY_PROPERTY)).isNull();
    }

    @Test
    void aProviderTheBuildNamedIsKept() {
        System.setProperty(DependencyLogging.PROVIDER_PROPERTY, "org.example.Chosen");

        DependencyLogging.quietWhereUnchosen(withProviders(false));

        assertThat(System.getProperty(DependencyLogging.PROVIDER_PROPERTY)).isEqualTo("org.example.Chosen");
        assertThat(System.getProperty(DependencyLogging.VERBOSITY_PROPERTY)).isNull();
    }

    /** The test's own class path (which has slf4j-api), with or without a registered provider. */
    private static ClassLoader withProviders(boolean registered) {
        ClassLoader real = DependencyLoggingTest.class.getClassLoader();
        return new ClassLoader(real) {
            @Override
            public Enumeration<URL> getResources(String name) throws IOException {
                if (name.equals(PROVIDERS)) {
                    return registered ? Collections.enumeration(List.of(Path.of(name).toUri().toURL()))
                            : Collections.emptyEnumeration();
                }
                return super.getResources(name);
            }

            @Override
            public URL getResource(String name) {
                return name.equals(PROVIDERS) && !registered ? null : super.getResource(name);
            }
        };
    }
}
