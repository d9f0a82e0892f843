package org.asynciotck.spi;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The profiles an implementation follows: exactly one of each {@link Profile.Group}, the
 * group's default where nothing else was declared.
 *
 * @since 0.1
 */
public final class Profiles {

    private static final Profiles STOCK = new Profiles(new EnumMap<>(Profile.Group.class));

    private final Map<Profile.Group, Profile> declared;

    private Profiles(Map<Profile.Group, Profile> declared) {
        this.declared = declared;
    }

    /** Stock asyncio: every group's default. */
    public static Profiles stock() {
        return STOCK;
    }

    /**
     * The profiles named, each group's default for the others.
     *
     * @param names    profile names as declared (duplicates are fine)
     * @param apiLevel the implementation's API level, which some profiles need
     * @throws IllegalArgumentException for an unknown name, two profiles of one group, or a profile
     *     that does not exist at {@code apiLevel}; the message lists what is valid
     */
    public static Profiles declared(Collection<String> names, ApiLevel apiLevel) {
        Map<Profile.Group, Profile> chosen = new EnumMap<>(Profile.Group.class);
        for (String name : names) {
            Profile profile = Profile.named(Objects.requireNonNull(name, "profile name").strip());
            Profile other = chosen.putIfAbsent(profile.group(), profile);
            if (other != null && other != profile) {
                throw new IllegalArgumentException("profiles [" + other.wireName() + "] and [" + profile.wireName()
                        + "] are both " + profile.group().title() + " profiles; declare one of them");
            }
            if (profile.since().isPresent() && !apiLevel.atLeast(profile.since().get())) {
                throw new IllegalArgumentException("profile [" + profile.wireName() + "] exists from API level "
                        + profile.since().get() + " on, and the implementation declares API level " + apiLevel);
            }
        }
        return new Profiles(chosen);
    }

    /** These profiles and {@code more}, which must not contradict them (same checks as {@link #declared}). */
    public Profiles with(Profiles more, ApiLevel apiLevel) {
        List<String> names = new ArrayList<>(explicitNames());
        names.addAll(more.explicitNames());
        return declared(names, apiLevel);
    }

    /** The profile followed in {@code group}. */
    public Profile in(Profile.Group group) {
        return declared.getOrDefault(group, group.defaultProfile());
    }

    public boolean follows(Profile profile) {
        return in(profile.group()) == profile;
    }

    /** One profile per group, in group order. */
    public List<Profile> all() {
        return List.of(Profile.Group.values()).stream().map(this::in).toList();
    }

    /** The names that were declared, defaults declared explicitly included. */
    private List<String> explicitNames() {
        return declared.values().stream().map(Profile::wireName).toList();
    }

    /** The names of the profiles that are not a group's default ("stock" has none). */
    public List<String> declaredNames() {
        return all().stream().filter(p -> !p.isDefault()).map(Profile::wireName).toList();
    }

    /** All profile names, defaults included, for reports. */
    public List<String> names() {
        return all().stream().map(Profile::wireName).toList();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Profiles that && all().equals(that.all());
    }

    @Override
    public int hashCode() {
        return all().hashCode();
    }

    @Override
    public String toString() {
        List<String> names = declaredNames();
        return names.isEmpty() ? "stock asyncio (" + String.join(", ", names()) + ")" : String.join(", ", names);
    }
}
