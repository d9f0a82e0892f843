package org.asynciotck.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profiles;
import org.junit.jupiter.api.Test;

/** Which baseline entry a run is compared with: by identity, by the versioned id of older files, never by version. */
class BaselineMatchTest {

    private static ImplementationInfo uvloop(String version) {
        return new ImplementationInfo("uvloop-" + version + "-py3.11", "uvloop", version, "3.11.7",
                ApiLevel.parse("3.11"), Set.of(), Profiles.stock(), "uvloop-py3.11");
    }

    private static ImplementationBaseline entry(String version) {
        return new ImplementationBaseline(Map.of("NTODO-4", new ExpectedVerdict(Verdict.FAIL, "errata U-1")), version);
    }

    @Test
    void anEntryKeyedByIdentityMatchesEveryVersionAndAChangedVersionIsOnlyANote() {
        Baseline baseline = Baseline.empty().with("uvloop-py3.11", entry("0.23.0"));

        assertThat(baseline.find(uvloop("0.23.0")).orElseThrow().notes()).isEmpty();
        Baseline.Match bumped = baseline.find(uvloop("0.24.1")).orElseThrow();
        assertThat(bumped.entry().rules()).containsKey("NTODO-4");
        assertThat(bumped.notes()).singleElement().asString().startsWith("version changed: the entry for uvloop-py3.11 "
                + "was recorded with version 0.23.0, this run is version 0.24.1");
    }

    @Test
    void anEntryOfAnOlderFileKeyedByTheVersionedIdStillMatchesWithANoteOnHowToRekeyIt() {
        Baseline baseline = Baseline.empty().with("uvloop-0.23.0-py3.11", entry(null));

        Baseline.Match match = baseline.find(uvloop("0.23.0")).orElseThrow();

        assertThat(match.key()).isEqualTo("uvloop-0.23.0-py3.11");
        assertThat(match.notes()).singleElement().asString()
                .contains("rename the key to the identity \"uvloop-py3.11\"");
        assertThat(baseline.find(uvloop("0.24.0"))).isEmpty();
    }

    @Test
    void writingAnEntryKeysItByIdentityAndDropsTheVersionedKey() {
        Baseline baseline = Baseline.empty().with("uvloop-0.23.0-py3.11", entry(null))
                .with(uvloop("0.23.0"), entry("0.23.0"));

        assertThat(baseline.implementations()).containsOnlyKeys("uvloop-py3.11");
        assertThat(baseline.implementations().get("uvloop-py3.11").version()).isEqualTo("0.23.0");
    }
}
