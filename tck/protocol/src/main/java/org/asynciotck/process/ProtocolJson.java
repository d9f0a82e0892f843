package org.asynciotck.process;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * The JSON dialect of docs/protocol.md: snake_case field names, operations tagged by their
 * {@code op} property with {@link Operation#wireName()}, enums by their wire names, null fields of
 * outcomes and events left out. The API's types carry no JSON annotations: the wire form is this
 * module's business, declared here with Jackson mix-ins.
 */
public final class ProtocolJson {

    private ProtocolJson() {}

    /**
     * A new mapper for the protocol. A new one per call, because an {@link ObjectMapper} can be
     * reconfigured by whoever holds it and this one is shared by every agent conversation.
     * Unknown fields are ignored so that an agent may add diagnostics without breaking the kit.
     * {@code isX()} methods are not properties: otherwise {@code Outcome.isError()} would add an
     * {@code "error"} field that the protocol does not have.
     */
    public static ObjectMapper newMapper() {
        JsonMapper mapper = JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .visibility(PropertyAccessor.IS_GETTER, Visibility.NONE)
                .addMixIn(Operation.class, OperationTaggedByOp.class)
                .addMixIn(Outcome.class, NullFieldsLeftOut.class)
                .addMixIn(Event.class, NullFieldsLeftOut.class)
                .addMixIn(Outcome.Kind.class, WireNamed.class)
                .addMixIn(Operation.TaskConstruction.class, WireNamed.class)
                .addMixIn(Operation.BaseErrorType.class, WireNamed.class)
                .addMixIn(Operation.ExceptionHandlerKind.class, WireNamed.class)
                .addMixIn(Operation.AsyncgenHooksKind.class, WireNamed.class)
                .addMixIn(Operation.RunnerEntry.class, WireNamed.class)
                .addMixIn(Operation.MainEnding.class, WireNamed.class)
                .addMixIn(Operation.RunOnce.Via.class, WireNamed.class)
                .addMixIn(Operation.RunOnce.class, RunOnceViaLeftOutWhenDocumented.class)
                .addMixIn(Operation.RunOnceOnAnotherThread.class, RunOnceViaLeftOutWhenDocumented.class)
                .build();
        for (Class<? extends Operation> type : Operation.types()) {
            mapper.registerSubtypes(new NamedType(type, Operation.wireName(type)));
        }
        return mapper;
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
    private interface OperationTaggedByOp {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    private interface NullFieldsLeftOut {}

    /**
     * {@code run_once} says {@code via} only for the fallback: the documented primitive goes out as
     * {@code {"op": "run_once"}}, as it always has, so that an agent that predates the field is
     * never sent one unless the kit has to (docs/protocol.md, {@code run_once}).
     */
    private abstract static class RunOnceViaLeftOutWhenDocumented {
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = StopBeforeRun.class)
        abstract Operation.RunOnce.Via via();
    }

    /** Jackson's value filter: a value it equals is left out. */
    private static final class StopBeforeRun {
        @Override
        public boolean equals(Object value) {
            return value == Operation.RunOnce.Via.STOP_BEFORE_RUN;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    /** For the API's enums: each has {@code wireName()}, used both ways. */
    private abstract static class WireNamed {
        @JsonValue
        abstract String wireName();
    }
}
