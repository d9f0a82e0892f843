package org.asynciotck.steps;

import org.opentest4j.TestAbortedException;

/**
 * A scenario that does not apply to the implementation under test, for a declared reason: a
 * capability it does not declare, an API level above its own, a profile it does not follow. The
 * runner turns exactly this type into the not-applicable verdict; the message is for people.
 */
public final class NotApplicable extends TestAbortedException {

    private static final long serialVersionUID = 1L;
    /** How the message starts, so a reader of any report sees why the scenario did not run. */
    public static final String MESSAGE_PREFIX = "not applicable: ";

    public NotApplicable(String reason) {
        super(MESSAGE_PREFIX + reason);
    }
}
