package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadmeBlockTest {

    @TempDir
    Path folder;

    @Test
    void replacesOnlyTheGeneratedBlock() throws Exception {
        Path page = Files.writeString(folder.resolve("README.md"),
                "intro\n" + ReadmeBlock.START + "\nold table\n" + ReadmeBlock.END + "\noutro\n");

        ReadmeBlock.replace(page, "| new | table |\n");

        assertThat(Files.readString(page)).isEqualTo(
                "intro\n" + ReadmeBlock.START + "\n| new | table |\n" + ReadmeBlock.END + "\noutro\n");
    }

    @Test
    void aPageWithoutMarkersIsRefusedBeforeAnyWorkNamingTheMarkers() throws Exception {
        Path page = Files.writeString(folder.resolve("README.md"), "no markers here\n");

        assertThatThrownBy(() -> ReadmeBlock.requireMarkers(page))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no generated block").hasMessageContaining(ReadmeBlock.START);
        assertThatThrownBy(() -> ReadmeBlock.requireMarkers(folder.resolve("missing.md")))
                .hasMessageContaining("no file");
    }
}
