package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output folder's lock between processes (issue 27, case 1): while one run's JVM holds it, another
 * process is refused; a finished run leaves the folder free; a link where the lock file goes is refused
 * and never truncated through.
 */
class OutputLockTest {

    /** How long the holder process may take to start and lock: a JVM start on a loaded 2-core machine. */
    private static final long HOLDER_START_SECONDS = 60;

    @TempDir
    Path root;

    @Test
    void aFolderLockedByAnotherProcessIsRefusedNamingThatProcess() throws Exception {
        Path folder = root.resolve("out");
        Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), OutputLockHolder.class.getName(), folder.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader said = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            String first = CompletableFuture.supplyAsync(() -> {
                try {
                    return said.readLine();
                } catch (java.io.IOException e) {
                    return "unreadable: " + e;
                }
            }).get(HOLDER_START_SECONDS, TimeUnit.SECONDS);
            assertThat(first).isEqualTo("held");

            // Before the fix the holder, reading its own lock file through a second descriptor, had dropped its
            // lock when it closed it: this acquire took the folder over as "stale"
            List<String> stale = new java.util.ArrayList<>();
            assertThatThrownBy(() -> OutputLock.acquire(folder, stale::add)).isInstanceOf(OutputLock.Refused.class)
                    .hasMessageContaining("is in use by another run (asyncio-tck pid " + holder.pid());
            assertThat(stale).isEmpty();
        } finally {
            holder.getOutputStream().close();
            if (!holder.waitFor(HOLDER_START_SECONDS, TimeUnit.SECONDS)) {
                holder.destroyForcibly();
            }
        }
        try (OutputLock free = OutputLock.acquire(folder, holder2 -> {})) {
            assertThat(free).isNotNull(); // released when the holder ended
        }
    }

    @Test
    void aFinishedRunLeavesAnEmptyLockFileAndTheFolderFree() throws Exception {
        Path folder = root.resolve("out");
        OutputLock.acquire(folder, holder -> {}).close();

        List<String> stale = new java.util.ArrayList<>();
        try (OutputLock again = OutputLock.acquire(folder, stale::add)) {
            assertThat(stale).as("an empty lock file names no holder").isEmpty();
        }
        assertThat(folder.resolve(OutputLock.FILE)).isEmptyFile();
    }

    @Test
    void aFolderHoldingALinkIsRefusedAndWhatItPointsToLeftAlone() throws Exception {
        // issue 27, case 3: a symlinked allure-results/ was written through, and its target's files deleted
        Path folder = Files.createDirectories(root.resolve("out"));
        Path elsewhere = Files.createDirectories(root.resolve("home"));
        Files.writeString(elsewhere.resolve("thesis.tex"), "years of work\n");
        Files.createSymbolicLink(folder.resolve("allure-results"), elsewhere);

        assertThatThrownBy(() -> OutputLock.acquire(folder, holder -> {})).isInstanceOf(OutputLock.Refused.class)
                .hasMessageContaining("holds a link, allure-results");
        assertThat(elsewhere.resolve("thesis.tex")).hasContent("years of work\n");
        assertThat(folder.resolve(OutputLock.FILE)).isEmptyFile(); // released, and free for the next run
        Files.delete(folder.resolve("allure-results"));
        OutputLock.acquire(folder, holder -> {}).close();
    }

    @Test
    void aLinkWhereTheLockFileGoesIsRefusedAndItsTargetLeftAlone() throws Exception {
        Path folder = Files.createDirectories(root.resolve("out"));
        Path secret = Files.writeString(root.resolve("secret.txt"), "root:x:0:0\n");
        Files.createSymbolicLink(folder.resolve(OutputLock.FILE), secret);

        assertThatThrownBy(() -> OutputLock.acquire(folder, holder -> {})).isInstanceOf(OutputLock.Refused.class)
                .hasMessageContaining("is a link or not a regular file").hasMessageNotContaining("root:x");
        assertThat(secret).hasContent("root:x:0:0\n");
        // and the folder is not left marked as held by this JVM
        Files.delete(folder.resolve(OutputLock.FILE));
        OutputLock.acquire(folder, holder -> {}).close();
    }
}
