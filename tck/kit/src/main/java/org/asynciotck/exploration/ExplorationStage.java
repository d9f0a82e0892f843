package org.asynciotck.exploration;

import java.nio.file.Path;
import org.asynciotck.spi.LoopImplementation;

/**
 * The exploration stage of a certification (EXPLORE-1, features/90-generated-programs.feature): generated
 * programs run on the loop under test and on the reference loop, compared under the exploration's model.
 * The kit's module asyncio-tck-explore provides it through {@link java.util.ServiceLoader}; the kit itself
 * names no adapter, so a class path without that module reports the stage as not run, with the reason.
 */
public interface ExplorationStage {

    /**
     * Runs the budget's programs on {@code implementation} and writes the evidence of each divergence under
     * {@code folder} (paths in the findings are relative to {@code folder}'s parent, the report folder).
     * Returns within the budget's time plus one program's bound; a loop that hangs costs its programs, never
     * the result. The result's {@link Exploration#leansOn} names the rules whose guarantees the stage's model
     * compares: where the scenarios find one of them broken, a divergence under another rule may be its
     * consequence and is "blocked by" it, never a second failure.
     *
     * @param replay how a user replays this exploration, for the evidence files
     * @param stop   registers what ends the stage early when the run is interrupted: the result then covers the
     *               programs that ran before it, said in its {@link Exploration#why}
     */
    Exploration explore(LoopImplementation implementation, ExplorationBudget budget, Path folder, String replay,
            ExplorationStop stop);
}
