package org.ringlab.conformance.kit;

import java.util.Iterator;
import java.util.List;
import java.util.Random;

import net.jqwik.api.Shrinkable;
import net.jqwik.api.sessions.JqwikSession;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.Arbitrary;

/**
 * Runs jqwik action chains inside a JUnit dynamic test, one matrix cell at a time, and shrinks
 * a failing chain. jqwik's engine runs a property over all of its parameters at once, so it
 * cannot give every cell its own tries and its own skipped-with-reason entry; the kit therefore
 * generates each chain with jqwik's own generator (in a {@link JqwikSession}) and shrinks it
 * with jqwik's own {@link Shrinkable#shrink()} candidates, greedily: the first smaller chain
 * that still fails is kept, until none does or the step budget is spent.
 */
final class ChainRunner {

    /** Shrinking steps and candidates per step: enough to cut a chain of 50 actions to a few. */
    private static final int MAX_SHRINK_STEPS = 1000;

    private static final int CANDIDATES_PER_STEP = 400;
    private static final int GEN_SIZE = 1000;

    /** What the chains of the running cell opened; closed after each chain, failed or not. */
    private static final ThreadLocal<java.util.ArrayList<AutoCloseable>> OPENED =
            ThreadLocal.withInitial(java.util.ArrayList::new);

    private ChainRunner() {
    }

    /** Registers a chain's state (its ring, its queue) to be closed when the chain ends, however it ends. */
    static <T extends AutoCloseable> T opened(T resource) {
        OPENED.get().add(resource);
        return resource;
    }

    /** Closes what the chain opened, newest first; the first failure to close, or null. */
    private static Throwable closeOpened() {
        java.util.ArrayList<AutoCloseable> opened = OPENED.get();
        Throwable first = null;
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Throwable t) {
                first = first == null ? t : first;
            }
        }
        opened.clear();
        return first;
    }

    /**
     * Runs {@code tries} chains of {@code chains}; throws an {@link AssertionError} naming the
     * cell, the seed and the shrunk chain's actions when one fails. Each cell draws from its own
     * random sequence, derived from the kit's seed and the cell's name, so the printed seed
     * replays the failing cell whatever else runs.
     */
    static <S> void run(String cell, Arbitrary<ActionChain<S>> chains, KitSettings settings) {
        int tries = settings.tries();
        long seed = settings.seed();
        JqwikSession.start();
        try {
            Random random = new Random(seed ^ cell.hashCode());
            for (int t = 0; t < tries; t++) {
                Shrinkable<ActionChain<S>> generated = chains.generator(GEN_SIZE).next(random);
                Throwable failure = failureOf(generated);
                if (failure != null) {
                    throw report(cell, seed, settings.shrinkSeconds(), t, generated, failure);
                }
            }
        } finally {
            JqwikSession.finish();
        }
    }

    private static <S> AssertionError report(String cell, long seed, long shrinkSeconds, int attempt, Shrinkable<ActionChain<S>> original,
                                             Throwable originalFailure) {
        Shrinkable<ActionChain<S>> current = original;
        Throwable failure = originalFailure;
        List<String> originalSteps = stepsOf(original);
        // Bounded in time: a chain on a 1 MiB ring can take a second to replay, and a report that
        // never comes helps nobody; when time runs out, the best (shortest failing) chain so far is reported.
        int steps = 0;
        boolean shrunk = true;
        long began = System.nanoTime();
        long deadline = began + java.util.concurrent.TimeUnit.SECONDS.toNanos(shrinkSeconds);
        boolean outOfTime = false;
        while (shrunk && steps < MAX_SHRINK_STEPS && !outOfTime) {
            shrunk = false;
            Iterator<Shrinkable<ActionChain<S>>> candidates = current.shrink().limit(CANDIDATES_PER_STEP).iterator();
            while (candidates.hasNext()) {
                if (System.nanoTime() - deadline > 0) {
                    outOfTime = true;
                    break;
                }
                Shrinkable<ActionChain<S>> candidate = candidates.next();
                Throwable f = failureOf(candidate);
                // Same kind of failure only: a shrink must not trade the bug for another one.
                if (f != null && f.getClass() == originalFailure.getClass()) {
                    current = candidate;
                    failure = f;
                    shrunk = true;
                    steps++;
                    break;
                }
            }
        }
        List<String> shrunkSteps = stepsOf(current);
        long millis = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        String how = outOfTime ? "the best chain found in the shrink's " + shrinkSeconds + " s (-D"
                + KitSettings.SHRINK_SECONDS + " for longer): " + steps + " steps, " + shrunkSteps.size() + " actions"
                : steps >= MAX_SHRINK_STEPS ? "the best chain found in " + MAX_SHRINK_STEPS + " steps (" + millis + " ms): "
                + shrunkSteps.size() + " actions"
                : "shrunk in " + steps + " steps to " + shrunkSteps.size() + " actions"; // no time: a replay prints the same
        AssertionError error = new AssertionError(cell + ": chain " + (attempt + 1) + " failed (-D" + KitSettings.SEED
                + "=" + seed + " replays it)\n  " + how + ":\n    "
                + String.join("\n    ", shrunkSteps) + "\n  failure: " + failure
                + "\n  original chain: " + originalSteps.size() + " actions", failure);
        if (failure != originalFailure) {
            error.addSuppressed(originalFailure); // the unshrunk chain's own failure, for the record
        }
        return error;
    }

    /** Runs a fresh chain of the shrinkable; its failure, or null. */
    private static <S> Throwable failureOf(Shrinkable<ActionChain<S>> shrinkable) {
        ActionChain<S> chain = shrinkable.value();
        Throwable failure = null;
        try {
            chain.run();
        } catch (Throwable t) {
            failure = t;
        }
        // A chain that passed must also close cleanly; after a failure, that failure is the one to report.
        Throwable closing = closeOpened();
        return failure != null ? failure : closing;
    }

    private static <S> List<String> stepsOf(Shrinkable<ActionChain<S>> shrinkable) {
        ActionChain<S> chain = shrinkable.value();
        try {
            chain.run();
        } catch (Throwable expected) {
            // Run for its list of actions only; the failure was reported already.
        }
        closeOpened();
        return List.copyOf(chain.transformations());
    }
}
