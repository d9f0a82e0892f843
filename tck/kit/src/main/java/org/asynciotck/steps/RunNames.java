package org.asynciotck.steps;

/** Says which iteration something happened in, in words for failure messages. */
final class RunNames {

    private RunNames() {}

    static String of(Integer run) {
        if (run == null) {
            return "no iteration (it never happened)";
        }
        return run == 0 ? "no iteration (synchronously, outside the loop)" : "iteration " + run;
    }
}
