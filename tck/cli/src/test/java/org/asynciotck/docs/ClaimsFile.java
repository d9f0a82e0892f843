package org.asynciotck.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the claims table of docs/claims.md: rows {@code | C-n | section | quote | errata | reason |}.
 * Other lines (prose, the header, the separator) are ignored; a malformed claim row is a problem,
 * never skipped silently.
 */
final class ClaimsFile {

    static final Pattern CLAIM_ID = Pattern.compile("C-[1-9][0-9]*");
    private static final Pattern ERRATUM_ID = Pattern.compile("E-[1-9][0-9]*");
    private static final int COLUMNS = 5;

    private final Map<String, Claim> claims = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    private ClaimsFile() {}

    static ClaimsFile parse(String markdown) {
        ClaimsFile file = new ClaimsFile();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("| C-")) {
                file.readRow(line, i + 1);
            }
        }
        return file;
    }

    private void readRow(String line, int lineNumber) {
        String where = "docs/claims.md:" + lineNumber;
        if (!line.endsWith("|")) {
            problems.add(where + ": a claim row must end with '|': [" + line + "]");
            return;
        }
        String[] cells = line.substring(1, line.length() - 1).split("\\|", -1);
        if (cells.length != COLUMNS) {
            problems.add(where + ": a claim row needs " + COLUMNS + " cells (ID, section, quote, errata, reason), has "
                    + cells.length + " (a '|' inside a cell?): [" + line + "]");
            return;
        }
        String id = cells[0].strip();
        if (!CLAIM_ID.matcher(id).matches()) {
            problems.add(where + ": claim ID [" + id + "] is not of the form C-<number>");
            return;
        }
        List<String> errata = Arrays.stream(cells[3].split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        errata.stream().filter(e -> !ERRATUM_ID.matcher(e).matches())
                .forEach(e -> problems.add(where + ": " + id + " names erratum [" + e + "], expected E-<number>"));
        Claim claim = new Claim(id, cells[1].strip(), cells[2].strip(), errata, cells[4].strip());
        if (claim.quote().isEmpty()) {
            problems.add(where + ": " + id + " has no quote");
        }
        if (claims.putIfAbsent(id, claim) != null) {
            problems.add(where + ": claim ID " + id + " is used twice");
        }
    }

    /** The claims, in file order. */
    List<Claim> claims() {
        return List.copyOf(claims.values());
    }

    List<String> problems() {
        return List.copyOf(problems);
    }
}
