package org.asynciotck.exploration;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What a run hands its exploration scenario (attached to its {@code RunScope}): the budget, where the
 * evidence goes, and how a user replays it.
 *
 * @param budget the run's budget
 * @param folder where the stage writes (the report folder's {@code exploration/})
 * @param replay the command or setting that replays it, for the evidence files
 * @param stop   how an interruption of the run stops the stage and keeps what it found
 */
public record ExplorationRequest(ExplorationBudget budget, Path folder, String replay, ExplorationStop stop) {

    /** The folder under the report folder that holds the evidence. */
    public static final String FOLDER = "exploration";

    public ExplorationRequest {
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(stop, "stop");
        replay = replay == null ? "" : replay;
    }
}
