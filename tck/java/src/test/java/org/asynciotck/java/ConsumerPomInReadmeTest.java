package org.asynciotck.java;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.KitVersion;
import org.junit.jupiter.api.Test;

/**
 * README's pom for a Java loop is the consumer project's, which the build builds (ConsumerCertificateTest): a
 * user who copies it from README gets a build that works, at the kit's own version.
 */
class ConsumerPomInReadmeTest {

    private static final Path ROOT = Path.of("..", "..");
    private static final String SECTION = "## Certify a Java loop";
    private static final Pattern XML_BLOCK = Pattern.compile("```xml\n(.*?)```", Pattern.DOTALL);
    private static final Pattern KIT_VERSION = Pattern.compile("<asyncio-tck\\.version>([^<]+)</asyncio-tck\\.version>");

    @Test
    void readmesPomIsTheConsumerProjectsPom() throws IOException {
        String pom = Files.readString(ROOT.resolve("examples/java-loop/pom.xml"), StandardCharsets.UTF_8);
        assertThat(readmesPom()).as("the pom under README's \"%s\" (copy examples/java-loop/pom.xml into it)", SECTION)
                .isEqualTo(pom);
    }

    @Test
    void theConsumerProjectAsksForTheKitsOwnVersion() throws IOException {
        String pom = Files.readString(ROOT.resolve("examples/java-loop/pom.xml"), StandardCharsets.UTF_8);
        Matcher version = KIT_VERSION.matcher(pom);
        assertThat(version.find()).as("examples/java-loop/pom.xml names <asyncio-tck.version>").isTrue();
        assertThat(version.group(1)).isEqualTo(KitVersion.get());
    }

    private static String readmesPom() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        int section = readme.indexOf(SECTION);
        assertThat(section).as("README has a section \"%s\"", SECTION).isNotNegative();
        int next = readme.indexOf("\n## ", section + SECTION.length());
        Matcher block = XML_BLOCK.matcher(readme.substring(section, next < 0 ? readme.length() : next));
        assertThat(block.find()).as("README's \"%s\" has an xml block", SECTION).isTrue();
        return block.group(1);
    }
}
