package org.asynciotck.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Capabilities, profiles and API levels are closed sets; anything else is refused with the valid values. */
class DeclarationsTest {

    private static final ApiLevel LEVEL_3_12 = ApiLevel.parse("3.12");

    @ParameterizedTest
    @ValueSource(strings = {"-1.-5", "99.99", "3", "3.9", "3.14", "three.twelve", ""})
    void impossibleOrUnknownApiLevelsAreRefusedListingTheKnownOnes(String level) {
        assertThatThrownBy(() -> ApiLevel.parse(level)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[" + level + "]").hasMessageContaining("the kit knows API levels 3.10, 3.11, 3.12, 3.13");
    }

    @Test
    void unknownCapabilitiesAreRefusedAndADispatchProfileIsNamedAsSuch() {
        assertThatThrownBy(() -> Capability.requireKnown(List.of("ready_queue", "made-up")))
                .hasMessageContaining("unknown capabilities [made-up, ready_queue]")
                .hasMessageContaining("the valid capabilities are " + String.join(", ", Capability.ALL));
        assertThatThrownBy(() -> Capability.requireKnown(List.of("deferred-dispatch")))
                .hasMessageContaining("future dispatch is a profile, not a capability");
        assertThat(Capability.requireKnown(Capability.ALL)).hasSize(7);
    }

    @Test
    void stockAsyncioFollowsEveryDefaultAndDeclaresNothing() {
        Profiles stock = Profiles.declared(List.of(), LEVEL_3_12);
        assertThat(stock).isEqualTo(Profiles.stock());
        assertThat(stock.names()).containsExactly("deferred-dispatch", "default-task-factory", "debug-off", "no-nested-runs");
        assertThat(stock.declaredNames()).isEmpty();
    }

    @Test
    void aDeclaredProfileReplacesItsGroupsDefaultOnly() {
        Profiles profiles = Profiles.declared(List.of("synchronous-dispatch", " debug-mode"), LEVEL_3_12);
        assertThat(profiles.names()).containsExactly("synchronous-dispatch", "default-task-factory", "debug-mode", "no-nested-runs");
        assertThat(profiles.follows(Profile.SYNCHRONOUS_DISPATCH)).isTrue();
        assertThat(profiles.follows(Profile.DEFERRED_DISPATCH)).isFalse();
    }

    @Test
    void twoProfilesOfOneGroupUnknownNamesAndProfilesAboveTheApiLevelAreRefused() {
        assertThatThrownBy(() -> Profiles.declared(List.of("synchronous-dispatch", "deferred-dispatch"), LEVEL_3_12))
                .hasMessageContaining("are both future dispatch profiles");
        assertThatThrownBy(() -> Profiles.declared(List.of("ready-queue"), LEVEL_3_12))
                .hasMessageContaining("unknown profile [ready-queue]; the valid profiles are");
        assertThatThrownBy(() -> Profiles.declared(List.of("eager-task-factory"), ApiLevel.parse("3.11")))
                .hasMessageContaining("exists from API level 3.12 on");
    }

    @Test
    void theUsersProfilesAddToTheLoopsOwnAndMayNotContradictThem() {
        Profiles own = Profiles.declared(List.of("eager-task-factory"), LEVEL_3_12);
        assertThat(own.with(Profiles.declared(List.of("debug-mode"), LEVEL_3_12), LEVEL_3_12).declaredNames())
                .containsExactly("eager-task-factory", "debug-mode");
        assertThatThrownBy(() -> own.with(Profiles.declared(List.of("default-task-factory"), LEVEL_3_12), LEVEL_3_12))
                .hasMessageContaining("are both task factory profiles");
    }

    @Test
    void nestedRunsIsAGroupOfItsOwnWhoseTwoProfilesExcludeEachOther() {
        Profiles nested = Profiles.declared(List.of("nested-runs"), LEVEL_3_12);
        assertThat(nested.follows(Profile.NESTED_RUNS)).isTrue();
        assertThat(nested.follows(Profile.NO_NESTED_RUNS)).isFalse();
        assertThat(nested.names()).containsExactly("deferred-dispatch", "default-task-factory", "debug-off", "nested-runs");
        assertThat(Profiles.stock().follows(Profile.NO_NESTED_RUNS)).isTrue();
        assertThatThrownBy(() -> Profiles.declared(List.of("nested-runs", "no-nested-runs"), LEVEL_3_12))
                .hasMessageContaining("are both nested runs profiles");
        assertThatThrownBy(() -> Profiles.declared(List.of("reentrant"), LEVEL_3_12))
                .hasMessageContaining("unknown profile [reentrant]; the valid profiles are")
                .hasMessageContaining("nested-runs");
    }
}
