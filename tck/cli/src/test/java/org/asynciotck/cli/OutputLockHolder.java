package org.asynciotck.cli;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A second process for {@link OutputLockTest}: holds the output lock of the folder it is given, says
 * "held" on standard output, and releases it when its standard input ends (the test closes it, or dies).
 */
public final class OutputLockHolder {

    private OutputLockHolder() {}

    public static void main(String[] args) throws Exception {
        try (OutputLock lock = OutputLock.acquire(Path.of(args[0]), holder -> {})) {
            System.out.println("held");
            System.out.flush();
            while (System.in.read() >= 0) {
                // until the test closes our standard input
            }
        } catch (OutputLock.Refused | IOException e) {
            System.out.println("refused: " + e.getMessage());
        }
    }
}
