package org.asynciotck.docs;

import java.util.List;
import java.util.Objects;

/**
 * One claim of the source document, as docs/claims.md records it.
 *
 * @param id      stable ID, e.g. {@code C-12}
 * @param section the document section the claim is in
 * @param quote   a short quote of the claim
 * @param errata  errata entries where real CPython differs from it, e.g. {@code [E-4]}; may be empty
 * @param reason  why the kit turns it into no rule; empty when some rule encodes it
 */
record Claim(String id, String section, String quote, List<String> errata, String reason) {

    Claim {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(quote, "quote");
        errata = List.copyOf(errata);
        Objects.requireNonNull(reason, "reason");
    }

    boolean hasReason() {
        return !reason.isBlank();
    }

    /** The number in the ID, for sorting C-2 before C-10. */
    int number() {
        return Integer.parseInt(id.substring(id.indexOf('-') + 1));
    }
}
