package org.asynciotck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.process.Discovery;
import org.asynciotck.process.PythonInstallation;

/**
 * The implementations {@code matrix} certifies when none is named: both reference loops, and
 * for every CPython 3.10 or newer found here (one per version, a pyenv installation before the
 * others) its C and pure-Python variants, plus uvloop on one interpreter per version that
 * imports it (which may be a virtual environment given with {@code --venv}), and likewise nest_asyncio and
 * nest_asyncio2 (asyncio's loop made reentrant: the agent declares nested-runs for them, docs/real-loops.md, "nest_asyncio").
 */
final class DefaultMatrix {

    private DefaultMatrix() {}

    static List<ImplementationSpec> specs(Discovery discovery, List<Path> venvs) {
        return specs(discovery.find(venvs));
    }

    static List<ImplementationSpec> specs(List<PythonInstallation> found) {
        List<ImplementationSpec> specs = new ArrayList<>();
        specs.add(ImplementationSpec.parse(ImplementationOptions.REFERENCE));
        specs.add(ImplementationSpec.parse(ImplementationOptions.REFERENCE_SYNC));
        List<PythonInstallation> supported = found.stream().filter(PythonInstallation::supported)
                .sorted(Comparator.comparing(DefaultMatrix::versionKey)).toList();
        Map<String, PythonInstallation> perVersion = new LinkedHashMap<>();
        Map<String, PythonInstallation> uvloopPerVersion = new LinkedHashMap<>();
        for (PythonInstallation python : supported) {
            perVersion.merge(python.version(), python, DefaultMatrix::preferPyenv);
            if (python.hasUvloop()) {
                uvloopPerVersion.merge(python.version(), python, DefaultMatrix::preferPyenv);
            }
        }
        perVersion.values().forEach(python -> {
            specs.add(ImplementationSpec.parse("python:" + python.interpreter() + ":c"));
            specs.add(ImplementationSpec.parse("python:" + python.interpreter() + ":py"));
        });
        uvloopPerVersion.values().forEach(python -> specs.add(ImplementationSpec.parse("uvloop:" + python.interpreter())));
        for (String library : org.asynciotck.process.PythonInstallation.REENTRANT_LOOPS) {
            Map<String, PythonInstallation> libraryPerVersion = new LinkedHashMap<>();
            supported.stream().filter(python -> python.reentrantLoops().containsKey(library))
                    .forEach(python -> libraryPerVersion.merge(python.version(), python, DefaultMatrix::preferPyenv));
            libraryPerVersion.values().forEach(python -> specs.add(ImplementationSpec.parse(library + ":" + python.interpreter())));
        }
        return specs;
    }

    private static PythonInstallation preferPyenv(PythonInstallation first, PythonInstallation second) {
        return first.source() != PythonInstallation.Source.PYENV && second.source() == PythonInstallation.Source.PYENV
                ? second : first;
    }

    /** "3.10.13" after "3.9.18": each part compared as a number, zero-padded. */
    private static String versionKey(PythonInstallation python) {
        StringBuilder key = new StringBuilder();
        for (String part : python.version().split("[^0-9]+")) {
            key.append(String.format("%08d", part.isEmpty() ? 0 : Long.parseLong(part.length() > 8 ? "99999999" : part)));
        }
        return key.toString();
    }
}
