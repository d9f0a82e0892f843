package org.asynciotck.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.asynciotck.untrusted.ConsoleText;

/**
 * Keeps two runs out of one output folder: two runs into one folder would leave a mixed
 * cucumber.html, JUnit XML and Allure results behind.
 *
 * <p>The lock is an operating-system lock on {@value #FILE} in the folder, so it goes away with
 * the process that held it: a lock file left by a killed run is stale, and the next run takes it
 * over. The file names its holder, for the message of the run that finds the folder in use.
 * Runs in one JVM (a matrix, the kit's tests) are kept apart by {@link #HELD}, because a second
 * lock on the same file from the same process is not refused by the operating system.
 *
 * <p>Two properties of POSIX record locks, which Java's file locks are on Linux, shape the code: a
 * process loses every lock it holds on a file when it closes <em>any</em> descriptor of that file,
 * so the holder never opens the lock file a second time (the previous holder is read through the
 * locked channel); and a lock is on the file, not on its name, so a finished run empties the file
 * instead of deleting it (a run that opened the old file before the delete would lock a file no one
 * else can see, beside a newcomer that locks a new one). An empty lock file is a free folder. The lock
 * file is opened without following a link: a link there is refused, never truncated through.
 */
final class OutputLock implements AutoCloseable {

    static final String FILE = ".asyncio-tck.lock";

    /** The folders this JVM holds locks on, as absolute normalised paths. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    /**
     * The folder cannot be locked for this run: another run holds it (the message names the folder and the
     * holder), or its lock file is a link. The user's input: nothing was run or written.
     */
    static final class Refused extends Exception {
        Refused(String message) {
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
     * @throws Refused when another run holds it, or its lock file is a link
     */
    static OutputLock acquire(Path folder, java.util.function.Consumer<String> stale) throws Refused, IOException {
        Path key = folder.toAbsolutePath().normalize();
        Files.createDirectories(key);
        Path file = key.resolve(FILE);
        if (!HELD.add(key)) {
            // never read here: this process holds the lock, and closing a second descriptor would drop it
            throw inUse(key, "asyncio-tck pid " + ProcessHandle.current().pid() + ", a run of this process");
        }
        FileChannel channel = null;
        try {
            channel = open(key, file);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                String holder = holderIn(channel);
                channel.close();
                HELD.remove(key);
                throw inUse(key, holder);
            }
            requireNoLinks(key);
            // Through the locked channel: opening the file again and closing that would drop the lock (above)
            String previous = holderIn(channel);
            if (!previous.isEmpty()) {
                stale.accept(previous);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(describeThisRun().getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new OutputLock(key, channel, lock);
        } catch (IOException | RuntimeException | Refused e) {
            if (channel != null && channel.isOpen()) {
                channel.close();
            }
            HELD.remove(key);
            throw e;
        }
    }

    /**
     * Refuses a folder that holds a link: the kit writes and empties what it finds there (allure-results/ is
     * emptied at every run), and never through a link, which could name any folder of the machine.
     */
    private static void requireNoLinks(Path folder) throws IOException, Refused {
        try (java.util.stream.Stream<Path> entries = Files.list(folder)) {
            Optional<Path> link = entries.filter(Files::isSymbolicLink).sorted().findFirst();
            if (link.isPresent()) {
                throw new Refused("output folder [" + folder + "] holds a link, " + link.get().getFileName()
                        + "; the kit never writes through a link: remove it, or pass --out with another folder");
            }
        }
    }

    /** The lock file, created if missing; a link (or anything but a regular file) there is refused. */
    private static FileChannel open(Path folder, Path file) throws IOException, Refused {
        try {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                channel.close();
                throw notAFile(folder);
            }
            return channel;
        } catch (IOException e) { // ELOOP for a link, as a plain IOException
            if (Files.isSymbolicLink(file) || Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw notAFile(folder);
            }
            throw e;
        }
    }

    private static Refused notAFile(Path folder) {
        return new Refused("output folder [" + folder + "]: its " + FILE + " is a link or not a regular file;"
                + " the kit never writes through a link: remove it, or pass --out with another folder");
    }

    /** Releases the lock and empties the lock file (never deletes it: see above), so a finished run leaves no holder. */
    @Override
    public void close() {
        try {
            channel.truncate(0);
            channel.force(false);
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

    private static Refused inUse(Path folder, String holder) {
        return new Refused("output folder [" + folder + "] is in use by another run ("
                + (holder.isEmpty() ? "its holder is starting" : holder)
                + "): wait for it to finish, or pass --out with another folder");
    }

    /** Whose run the lock file names (empty when none): read through {@code channel}, at most {@value #HOLDER_BYTES} bytes. */
    private static String holderIn(FileChannel channel) {
        try {
            ByteBuffer bytes = ByteBuffer.allocate(HOLDER_BYTES);
            while (bytes.hasRemaining() && channel.read(bytes, bytes.position()) > 0) {
                // read until full or at the end
            }
            return ConsoleText.clean(new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            return "";
        }
    }

    /** The most of the lock file read: a holder's line is one short sentence; the rest of a hostile file is left. */
    private static final int HOLDER_BYTES = 200;

    private static String describeThisRun() {
        return "asyncio-tck pid " + ProcessHandle.current().pid() + ", started " + Instant.now() + "\n";
    }
}
