package org.asynciotck.kit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The pyenv interpreters the kit's tests run Python loops on. */
public final class PyenvPythons {

    private PyenvPythons() {}

    /** The pyenv interpreter of {@code version}; the test is skipped (never failed) when it is not installed. */
    public static Path installed(String version) {
        String root = System.getenv("PYENV_ROOT");
        Path pyenv = root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
        Path python = pyenv.resolve("versions").resolve(version).resolve("bin/python3");
        assumeTrue(Files.isExecutable(python), "CPython " + version + " is not installed (no " + python + ")");
        return python;
    }
}
