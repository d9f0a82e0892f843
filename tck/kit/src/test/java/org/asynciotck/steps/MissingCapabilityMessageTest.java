package org.asynciotck.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Capability;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profiles;
import org.junit.jupiter.api.Test;

/** The not-applicable reason of a scenario whose capability is absent carries why the implementation lacks it. */
class MissingCapabilityMessageTest {

    private static ImplementationInfo withNotes(Set<String> capabilities, Map<String, String> notes) {
        return new ImplementationInfo("own-1.0-py3.12", "own", "1.0", "3.12.1", ApiLevel.parse("3.12"), capabilities,
                Profiles.stock(), null, notes);
    }

    @Test
    void theReasonQuotesTheImplementationsNote() {
        ImplementationInfo info = withNotes(Set.of(Capability.HANDLE_INTERNALS),
                Map.of(Capability.READY_QUEUE, "call_soon did not put its handle in loop._ready"));
        assertThat(ApplicabilityHooks.missingCapability(info, Capability.READY_QUEUE).getMessage())
                .isEqualTo("not applicable: needs capability 'ready-queue', which own-1.0-py3.12 does not declare"
                        + " (call_soon did not put its handle in loop._ready)");
    }

    @Test
    void withoutANoteTheReasonNamesTheCapabilityAlone() {
        ImplementationInfo info = withNotes(Set.of(), Map.of());
        assertThat(ApplicabilityHooks.missingCapability(info, Capability.SELECT_TIMEOUT).getMessage())
                .isEqualTo("not applicable: needs capability 'select-timeout', which own-1.0-py3.12 does not declare");
    }

    @Test
    void notesAreBoundedAndOnlyForAbsentKnownCapabilities() {
        ImplementationInfo info = withNotes(Set.of(Capability.READY_QUEUE),
                Map.of(Capability.READY_QUEUE, "present, so dropped", Capability.SELECT_TIMEOUT, "x".repeat(5000)));
        assertThat(info.whyLacks(Capability.READY_QUEUE)).isEmpty();
        assertThat(info.whyLacks(Capability.SELECT_TIMEOUT)).get().asString()
                .hasSize(ImplementationInfo.MAX_NOTE + 3).endsWith("...");
        assertThatThrownBy(() -> withNotes(Set.of(), Map.of("teleport", "no")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("teleport");
    }

    @Test
    void theNotesSurviveTheUsersRedeclarations() {
        ImplementationInfo info = withNotes(Set.of(), Map.of(Capability.READY_QUEUE, "elsewhere"))
                .withIdentity("pinned").withProfiles(Profiles.stock());
        assertThat(info.whyLacks(Capability.READY_QUEUE)).contains("elsewhere");
    }
}
