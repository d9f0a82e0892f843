package org.asynciotck.process;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Capability;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profiles;
import org.asynciotck.untrusted.ReportFolders;

/** Reads an agent's {@code hello} reply into an {@link ImplementationInfo}, and names the implementation. */
final class HelloReply {

    private HelloReply() {}

    /** Thrown for a hello the kit cannot use; the caller decides which failure it becomes. */
    static final class Unusable extends Exception {
        Unusable(String message) {
            super(message);
        }
    }

    /**
     * The implementation the agent describes.
     *
     * @param givenId the id to use, or null to derive one ({@link #deriveId})
     * @param variant the Task/Future variant asked for on the command line, or null
     */
    static ImplementationInfo read(JsonNode reply, String givenId, String variant) throws Unusable {
        int protocol = reply.path("protocol").asInt(-1);
        if (protocol != Request.PROTOCOL_VERSION) {
            throw new Unusable("agent speaks protocol " + reply.path("protocol")
                    + ", this kit speaks protocol " + Request.PROTOCOL_VERSION);
        }
        JsonNode impl = reply.path("implementation");
        String name = text(impl, "name");
        String version = text(impl, "version");
        String python = impl.path("python").asText("");
        ApiLevel apiLevel;
        try {
            apiLevel = ApiLevel.parse(text(impl, "api_level"));
        } catch (IllegalArgumentException e) {
            throw new Unusable("hello: " + e.getMessage());
        }
        List<String> capabilities = names(impl, "capabilities");
        List<String> profiles = names(impl, "profiles");
        Profiles declared;
        try {
            Capability.requireKnown(capabilities);
            declared = Profiles.declared(profiles, apiLevel);
        } catch (IllegalArgumentException e) {
            throw new Unusable("hello: " + e.getMessage());
        }
        String id = givenId != null ? givenId : ReportFolders.name(deriveId(name, version, python, variant));
        return new ImplementationInfo(id, name, version, python, apiLevel, Set.copyOf(capabilities), declared);
    }

    /**
     * A stable id for report paths: {@code cpython-3.12.1-c} for CPython's own loop (with the
     * Task/Future variant: "c" unless "py" was asked for or the name says so), otherwise
     * {@code <first word of the name>-<version>-py<major.minor>}, e.g. {@code uvloop-0.21.0-py3.11}.
     */
    static String deriveId(String name, String version, String python, String variant) {
        String slug = name.strip().split("\\s+")[0].toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "");
        if (slug.isEmpty()) {
            slug = "unnamed";
        }
        if (slug.equals("cpython")) {
            String v = variant != null ? variant : name.toLowerCase(Locale.ROOT).contains("python task") ? "py" : "c";
            return "cpython-" + version + "-" + v;
        }
        int[] pythonVersion = python.isEmpty() ? null : PythonProbe.parseVersion(python);
        return pythonVersion == null
                ? slug + "-" + version
                : slug + "-" + version + "-py" + pythonVersion[0] + "." + pythonVersion[1];
    }

    /** A list of names; absent means empty, anything but a list of strings is refused. */
    private static List<String> names(JsonNode impl, String field) throws Unusable {
        JsonNode list = impl.path(field);
        List<String> names = new ArrayList<>();
        if (list.isMissingNode() || list.isNull()) {
            return names;
        }
        if (!list.isArray()) {
            throw new Unusable("hello: implementation." + field + " is not a list: " + list);
        }
        for (JsonNode item : list) {
            if (!item.isTextual()) {
                throw new Unusable("hello: implementation." + field + " holds a non-string: " + item);
            }
            names.add(item.asText());
        }
        return names;
    }

    private static String text(JsonNode impl, String field) throws Unusable {
        JsonNode value = impl.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new Unusable("hello reply lacks implementation." + field + ": " + impl);
        }
        return value.asText();
    }
}
