package org.asynciotck.untrusted;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * A console writer that passes everything printed through {@link ConsoleText#clean}, so no call
 * site can forget to. The newline of {@code println} and a write that is nothing but a line
 * separator or a carriage return (the progress line rewrites itself with one) are the kit's own
 * layout and pass as they are; any other newline is inside printed text and is folded.
 */
public final class SanitisingPrintWriter extends PrintWriter {

    public SanitisingPrintWriter(Writer out) {
        super(out, true);
    }

    /** {@code writer} itself when it already sanitises, else a sanitising writer around it. */
    public static PrintWriter around(PrintWriter writer) {
        return writer instanceof SanitisingPrintWriter ? writer : new SanitisingPrintWriter(writer);
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
