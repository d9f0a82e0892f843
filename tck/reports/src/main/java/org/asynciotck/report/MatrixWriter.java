package org.asynciotck.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/** Writes matrix.html, matrix.md and matrix.json into one folder, each atomically; reads matrix.json back. */
public final class MatrixWriter {

    public static final String MATRIX_JSON = "matrix.json";
    public static final String MATRIX_HTML = "matrix.html";
    public static final String MATRIX_MD = "matrix.md";

    private static final ObjectMapper JSON = ReportJson.newMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private MatrixWriter() {}

    /** The JSON last, so a reader that sees it sees the others too. */
    public static void write(Path directory, MatrixReport matrix) throws IOException {
        AtomicFiles.write(directory.resolve(MATRIX_HTML), MatrixRenderer.html(matrix));
        AtomicFiles.write(directory.resolve(MATRIX_MD), MatrixRenderer.markdown(matrix));
        AtomicFiles.write(directory.resolve(MATRIX_JSON), JSON.writeValueAsString(matrix) + "\n");
    }

    public static MatrixReport read(Path matrixJson) throws IOException {
        return JSON.readValue(matrixJson.toFile(), MatrixReport.class);
    }

    /** Writes the matrix table into the generated block of a hand-written page ({@link ReadmeBlock}). */
    public static void writeInto(Path page, MatrixReport matrix) throws IOException {
        ReadmeBlock.replace(page, MatrixRenderer.readmeTable(matrix));
    }
}
