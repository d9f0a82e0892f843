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
 *   java                       the one Java loop registered on the matrix's --class-path (run --impl java's choice)
 *   java:ID                    the Java loop registered on the matrix's --class-path with the id ID
 * </pre>
 * A Java loop is named by its provider's id, not its class: the id is what its column and report folder are
 * called, and ids and class names may look alike ("my.loop"), so one form keeps {@code java:X} unambiguous.
 *
 * @param text        the spec as given, for messages and the matrix column of an implementation that did not start
 * @param kind        the {@code --impl} kind it stands for
 * @param python      the interpreter (python, uvloop), else null
 * @param loopFactory the agent's named loop ("uvloop", "nest_asyncio", "nest_asyncio2"), else null
 * @param variant     "c" or "py", or null
 * @param command     the agent command line (process), else null
 * @param javaId      the registered provider's id (java:ID), else null: for java, the only one registered
 */
record ImplementationSpec(String text, String kind, Path python, String loopFactory, String variant, String command,
        String javaId) {

    static final String HELP = "reference | reference-sync | reference-nested | python:PATH[:c|py] | uvloop:PATH | nest_asyncio:PATH | nest_asyncio2:PATH | process:COMMAND | java | java:ID";

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
                return new ImplementationSpec(text, head, null, null, null, null, null);
            }
            case ImplementationOptions.PYTHON -> {
                String variant = null;
                if (rest.endsWith(":c") || rest.endsWith(":py")) {
                    variant = rest.substring(rest.lastIndexOf(':') + 1);
                    rest = rest.substring(0, rest.lastIndexOf(':'));
                }
                if (!rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.PYTHON, Path.of(rest), null, variant, null, null);
                }
            }
            case "uvloop", "nest_asyncio", "nest_asyncio2" -> {
                if (!rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.PYTHON, Path.of(rest), head, null, null, null);
                }
            }
            case ImplementationOptions.PROCESS -> {
                if (!rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.PROCESS, null, null, null, rest, null);
                }
            }
            case ImplementationOptions.JAVA -> {
                if (colon < 0 || !rest.isBlank()) {
                    return new ImplementationSpec(text, ImplementationOptions.JAVA, null, null, null, null,
                            colon < 0 ? null : rest);
                }
            }
            default -> {
                // falls through to the error below
            }
        }
        throw new IllegalArgumentException("bad --impl [" + text + "]: use " + HELP);
    }

    /** This java spec with the id of the provider it stands for (bare {@code java}: the one registered). */
    ImplementationSpec withJavaId(String id) {
        return new ImplementationSpec(text, kind, python, loopFactory, variant, command, id);
    }

    /**
     * The name of its column before the implementation says its own: a Java loop's provider id, which is also
     * what the started loop calls itself; else the spec as given.
     */
    String provisionalName() {
        return javaId != null ? javaId : text;
    }

    /**
     * The options {@code run} would be given for this implementation.
     *
     * @param classPath the matrix's --class-path: a java column's loop is loaded from it, no other column uses it
     */
    ImplementationOptions options(Duration timeout, List<Path> classPath) {
        ImplementationOptions.JavaLoopChoice java = kind.equals(ImplementationOptions.JAVA)
                ? new ImplementationOptions.JavaLoopChoice(null, javaId, classPath) : null;
        return new ImplementationOptions(kind, python, loopFactory, List.of(), variant, command, timeout, java)
                .validate();
    }
}
