package org.ringlab.api;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a {@link MappedFile} takes the page-fault cost of its memory before the writer does
 * (seed 004). Policies are combined as an explicit list applied in order, never OR-ed:
 * {@code madvise} values are exclusive values, not flags, and each {@code madvise} call
 * replaces the advice the previous one set on the range.
 *
 * <p>For each chunk the steps run in list order. The chunk is mapped at the first step that
 * needs a mapping ({@link #POPULATE} maps with {@code MAP_POPULATE}; {@link #WILLNEED},
 * {@link #SEQUENTIAL}, {@link #MANUAL}, {@link #HUGE} and {@link #BACKGROUND} act on the
 * mapping), or after the last step when none does; a step before it ({@link #PREALLOC}) acts
 * on the file alone.
 */
public enum PrefaultPolicy {
    /** Nothing: every first touch of a page faults on the writer's path (seed 004's {@code BM_MMap01}). */
    NONE("none", false),
    /** {@code fallocate} the chunk's file range: saves step 1 of the fault (block allocation). */
    PREALLOC("prealloc", false),
    /** {@code mmap(..., MAP_POPULATE)}: every page mapped before the call returns. */
    POPULATE("populate", true),
    /** Touch every page once (a write that changes nothing), as seed 004's {@code ManualPrefault}. */
    MANUAL("manual", true),
    /** {@code madvise(MADV_WILLNEED)}: the kernel reads ahead when it sees fit. */
    WILLNEED("willneed", true),
    /** {@code madvise(MADV_SEQUENTIAL)}: aggressive read-ahead, pages dropped behind. */
    SEQUENTIAL("sequential", true),
    /**
     * A prefaulter thread keeps a window ahead of the writer's position populated (growing
     * the file and mapping chunks first), so the writer takes no fault and waits for none.
     */
    BACKGROUND("background", true),
    /** {@code madvise(MADV_HUGEPAGE)}: 2 MiB pages where the file system and the kernel allow it. */
    HUGE("huge", true);

    private final String id;
    private final boolean needsMapping;

    PrefaultPolicy(String id, boolean needsMapping) {
        this.id = id;
        this.needsMapping = needsMapping;
    }

    /** The kebab-case name used on command lines and in reports. */
    public String id() {
        return id;
    }

    /** Whether this step acts on the mapping (so the chunk is mapped before it). */
    public boolean needsMapping() {
        return needsMapping;
    }

    /**
     * Parses {@code "prealloc+populate+willneed"} (also {@code ,} as separator). Each policy at
     * most once; {@code none} only alone. The message names the bad word and what is allowed.
     */
    public static List<PrefaultPolicy> parseList(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a prefault policy list is required, e.g. 'prealloc+populate'; allowed: "
                    + allowed());
        }
        List<PrefaultPolicy> list = new ArrayList<>();
        for (String word : text.trim().toLowerCase(Locale.ROOT).split("[+,]")) {
            list.add(parse(word.trim()));
        }
        return checkList(list);
    }

    /** One policy by {@link #id()}. */
    public static PrefaultPolicy parse(String word) {
        for (PrefaultPolicy p : values()) {
            if (p.id.equals(word)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown prefault policy '" + word + "'; allowed: " + allowed());
    }

    /** Checks a list: not empty, no repeats, {@code none} only alone; returns an immutable copy. */
    public static List<PrefaultPolicy> checkList(List<PrefaultPolicy> list) {
        if (list == null || list.isEmpty()) {
            throw new IllegalArgumentException("a prefault policy list must not be empty; use [none] for no prefault");
        }
        EnumSet<PrefaultPolicy> seen = EnumSet.noneOf(PrefaultPolicy.class);
        for (PrefaultPolicy p : list) {
            if (p == null) {
                throw new IllegalArgumentException("null in prefault policy list " + list);
            }
            if (!seen.add(p)) {
                throw new IllegalArgumentException("prefault policy '" + p.id + "' appears twice in " + describe(list));
            }
        }
        if (seen.contains(NONE) && list.size() > 1) {
            throw new IllegalArgumentException("'none' cannot be combined with other policies: " + describe(list));
        }
        return List.copyOf(list);
    }

    /** {@code "prealloc+populate"}. */
    public static String describe(List<PrefaultPolicy> list) {
        return list.stream().map(PrefaultPolicy::id).collect(Collectors.joining("+"));
    }

    private static String allowed() {
        return EnumSet.allOf(PrefaultPolicy.class).stream().map(PrefaultPolicy::id).collect(Collectors.joining(", "))
                + " (combine with '+')";
    }
}
