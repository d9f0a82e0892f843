package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.junit.jupiter.api.Test;

class HelloReplyTest {

    @Test
    void readsTheExampleOfTheProtocol() throws Exception {
        JsonNode reply = ProtocolJson.newMapper().readTree("""
                {"seq": 1, "type": "hello", "protocol": 1,
                 "implementation": {"name": "CPython asyncio", "version": "3.12.1",
                                    "python": "3.12.1", "api_level": "3.12",
                                    "capabilities": ["ready-queue", "select-timeout", "eager-start"]}}
                """);
        ImplementationInfo info = HelloReply.read(reply, null, null);
        assertThat(info.id()).isEqualTo("cpython-3.12.1-c");
        assertThat(info.apiLevel()).isEqualTo(new ApiLevel(3, 12));
        assertThat(info.capabilities()).containsExactlyInAnyOrder("ready-queue", "select-timeout", "eager-start");
    }

    @Test
    void readsWhyEachAbsentCapabilityIsAbsentAndToleratesAgentsWithoutNotes() throws Exception {
        ImplementationInfo info = HelloReply.read(hello("""
                "capabilities": ["handle-internals"],
                "capability_notes": {"ready-queue": "call_soon did not put its handle in loop._ready"}"""), null, null);
        assertThat(info.whyLacks("ready-queue")).contains("call_soon did not put its handle in loop._ready");
        assertThat(info.whyLacks("select-timeout")).isEmpty();
        assertThat(HelloReply.read(hello("\"capabilities\": []"), null, null).capabilityNotes()).isEmpty();
    }

    @Test
    void refusesNotesThatAreNotAnObjectOfStringsForKnownCapabilities() throws Exception {
        assertThatThrownBy(() -> HelloReply.read(hello("\"capabilities\": [], \"capability_notes\": [\"x\"]"), null, null))
                .isInstanceOf(HelloReply.Unusable.class).hasMessageContaining("capability_notes is not an object");
        assertThatThrownBy(() -> HelloReply.read(hello("\"capabilities\": [], \"capability_notes\": {\"ready-queue\": 1}"),
                null, null)).isInstanceOf(HelloReply.Unusable.class).hasMessageContaining("non-string");
        assertThatThrownBy(() -> HelloReply.read(hello("\"capabilities\": [], \"capability_notes\": {\"teleport\": \"no\"}"),
                null, null)).isInstanceOf(HelloReply.Unusable.class).hasMessageContaining("teleport");
    }

    private static JsonNode hello(String capabilityFields) throws Exception {
        return ProtocolJson.newMapper().readTree("""
                {"seq": 1, "type": "hello", "protocol": 1,
                 "implementation": {"name": "own", "version": "1.0", "python": "3.12.1", "api_level": "3.12",
                """ + capabilityFields + "}}");
    }

    @Test
    void derivesIds() {
        assertThat(HelloReply.deriveId("CPython asyncio", "3.12.1", "3.12.1", "py")).isEqualTo("cpython-3.12.1-py");
        assertThat(HelloReply.deriveId("CPython asyncio (Python Task/Future)", "3.12.1", "3.12.1", null))
                .isEqualTo("cpython-3.12.1-py");
        assertThat(HelloReply.deriveId("uvloop", "0.21.0", "3.11.7", null)).isEqualTo("uvloop-0.21.0-py3.11");
        assertThat(HelloReply.deriveId("Some Loop", "1.0", "", null)).isEqualTo("some-1.0");
    }

    @Test
    void derivesIdentitiesWithoutTheImplementationsVersion() {
        assertThat(HelloReply.deriveIdentity("CPython asyncio", "3.12.1", "3.12.1", null)).isEqualTo("cpython-3.12-c");
        assertThat(HelloReply.deriveIdentity("CPython asyncio", "3.12.7", "3.12.7", "py")).isEqualTo("cpython-3.12-py");
        assertThat(HelloReply.deriveIdentity("uvloop", "0.21.0", "3.11.7", null)).isEqualTo("uvloop-py3.11");
        assertThat(HelloReply.deriveIdentity("uvloop", "0.23.0", "3.11.9", null)).isEqualTo("uvloop-py3.11");
        assertThat(HelloReply.deriveIdentity("Some Loop", "1.0", "", null)).isEqualTo("some");
    }

    @Test
    void aGivenIdIsTheIdentityToo() throws Exception {
        JsonNode reply = ProtocolJson.newMapper().readTree("""
                {"protocol": 1, "implementation": {"name": "uvloop", "version": "0.23.0", "python": "3.11.7",
                                                   "api_level": "3.11"}}
                """);
        assertThat(HelloReply.read(reply, null, null).identity()).isEqualTo("uvloop-py3.11");
        assertThat(HelloReply.read(reply, null, null).version()).isEqualTo("0.23.0");
        assertThat(HelloReply.read(reply, "mine", null).identity()).isEqualTo("mine");
    }

    @Test
    void refusesAHelloWithoutAVersion() throws Exception {
        JsonNode reply = ProtocolJson.newMapper().readTree(
                "{\"protocol\": 1, \"implementation\": {\"name\": \"x\", \"api_level\": \"3.12\"}}");
        assertThatThrownBy(() -> HelloReply.read(reply, null, null))
                .hasMessageStartingWith("hello reply lacks implementation.version");
    }
}
