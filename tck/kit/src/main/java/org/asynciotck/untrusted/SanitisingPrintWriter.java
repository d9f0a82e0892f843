package org.asynciotck.untrusted;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * A console writer that passes everything printed through {@link ConsoleText#clean}, so no call
 * site can forget to. The newline of {@code println} and a write that is nothing but a line
 * separator or a carriage return (the progress line rewrites itself with one) are the kit's own
 * layout and pass as they are; any other newline is inside printed text and is folded.
 *
 * <p>It also knows what it writes to: whether that is a terminal (the progress line rewrites
 * itself there) and whether colour is wanted (a terminal, no {@code NO_COLOR}, no
 * {@code --no-color}). {@link #print(ConsoleColour, String)} adds the kit's own colour after
 * cleaning the text, and nothing else may put an escape sequence on the console.
 */
public final class SanitisingPrintWriter extends PrintWriter {

    private final boolean terminal;
    private volatile boolean colour;

    public SanitisingPrintWriter(Writer out) {
        this(out, false, false);
    }

    /**
     * @param terminal whether {@code out} is a terminal
     * @param colour   whether to colour what is printed with a {@link ConsoleColour}; only on a terminal
     */
    public SanitisingPrintWriter(Writer out, boolean terminal, boolean colour) {
        super(out, true);
        this.terminal = terminal;
        this.colour = terminal && colour;
    }

    /** {@code writer} itself when it already sanitises, else a sanitising writer around it (no terminal, no colour). */
    public static PrintWriter around(PrintWriter writer) {
        return writer instanceof SanitisingPrintWriter ? writer : new SanitisingPrintWriter(writer);
    }

    /** Whether {@code writer} is a sanitising writer to a terminal. */
    public static boolean isTerminal(PrintWriter writer) {
        return writer instanceof SanitisingPrintWriter s && s.terminal;
    }

    /** Whether {@code writer} colours what is printed with a colour. */
    public static boolean hasColour(PrintWriter writer) {
        return writer instanceof SanitisingPrintWriter s && s.colour;
    }

    /** Turns colour off (the user said {@code --no-color}); it is never turned on after construction. */
    public void noColour() {
        colour = false;
    }

    /** Prints {@code text}, cleaned, in {@code colour} when this writer colours; plain otherwise. */
    public void print(ConsoleColour colour, String text) {
        String shown = ConsoleText.clean(text);
        synchronized (lock) {
            if (this.colour) {
                super.write(colour.start(), 0, colour.start().length());
                super.write(shown, 0, shown.length());
                super.write(ConsoleColour.RESET, 0, ConsoleColour.RESET.length());
            } else {
                super.write(shown, 0, shown.length());
            }
        }
    }

    /**
     * Prints {@code text} to {@code writer}: coloured when it is a sanitising writer that colours,
     * cleaned (by the writer) otherwise.
     */
    public static void print(PrintWriter writer, ConsoleColour colour, String text) {
        if (writer instanceof SanitisingPrintWriter s) {
            s.print(colour, text);
        } else {
            writer.print(ConsoleText.clean(text));
        }
    }

    @Override
    public void write(String text, int offset, int length) {
        String piece = text.substring(offset, offset + length);
        String shown = isLayout(piece) ? piece : ConsoleText.clean(piece);
        super.write(shown, 0, shown.length());
    }

    @Override
    public void write(char[] chars, int offset, int length) {
        write(new String(chars, offset, length), 0, length);
    }

    @Override
    public void write(int c) {
        write(String.valueOf((char) c), 0, 1);
    }

    private static boolean isLayout(String piece) {
        return piece.equals("\n") || piece.equals("\r\n") || piece.equals("\r") || piece.equals(System.lineSeparator());
    }
}
