package org.asynciotck.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.asynciotck.spi.ApiLevel;

/**
 * The golden transcripts of tck/protocol/src/test/resources/transcripts/ (format: docs/protocol.md, "Golden
 * transcripts"): one session per file, the requests the kit sends ({@code >} lines) and the replies
 * an agent must give ({@code <} lines), comments ({@code #}) and an optional {@code #! api} range.
 */
final class TranscriptFiles {

    /** Where the transcripts live, relative to the project's root. */
    static final Path FOLDER = Path.of("tck/protocol/src/test/resources/transcripts");
    static final String SUFFIX = ".transcript";
    static final List<ApiLevel> LEVELS = Stream.of("3.10", "3.11", "3.12", "3.13").map(ApiLevel::parse).toList();

    private TranscriptFiles() {}

    /** One exchange: a request line and the reply recorded for it (null while not recorded yet). */
    record Exchange(String request, String reply) {}

    /** One transcript file. {@code comments} are its leading comment lines, kept when it is re-recorded. */
    record Transcript(String name, Path file, List<String> comments, ApiLevel from, ApiLevel to, List<Exchange> exchanges) {

        boolean appliesTo(ApiLevel level) {
            return level.atLeast(from) && to.atLeast(level);
        }
    }

    static Path projectRoot() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.isRegularFile(here.resolve("docs/protocol.md"))) {
            here = here.getParent();
        }
        if (here == null) {
            throw new IllegalStateException("no folder above " + Path.of("").toAbsolutePath() + " has docs/protocol.md");
        }
        return here;
    }

    /** The Python agent as the kit ships it: the zipapp the build made at process-resources. */
    static Path agent() {
        return projectRoot().resolve("tck/protocol/target/classes/org/asynciotck/process/asyncio-tck-agent.pyz");
    }

    static List<Transcript> all() {
        Path folder = projectRoot().resolve(FOLDER);
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).sorted().map(TranscriptFiles::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the transcripts in " + folder, e);
        }
    }

    static Transcript read(Path file) {
        String name = file.getFileName().toString();
        name = name.substring(0, name.length() - SUFFIX.length());
        List<String> comments = new ArrayList<>();
        List<Exchange> exchanges = new ArrayList<>();
        ApiLevel from = LEVELS.get(0);
        ApiLevel to = LEVELS.get(LEVELS.size() - 1);
        String pending = null;
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            String where = file.getFileName() + ":" + (n + 1);
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#! api ")) {
                String range = line.substring("#! api ".length()).trim();
                if (range.endsWith("+")) {
                    from = ApiLevel.parse(range.substring(0, range.length() - 1));
                } else if (range.contains("-")) {
                    from = ApiLevel.parse(range.substring(0, range.indexOf('-')));
                    to = ApiLevel.parse(range.substring(range.indexOf('-') + 1));
                } else {
                    from = ApiLevel.parse(range);
                    to = from;
                }
                comments.add(line);
            } else if (line.startsWith("#")) {
                if (exchanges.isEmpty() && pending == null) {
                    comments.add(line);
                }
            } else if (line.startsWith("> ")) {
                if (pending != null) {
                    exchanges.add(new Exchange(pending, null));
                }
                pending = line.substring(2);
            } else if (line.startsWith("< ")) {
                if (pending == null) {
                    throw new IllegalArgumentException(where + ": a reply without a request before it");
                }
                exchanges.add(new Exchange(pending, line.substring(2)));
                pending = null;
            } else {
                throw new IllegalArgumentException(where + ": a line must start with '> ', '< ' or '#', got [" + line + "]");
            }
        }
        if (pending != null) {
            exchanges.add(new Exchange(pending, null));
        }
        return new Transcript(name, file, comments, from, to, exchanges);
    }

    /** Writes the transcript with these replies, one per exchange. */
    static void write(Transcript transcript, List<String> replies) {
        List<String> lines = new ArrayList<>(transcript.comments());
        for (int i = 0; i < transcript.exchanges().size(); i++) {
            lines.add("> " + transcript.exchanges().get(i).request());
            lines.add("< " + replies.get(i));
        }
        try {
            Files.write(transcript.file(), lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + transcript.file(), e);
        }
    }
}
