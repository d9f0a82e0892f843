package org.asynciotck.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import org.asynciotck.runner.Timeline;
import org.asynciotck.runner.Verdict;

/**
 * The JSON form of the kit's verdict model in the reports (conformance.json, the matrix, the
 * baseline): verdicts by their wire names, timelines with their documented field names. The kit's
 * types carry no JSON annotations; the form is declared here with Jackson mix-ins, for every mapper
 * of the reports.
 */
public final class ReportJson {

    private ReportJson() {}

    /** A new mapper with the reports' mix-ins; callers add their own features. */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addMixIn(Verdict.class, VerdictByWireName.class)
                .addMixIn(Timeline.class, TimelineFields.class)
                .build();
    }

    private abstract static class VerdictByWireName {
        @JsonValue
        abstract String wireName();
    }

    @JsonPropertyOrder({"focus", "expected", "observed", "expected_order"})
    private abstract static class TimelineFields {
        @JsonProperty("expected_order")
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        abstract List<String> expectedOrder();
    }
}
