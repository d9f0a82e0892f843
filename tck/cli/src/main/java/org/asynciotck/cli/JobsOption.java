package org.asynciotck.cli;

/** The range check of a {@code --jobs N} option, in the words every command that has one uses. */
final class JobsOption {

    private JobsOption() {}

    /**
     * @param unit what one job is, in the singular ("scenario", "implementation")
     * @throws IllegalArgumentException naming --jobs, its value, the range and the machine's cores
     */
    static int require(int jobs, int most, String unit) {
        if (jobs < 1 || jobs > most) {
            throw new IllegalArgumentException("bad --jobs [" + jobs + "]: use 1 (one " + unit + " at a time) to "
                    + most + " (" + unit + "s side by side), e.g. --jobs 2; this machine has "
                    + Runtime.getRuntime().availableProcessors() + " cores");
        }
        return jobs;
    }
}
