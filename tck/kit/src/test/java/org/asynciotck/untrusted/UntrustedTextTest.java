package org.asynciotck.untrusted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UntrustedTextTest {

    @TempDir
    Path root;

    @Test
    void aFolderNameKeepsOnlySafeCharactersAndNeverClimbs() {
        assertThat(ReportFolders.name("cpython-3.12.1-c")).isEqualTo("cpython-3.12.1-c");
        assertThat(ReportFolders.name("3.12.1-c/../../../tmp/X")).isEqualTo("3.12.1-c_.._.._.._tmp_X");
        assertThat(ReportFolders.name("..")).isEqualTo("implementation");
        assertThat(ReportFolders.name("1.0, html:/some/dir/y")).isEqualTo("1.0_html_some_dir_y");
        assertThat(ReportFolders.name("x".repeat(500))).hasSize(ReportFolders.MAX_NAME_LENGTH);
    }

    @Test
    void aFolderInsideTheRootIsCheckedAndNotCreated() {
        Path folder = ReportFolders.inside(root, "a/../../b");
        assertThat(folder.getParent()).isEqualTo(root.toAbsolutePath().normalize());
        assertThat(folder).doesNotExist();
    }

    @Test
    void aLinkPlantedInTheRootThatLeadsOutIsRefused() throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Path reports = Files.createDirectories(root.resolve("reports"));
        Files.createSymbolicLink(reports.resolve("evil"), outside);

        assertThatThrownBy(() -> ReportFolders.inside(reports, "evil"))
                .hasMessageContaining("outside the reports root");
    }

    @Test
    void controlsAreEscapedAndNewlinesFolded() {
        assertThat(ConsoleText.clean("a\u001b[2Jb\u009bc\u202ed\u007f")).isEqualTo("a\\u001b[2Jb\\u009bc\\u202ed\\u007f");
        assertThat(ConsoleText.clean("reason\nCONFORMANT")).isEqualTo("reason\n" + ConsoleText.CONTINUATION + "CONFORMANT");
        assertThat(ConsoleText.clean("x".repeat(5000))).startsWith("x".repeat(ConsoleText.MAX_LINE))
                .endsWith("(4000 more characters not shown)");
    }

    @Test
    void theConsoleWriterLetsOnlyTheKitsOwnLayoutThrough() {
        StringWriter console = new StringWriter();
        PrintWriter writer = SanitisingPrintWriter.around(new PrintWriter(console));

        writer.println("id\u001b]0;t\u0007\nCONFORMANT");
        writer.print("\r");
        writer.printf("%s %s%n", "a", "b\r");
        writer.flush();

        assertThat(console.toString()).isEqualTo("id\\u001b]0;t\\u0007\n" + ConsoleText.CONTINUATION + "CONFORMANT"
                + System.lineSeparator() + "\r" + "a b\\u000d" + System.lineSeparator());
    }
}
