package org.asynciotck.process;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The JSON dialect of docs/protocol.md: snake_case field names, operations tagged by their
 * {@code op} property (see {@link org.asynciotck.spi.Operation}), outcomes and events as
 * the SPI records declare them.
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
        return JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .visibility(PropertyAccessor.IS_GETTER, Visibility.NONE)
                .build();
    }
}
