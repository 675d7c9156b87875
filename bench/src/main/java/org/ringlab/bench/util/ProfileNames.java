package org.ringlab.bench.util;

import java.util.Arrays;
import java.util.Locale;

/**
 * An experiment's profiles as {@code --profile} names them: the lower-case names of its enum's
 * constants. {@code TINY}, a profile for tests, is accepted but not listed.
 */
public final class ProfileNames {

    private ProfileNames() {
    }

    /** The profile of {@code type} named {@code text}; an unknown name is an error listing the documented ones. */
    public static <E extends Enum<E>> E parse(Class<E> type, String text) {
        for (E p : type.getEnumConstants()) {
            if (id(p).equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "'; allowed: " + String.join(", ",
                Arrays.stream(type.getEnumConstants()).filter(p -> !p.name().equals("TINY")).map(ProfileNames::id)
                        .toList()));
    }

    /** {@code quick} for {@code QUICK}. */
    public static String id(Enum<?> profile) {
        return profile.name().toLowerCase(Locale.ROOT);
    }
}
