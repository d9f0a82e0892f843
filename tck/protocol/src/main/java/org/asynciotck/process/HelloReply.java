package org.asynciotck.process;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.asynciotck.spi.ApiLevel;
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
        List<String> capabilities = names(impl, "capabilities");
        List<String> profiles = names(impl, "profiles");
        Map<String, String> notes = notes(impl);
        String id = givenId != null ? givenId : ReportFolders.name(deriveId(name, version, python, variant));
        String identity = givenId != null ? givenId : ReportFolders.name(deriveIdentity(name, version, python, variant));
        try {
            ApiLevel apiLevel = ApiLevel.parse(text(impl, "api_level"));
            // ImplementationInfo refuses unknown capabilities; Profiles, unknown or contradictory profiles.
            return new ImplementationInfo(id, name, version, python, apiLevel, Set.copyOf(capabilities),
                    Profiles.declared(profiles, apiLevel), identity, notes);
        } catch (IllegalArgumentException e) {
            throw new Unusable("hello: " + e.getMessage());
        }
    }

    /**
     * A stable id for report paths: {@code cpython-3.12.1-c} for CPython's own loop (with the
     * Task/Future variant: "c" unless "py" was asked for or the name says so), otherwise
     * {@code <first word of the name>-<version>-py<major.minor>}, e.g. {@code uvloop-0.21.0-py3.11}.
     */
    static String deriveId(String name, String version, String python, String variant) {
        String slug = slug(name);
        if (slug.equals("cpython")) {
            return "cpython-" + version + "-" + variant(name, variant);
        }
        int[] pythonVersion = python.isEmpty() ? null : PythonProbe.parseVersion(python);
        return pythonVersion == null
                ? slug + "-" + version
                : slug + "-" + version + "-py" + pythonVersion[0] + "." + pythonVersion[1];
    }

    /**
     * The identity that stays the same across the implementation's releases, for baselines:
     * {@code cpython-3.12-c} for CPython's own loop (its version is the interpreter's; a patch
     * release does not change asyncio, a feature release does, so the feature release stays),
     * otherwise {@code <first word of the name>-py<major.minor>} ({@code uvloop-py3.11}) or, for a
     * loop that is not a Python one, the first word of the name alone.
     */
    static String deriveIdentity(String name, String version, String python, String variant) {
        String slug = slug(name);
        int[] pythonVersion = python.isEmpty() ? null : PythonProbe.parseVersion(python);
        if (slug.equals("cpython")) {
            int[] own = PythonProbe.parseVersion(version);
            String release = own != null ? own[0] + "." + own[1]
                    : pythonVersion != null ? pythonVersion[0] + "." + pythonVersion[1] : version;
            return "cpython-" + release + "-" + variant(name, variant);
        }
        return pythonVersion == null ? slug : slug + "-py" + pythonVersion[0] + "." + pythonVersion[1];
    }

    private static String slug(String name) {
        String slug = name.strip().split("\\s+")[0].toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "");
        return slug.isEmpty() ? "unnamed" : slug;
    }

    /** "c" unless "py" was asked for or the name says so. */
    private static String variant(String name, String variant) {
        return variant != null ? variant : name.toLowerCase(Locale.ROOT).contains("python task") ? "py" : "c";
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

    /**
     * The optional {@code capability_notes}: absent capability -> why (docs/protocol.md, "Capabilities");
     * absent means none, as from agents older than the notes. Names are checked (and notes cut) by
     * {@link ImplementationInfo}; anything but an object of strings is refused.
     */
    private static Map<String, String> notes(JsonNode impl) throws Unusable {
        JsonNode object = impl.path("capability_notes");
        Map<String, String> notes = new HashMap<>();
        if (object.isMissingNode() || object.isNull()) {
            return notes;
        }
        if (!object.isObject()) {
            throw new Unusable("hello: implementation.capability_notes is not an object: " + cut(object));
        }
        for (var entry : object.properties()) {
            if (!entry.getValue().isTextual()) {
                throw new Unusable("hello: implementation.capability_notes holds a non-string: " + cut(entry.getValue()));
            }
            notes.put(entry.getKey(), entry.getValue().asText());
        }
        return notes;
    }

    private static String cut(JsonNode node) {
        String text = node.toString();
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }

    private static String text(JsonNode impl, String field) throws Unusable {
        JsonNode value = impl.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new Unusable("hello reply lacks implementation." + field + ": " + impl);
        }
        return value.asText();
    }
}
