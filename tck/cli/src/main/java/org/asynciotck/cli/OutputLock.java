package org.asynciotck.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps two runs out of one output folder: two runs into one folder would leave a mixed
 * cucumber.html, JUnit XML and Allure results behind.
 *
 * <p>The lock is an operating-system lock on {@value #FILE} in the folder, so it goes away with
 * the process that held it: a lock file left by a killed run is stale, and the next run takes it
 * over. The file names its holder, for the message of the run that finds the folder in use.
 * Runs in one JVM (a matrix, the kit's tests) are kept apart by {@link #HELD}, because a second
 * lock on the same file from the same process is not refused by the operating system.
 */
final class OutputLock implements AutoCloseable {

    static final String FILE = ".asyncio-tck.lock";

    /** The folders this JVM holds locks on, as absolute normalised paths. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    /** The folder is in use by another run; the message names the folder and the holder. */
    static final class InUse extends Exception {
        InUse(String message) {
            super(message);
        }
    }

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock;

    private OutputLock(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code folder} (creating it) for this run.
     *
     * @param stale told the holder of a stale lock that is taken over, for a note on the console
     * @throws InUse when another run holds it
     */
    static OutputLock acquire(Path folder, java.util.function.Consumer<String> stale) throws InUse, IOException {
        Path key = folder.toAbsolutePath().normalize();
        Files.createDirectories(key);
        Path file = key.resolve(FILE);
        if (!HELD.add(key)) {
            throw inUse(key, holderIn(file));
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                String holder = holderIn(file);
                channel.close();
                HELD.remove(key);
                throw inUse(key, holder);
            }
            String previous = holderIn(file);
            if (!previous.isEmpty()) {
                stale.accept(previous);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(describeThisRun().getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new OutputLock(key, channel, lock);
        } catch (IOException | RuntimeException e) {
            if (channel != null && channel.isOpen()) {
                channel.close();
            }
            HELD.remove(key);
            throw e;
        }
    }

    /** Releases the lock and removes the lock file, so a finished run leaves no stale lock behind. */
    @Override
    public void close() {
        try {
            channel.truncate(0);
            Files.deleteIfExists(folder.resolve(FILE));
            lock.release();
            channel.close();
        } catch (IOException e) {
            // The operating system drops the lock when the process ends; a leftover file is stale then.
        } finally {
            HELD.remove(folder);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private static InUse inUse(Path folder, String holder) {
        return new InUse("output folder [" + folder + "] is in use by another run ("
                + (holder.isEmpty() ? "its holder is starting" : holder)
                + "): wait for it to finish, or pass --out with another folder");
    }

    private static String holderIn(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String describeThisRun() {
        return "asyncio-tck pid " + ProcessHandle.current().pid() + ", started " + Instant.now() + "\n";
    }
}
