package org.asynciotck.steps;

import io.cucumber.java.After;
import io.cucumber.java.Before;
import io.cucumber.java.Scenario;
import org.asynciotck.runner.ScenarioTags;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profile;

/**
 * Decides before each scenario whether it applies to the implementation: a
 * {@code @needs-<capability>} tag the implementation does not declare, a
 * {@code @since-<api level>} above the one it implements, or a {@code @profile-<name>}
 * of a profile it does not follow makes the scenario "not applicable" with the reason
 * named, never a pass and never a failure ({@code @needs-<RULE ID>} is a prerequisite rule instead, which
 * this does not read). All of it is read from what the implementation
 * declared; nothing here looks at how its loop behaves.
 */
public final class ApplicabilityHooks {

    private static final String NEEDS = "@needs-";
    private static final String SINCE = "@since-";
    private static final String PROFILE = "@profile-";

    private final ScenarioContext context;

    public ApplicabilityHooks(ScenarioContext context) {
        this.context = context;
    }

    @Before(order = 0)
    public void decideApplicability(Scenario scenario) {
        context.begin(scenario);
        ImplementationInfo info = context.info();
        for (String tag : scenario.getSourceTagNames()) {
            // @needs-TIMER-4 names a prerequisite rule, not a capability: it is resolved with the run's
            // result (runner.Prerequisites), so the scenario runs here.
            if (tag.startsWith(NEEDS) && !ScenarioTags.isPrerequisite(tag) && !info.has(tag.substring(NEEDS.length()))) {
                throw missingCapability(info, tag.substring(NEEDS.length()));
            }
            if (tag.startsWith(SINCE)) {
                ApiLevel needed = ApiLevel.parse(tag.substring(SINCE.length()));
                if (!info.apiLevel().atLeast(needed)) {
                    throw new NotApplicable("needs API level " + needed + ", and "
                            + info.id() + " implements " + info.apiLevel());
                }
            }
            if (tag.startsWith(PROFILE)) {
                Profile needed = Profile.named(tag.substring(PROFILE.length()));
                if (!info.follows(needed)) {
                    throw new NotApplicable("applies to the " + needed.group().title()
                            + " profile '" + needed.wireName() + "', and " + info.id() + " declares '"
                            + info.profiles().in(needed.group()).wireName() + "'");
                }
            }
        }
    }

    /** The reason names the capability and, when the implementation gave one, why it lacks it. */
    static NotApplicable missingCapability(ImplementationInfo info, String capability) {
        return new NotApplicable("needs capability '" + capability + "', which " + info.id() + " does not declare"
                + info.whyLacks(capability).map(why -> " (" + why + ")").orElse(""));
    }

    @After
    public void closeLoop() {
        context.end();
    }
}
