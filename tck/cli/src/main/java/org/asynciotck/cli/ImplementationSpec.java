package org.asynciotck.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One implementation named on the {@code matrix} command line:
 * <pre>
 *   reference                  the kit's reference loop
 *   reference-sync             the reference loop with synchronously dispatching futures
 *   reference-nested           the reference loop made reentrant (profile nested-runs)
 *   python:PATH[:c|py]         CPython's asyncio on the interpreter PATH (C or pure-Python Task/Future)
 *   uvloop:PATH                uvloop on the interpreter PATH
 *   nest_asyncio:PATH          asyncio's loop made reentrant by nest_asyncio on PATH (nest_asyncio2:PATH likewise)
 *   process:COMMAND            any agent speaking docs/protocol.md, e.g. "process:./my-agent --fast"
 * </pre>
 *
 * @param text        the spec as given, for messages and the matrix column of an implementation that did not start
 * @param kind        the {@code --impl} kind it stands for
 * @param python      the interpreter (python, uvloop), else null
 * @param loopFactory the agent's named loop ("uvloop", "nest_asyncio", "nest_asyncio2"), else null
 * @param variant     "c" or "py", or null
 * @param command     the agent command line (process), else null
 */
record ImplementationSpec(String text, String kind, Path python, String loopFactory, String variant, String command) {

    static final String HELP = "reference | reference-sync | reference-nested | python:PATH[:c|py] | uvloop:PATH | nest_asyncio:PATH | nest_asyncio2:PATH | process:COMMAND";

    /** @throws IllegalArgumentException naming the bad spec and the accepted forms */
    static ImplementationSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty --impl: use " + HELP);
        }
        int colon = text.indexOf(':');
        String head = colon < 0 ? text : text.substring(0, colon);
        String rest = colon < 0 ? "" : text.substring(colon + 1);
        switch (head) {
            case ImplementationOptions.REFERENCE, ImplementationOptions.REFERENCE_SYNC, ImplementationOptions.REFERENCE_NESTED -> {
                if (colon >= 0) {
                    break;
                }
                return new ImplementationSpec(text, head, null, null, null, null);
            }
            case ImplementationOptions.PYTHON -> {
                String variant = null;
                if (rest.endsWith(":c") || rest.endsWith(":py")) {
                    variant = rest.substring(rest.lastIndexOf(':') + 1);
                    rest = rest.substring(0, rest.lastIndexOf(':'));
                }
                if (!rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.PYTHON, Path.of(rest), null, variant, null);
                }
            }
            case "uvloop", "nest_asyncio", "nest_asyncio2" -> {
                if (!rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.PYTHON, Path.of(rest), head, null, null);
                }
            }
            case ImplementationOptions.PROCESS -> {
                if (!rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.PROCESS, null, null, null, rest);
                }
            }
            default -> {
                // falls through to the error below
            }
        }
        throw new IllegalArgumentException("bad --impl [" + text + "]: use " + HELP);
    }

    /** The options {@code run} would be given for this implementation. */
    ImplementationOptions options(Duration timeout) {
        return new ImplementationOptions(kind, python, loopFactory, List.of(), variant, command, timeout).validate();
    }
}
