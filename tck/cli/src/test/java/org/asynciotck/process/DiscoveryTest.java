package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiscoveryTest {

    @TempDir
    Path tmp;

    @Test
    void findsPyenvVersionsAndVenvsAndSkipsBrokenOnes() throws IOException {
        Path real = Path.of(FakeAgents.python());
        assumeTrue(real.isAbsolute(), "needs a pyenv Python 3.12.1 to link to");
        Path root = tmp.resolve("pyenv");
        Path bin = Files.createDirectories(root.resolve("versions/3.12.1/bin"));
        Files.createSymbolicLink(bin.resolve("python3"), real);
        Path broken = Files.createDirectories(root.resolve("versions/9.9.9/bin")).resolve("python3");
        Files.writeString(broken, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(broken, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path venv = tmp.resolve("venv");
        Files.createDirectories(venv.resolve("bin"));
        Files.createSymbolicLink(venv.resolve("bin/python3"), real);

        Discovery discovery = new Discovery(Map.of("PYENV_ROOT", root.toString(), "PATH", ""), tmp,
                Duration.ofSeconds(10));
        List<PythonInstallation> found = discovery.find(List.of(venv, tmp.resolve("no-such-venv")));

        assertThat(found).extracting(PythonInstallation::source)
                .containsExactly(PythonInstallation.Source.PYENV, PythonInstallation.Source.VENV);
        assertThat(found).allSatisfy(p -> {
            assertThat(p.version()).isEqualTo("3.12.1");
            assertThat(p.supported()).isTrue();
        });
        assertThat(found.get(0).interpreter()).isEqualTo(bin.resolve("python3"));
    }

    /** The venv .ci/run makes: discovery names nest_asyncio's version (it has no __version__: its distribution's). */
    @Test
    void aVenvWithNestAsyncioIsFoundWithItsVersion() {
        Path venv = Path.of("").toAbsolutePath().getParent().getParent().resolve(".venv-nest-asyncio");
        assumeTrue(Files.isExecutable(venv.resolve("bin/python3")), "no .venv-nest-asyncio (made by .ci/run)");
        Discovery discovery = new Discovery(Map.of("PYENV_ROOT", tmp.toString(), "PATH", ""), tmp, Duration.ofSeconds(10));

        List<PythonInstallation> found = discovery.find(List.of(venv));

        assertThat(found).singleElement().satisfies(python -> {
            assertThat(python.reentrantLoops()).containsOnlyKeys("nest_asyncio");
            assertThat(python.reentrantLoops().get("nest_asyncio")).matches("\\d+\\.\\d+.*");
            assertThat(python.hasUvloop()).isFalse();
        });
    }

    @Test
    void defaultPyenvRootIsInTheHomeDirectory() {
        Discovery discovery = new Discovery(Map.of(), tmp, Duration.ofSeconds(1));
        assertThat(discovery.pyenvRoot()).isEqualTo(tmp.resolve(".pyenv"));
        assertThat(discovery.find(List.of())).isEmpty();
    }

    @Test
    void ordersVersionsNumerically() {
        assertThat(Discovery.compareVersionNames(Path.of("3.9.18"), Path.of("3.10.13"))).isNegative();
        assertThat(Discovery.compareVersionNames(Path.of("3.13.0"), Path.of("3.12.1"))).isPositive();
    }
}
