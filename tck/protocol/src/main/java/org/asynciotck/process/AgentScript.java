package org.asynciotck.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The bundled Python agent, one zipapp ({@code asyncio-tck-agent.pyz}, built from tck/protocol/src/main/python by
 * the build), written out of the jar so that an interpreter can run it as {@code python3 FILE.pyz ...}.
 */
public final class AgentScript {

    /** The file name the zipapp is written under by {@link #writeTo}. */
    public static final String FILE_NAME = "asyncio-tck-agent.pyz";

    static final String RESOURCE = "/org/asynciotck/process/" + FILE_NAME;

    private AgentScript() {}

    /**
     * Copies the agent to a new temporary file, deleted when the JVM exits (and earlier by
     * {@link ProcessImplementation#close()}).
     */
    static Path extract() {
        try (InputStream in = AgentScript.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new ImplementationUnavailable("the agent zipapp " + RESOURCE + " is not on the classpath");
            }
            Path file = Files.createTempFile("asyncio-tck-agent-", ".pyz");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new ImplementationUnavailable("could not write the agent zipapp " + RESOURCE
                    + " to a temporary file: " + e.getMessage(), "", e);
        }
    }

    /**
     * Writes the zipapp into {@code folder} (made if missing) as {@value #FILE_NAME}, replacing one
     * that is there, so that a loop author can run it by hand: {@code python3 FILE --help}.
     *
     * @return the file written
     * @throws IOException when the folder cannot be made or the file cannot be written
     */
    public static Path writeTo(Path folder) throws IOException {
        Files.createDirectories(folder);
        Path file = folder.resolve(FILE_NAME);
        try (InputStream in = AgentScript.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the agent zipapp " + RESOURCE + " is not on the classpath");
            }
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }
}
