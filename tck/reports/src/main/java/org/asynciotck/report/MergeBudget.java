package org.asynciotck.report;

import java.nio.file.Path;

/**
 * How much one {@code matrix --from} merges in all: every merged column stays in memory until the
 * matrix is written, so one file's bound ({@link ConformanceImport#MAX_BYTES}) is not enough when
 * there are many files. A file past the budget is refused by name, with what to do; the columns
 * merged before it are kept and written.
 */
public final class MergeBudget {

    /** All merged files together: a whole run's conformance.json is under 100 KB, so this is hundreds of runs. */
    public static final long MAX_TOTAL_BYTES = 2 * ConformanceImport.MAX_BYTES;
    /** Merged columns in one matrix: each is a column of every row of matrix.html. */
    public static final int MAX_COLUMNS = 256;

    private long bytes;
    private int columns;

    /** @throws ConformanceImport.Refused when the matrix already has as many merged columns as it may */
    public void admit(Path file) throws ConformanceImport.Refused {
        if (columns >= MAX_COLUMNS) {
            throw new ConformanceImport.Refused(file, "the matrix already has the " + MAX_COLUMNS
                    + " merged columns one matrix may have; merge the rest into another --out folder");
        }
    }

    /** Counts a file read; @throws ConformanceImport.Refused when it brings the merge past its total. */
    public void merged(ConformanceImport.Imported imported) throws ConformanceImport.Refused {
        long after = bytes + imported.bytes().length;
        if (after > MAX_TOTAL_BYTES) {
            throw new ConformanceImport.Refused(imported.file(), "its " + imported.bytes().length + " bytes would bring"
                    + " the files merged into this matrix past the " + MAX_TOTAL_BYTES + " bytes one matrix merges ("
                    + bytes + " so far); merge the rest into another --out folder");
        }
        bytes = after;
        columns++;
    }
}
