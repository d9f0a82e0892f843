package org.asynciotck.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.RuleCatalogue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/real-loops.md and the files of docs/real-loops/ stay one set: the triage names every script and
 * loop factory that is committed and no other, cites only rules the catalogue has, and the factories
 * import their third-party loop only when called, so the kit's checkout needs none of them.
 */
class RealLoopsDocTest {

    private static final Pattern RULE_ID = Pattern.compile("\\b([A-Z]+)-([0-9]+)\\b");
    private static final Pattern SCRIPT_NAME = Pattern.compile("`(?:docs/real-loops/)?([a-z0-9_]+\\.py)`");
    /** A path of some machine, which a committed doc must not carry (the doc says $SRC and pyenv root). */
    private static final Pattern MACHINE_PATH = Pattern.compile("(?<![\\w.$])/(tmp|work|root|home|opt)/");
    private static final List<String> FACTORIES =
            List.of("trio_asyncio_loop", "qasync_loop", "asyncio_gevent_loop", "uvloop_loop");

    private final Path root = RulesTable.projectRoot(Path.of(""));
    private final Path folder = root.resolve("docs/real-loops");

    @Test
    void theDocNamesExactlyTheCommittedFiles() throws IOException {
        String doc = read(root.resolve("docs/real-loops.md"));
        Set<String> named = new TreeSet<>();
        Matcher matcher = SCRIPT_NAME.matcher(doc);
        while (matcher.find()) {
            named.add(matcher.group(1));
        }
        Set<String> committed;
        try (Stream<Path> files = Files.list(folder)) {
            committed = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".py"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(committed).as("files of docs/real-loops/").isNotEmpty();
        assertThat(named).as("the .py files docs/real-loops.md names (every committed one, no missing one)")
                .isEqualTo(committed);
    }

    @Test
    void everyCitedRuleIsInTheCatalogue() throws IOException {
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath("features");
        Set<String> ids = catalogue.rules().stream().map(CatalogueRule::id).collect(Collectors.toSet());
        Set<String> families = ids.stream().map(id -> id.substring(0, id.indexOf('-'))).collect(Collectors.toSet());
        List<String> unknown = new ArrayList<>();
        for (Path file : filesOfTheTriage()) {
            Matcher matcher = RULE_ID.matcher(read(file));
            while (matcher.find()) {
                if (families.contains(matcher.group(1)) && !ids.contains(matcher.group())) {
                    unknown.add(root.relativize(file) + " cites " + matcher.group());
                }
            }
        }
        assertThat(unknown).as("rule IDs the catalogue does not have").isEmpty();
    }

    @Test
    void noMachinePathIsWritten() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : filesOfTheTriage()) {
            Matcher matcher = MACHINE_PATH.matcher(read(file));
            while (matcher.find()) {
                found.add(root.relativize(file) + ": " + matcher.group());
            }
        }
        assertThat(found).as("paths of a machine in the triage").isEmpty();
    }

    @Test
    @Timeout(60)
    void theFactoriesLoadWithoutTheirLoopsAndDeclareNoProfile() throws Exception {
        Path python = Path.of(System.getProperty("user.home"), ".pyenv/versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "no CPython 3.12.1 at " + python + "; the factories are not imported");
        // -S: no site-packages, so an import of trio_asyncio, qasync, gevent or uvloop at module level fails
        String check = "import importlib, sys\n"
                + "for name in sys.argv[1:]:\n"
                + "    factory = importlib.import_module(name)\n"
                + "    for attribute in [a for a in dir(factory) if a.startswith('new_loop')]:\n"
                + "        print(name, attribute, getattr(factory, attribute).asyncio_tck_profiles)\n";
        List<String> command = new ArrayList<>(List.of(python.toString(), "-S", "-c", check));
        command.addAll(FACTORIES);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PYTHONPATH", folder.toString());
        Process process = builder.start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the import ends within 30 s").isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out.lines()).as(out).containsExactlyInAnyOrder(
                "trio_asyncio_loop new_loop []", "qasync_loop new_loop []", "asyncio_gevent_loop new_loop []",
                "asyncio_gevent_loop new_loop_patched []", "uvloop_loop new_loop []");
    }

    private List<Path> filesOfTheTriage() throws IOException {
        List<Path> files = new ArrayList<>(List.of(root.resolve("docs/real-loops.md")));
        try (Stream<Path> scripts = Files.list(folder)) {
            scripts.filter(file -> file.toString().endsWith(".py")).sorted().forEach(files::add);
        }
        return files;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
