package org.ringlab.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The experiments on the class path (ServiceLoader), in the seeds' order (history, driver, growth, broadcast, mapped, anchors); unknown ones after, by id. */
public final class Experiments {

    /** ringlab's own experiments, in the seeds' order. */
    public static final List<String> SPEC_ORDER = List.of("history", "driver", "growth", "broadcast", "mapped", "anchors");

    private Experiments() {
    }

    /** Every experiment found, sorted: ringlab's own first in the seeds' order, third-party ones after by id. */
    public static List<Experiment> all() {
        List<Experiment> found = new ArrayList<>();
        ServiceLoader.load(Experiment.class, Experiment.class.getClassLoader()).forEach(found::add);
        found.sort(Comparator.comparingInt((Experiment e) -> rank(e.id())).thenComparing(Experiment::id));
        List<String> seen = new ArrayList<>();
        for (Experiment e : found) {
            if (seen.contains(e.id())) {
                throw new IllegalStateException("two experiments have the id '" + e.id() + "': "
                        + found.stream().filter(x -> x.id().equals(e.id())).map(x -> x.getClass().getName()).toList());
            }
            seen.add(e.id());
        }
        return found;
    }

    public static List<String> ids() {
        return all().stream().map(Experiment::id).toList();
    }

    public static Optional<Experiment> find(String id) {
        return all().stream().filter(e -> e.id().equals(id)).findFirst();
    }

    private static int rank(String id) {
        int i = SPEC_ORDER.indexOf(id);
        return i < 0 ? SPEC_ORDER.size() : i;
    }
}
