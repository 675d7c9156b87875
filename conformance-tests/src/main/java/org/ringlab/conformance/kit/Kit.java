package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicNode;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MappedFileStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.RecordQueue;
import org.ringlab.api.Registries;

/**
 * The conformance kit: which providers to test, how hard, and the suite's parts as JUnit dynamic
 * tests, one per matrix cell, named like {@code spsc × mirrored-memfd × variable × 64 KiB}; a
 * cell that cannot run here is reported skipped with its reason. {@link ConformanceSuite} runs
 * every part; the methods are public so a project can also pick parts for its own factories.
 *
 * <pre>{@code
 * Kit.allProviders()                          // every strategy and discipline on the class path
 * Kit.forStrategies("example-heap")           // one strategy of yours × every discipline
 * Kit.forDisciplines("my-queue")              // every strategy × one discipline of yours
 * }</pre>
 */
public final class Kit {

    private final Matrix matrix;
    private final KitSettings settings;
    private final Map<String, Supplier<CopyCountModel>> copyCounts;
    private final List<FaultInjector> injectors;
    private final List<GrowthStrategy> growth;
    private final List<MappedFileStrategy> mappedFiles;
    private final Map<String, Function<RecordQueue, Membership.Members>> members;
    /** Whether the strategies and disciplines are all the registries hold (then the matrix must have them all). */
    private final boolean wholeRegistry;

    private Kit(Matrix matrix, KitSettings settings, Map<String, Supplier<CopyCountModel>> copyCounts,
                List<FaultInjector> injectors, boolean wholeRegistry, List<GrowthStrategy> growth,
                List<MappedFileStrategy> mappedFiles, Map<String, Function<RecordQueue, Membership.Members>> members) {
        this.matrix = matrix;
        this.members = Map.copyOf(members);
        this.growth = List.copyOf(growth);
        this.mappedFiles = List.copyOf(mappedFiles);
        this.wholeRegistry = wholeRegistry;
        this.settings = settings;
        this.copyCounts = Map.copyOf(copyCounts);
        this.injectors = List.copyOf(injectors);
    }

    /** Exactly these providers, with the settings of the system properties. */
    public static Kit of(List<MemoryStrategy> strategies, List<QueueDiscipline> disciplines) {
        return new Kit(new Matrix(strategies, disciplines), KitSettings.fromSystemProperties(), Map.of(),
                List.of(FaultInjector.linux()), false, List.of(), List.of(), Map.of());
    }

    /** Every discovered strategy × every discipline, available or not (unavailable ones are skipped with their reason). */
    public static Kit allProviders() {
        Kit kit = of(Registries.memoryStrategies().all(), Registries.disciplines().all());
        return new Kit(kit.matrix, kit.settings, kit.copyCounts, kit.injectors, true, Registries.growthStrategies().all(),
                Registries.mappedFiles().all(), Map.of());
    }

    /**
     * This kit with the named growth strategies (discovered, available or not) for the growth
     * parts; a kit has none unless given some (or made by {@link #allProviders()}).
     */
    public Kit withGrowthStrategies(String... names) {
        return withGrowth(Arrays.stream(names).map(n -> Registries.growthStrategies().find(n).orElseThrow(() ->
                new IllegalArgumentException("no GrowthStrategy named '" + n + "' on the class path; discovered: "
                        + Registries.growthStrategies().names() + " (is it in META-INF/services/"
                        + GrowthStrategy.class.getName() + "?)"))).toList());
    }

    /** This kit with exactly these growth strategies. */
    public Kit withGrowth(List<GrowthStrategy> strategies) {
        return new Kit(matrix, settings, copyCounts, injectors, wholeRegistry, strategies, mappedFiles, members);
    }

    /** This kit with exactly these mapped-file strategies for the mapped-file part (none unless given, or all from {@link #allProviders()}). */
    public Kit withMappedFiles(List<MappedFileStrategy> strategies) {
        return new Kit(matrix, settings, copyCounts, injectors, wholeRegistry, growth, strategies, members);
    }

    /** The named mapped-file strategies (discovered, available or not). */
    public Kit withMappedFiles(String... names) {
        return withMappedFiles(Arrays.stream(names).map(n -> Registries.mappedFiles().find(n).orElseThrow(() ->
                new IllegalArgumentException("no MappedFileStrategy named '" + n + "' on the class path; discovered: "
                        + Registries.mappedFiles().names()))).toList());
    }

    /** The named strategies (discovered, available or not) × every discovered discipline. */
    public static Kit forStrategies(String... names) {
        return of(Arrays.stream(names).map(n -> Registries.memoryStrategies().find(n).orElseThrow(() ->
                new IllegalArgumentException("no MemoryStrategy named '" + n + "' on the class path; discovered: "
                        + Registries.memoryStrategies().names() + " (is it in META-INF/services/"
                        + MemoryStrategy.class.getName() + "?)"))).toList(), Registries.disciplines().all());
    }

    /** Every discovered strategy × the named disciplines. */
    public static Kit forDisciplines(String... names) {
        return of(Registries.memoryStrategies().all(), Arrays.stream(names).map(n -> Registries.disciplines().find(n)
                .orElseThrow(() -> new IllegalArgumentException("no QueueDiscipline named '" + n
                        + "' on the class path; discovered: " + Registries.disciplines().names()))).toList());
    }

    public Kit withSettings(KitSettings newSettings) {
        return new Kit(matrix, newSettings, copyCounts, injectors, wholeRegistry, growth, mappedFiles, members);
    }

    /** The copy counters {@code strategyName} documents, as a model the memory contract compares exactly. */
    public Kit withCopyCountModel(String strategyName, Supplier<CopyCountModel> model) {
        Map<String, Supplier<CopyCountModel>> next = new HashMap<>(copyCounts);
        next.put(strategyName, model);
        return new Kit(matrix, settings, next, injectors, wholeRegistry, growth, mappedFiles, members);
    }

    /**
     * How consumers join and leave queues of the discipline {@code disciplineName} (a
     * discipline of yours: the SPI has no join/leave), so the membership part checks them;
     * without it that part skips the discipline, saying so. ringlab's broadcast needs none.
     */
    public Kit withMembership(String disciplineName, Function<RecordQueue, Membership.Members> joinLeave) {
        Map<String, Function<RecordQueue, Membership.Members>> next = new HashMap<>(members);
        next.put(disciplineName, joinLeave);
        return new Kit(matrix, settings, copyCounts, injectors, wholeRegistry, growth, mappedFiles, next);
    }

    /** A fault hook for a backend of yours (tried before ringlab's own). */
    public Kit withFaultInjector(FaultInjector injector) {
        List<FaultInjector> next = new ArrayList<>();
        next.add(injector);
        next.addAll(injectors);
        return new Kit(matrix, settings, copyCounts, next, wholeRegistry, growth, mappedFiles, members);
    }

    public Matrix matrix() {
        return matrix;
    }

    /**
     * For a kit over {@link #allProviders()}: throws unless its matrix holds every provider the
     * registries discover now (by name), so no provider can drop out of the run unnoticed.
     */
    public void checkAgainstTheRegistries() {
        if (!wholeRegistry) {
            return;
        }
        List<String> strategies = matrix.strategies().stream().map(MemoryStrategy::name).toList();
        List<String> disciplines = matrix.disciplines().stream().map(QueueDiscipline::name).toList();
        if (!strategies.equals(Registries.memoryStrategies().names())) {
            throw new AssertionError("the matrix has strategies " + strategies + ", the registry "
                    + Registries.memoryStrategies().names());
        }
        List<String> mappedNames = mappedFiles.stream().map(MappedFileStrategy::name).toList();
        if (!mappedNames.equals(Registries.mappedFiles().names())) {
            throw new AssertionError("the kit has mapped-file strategies " + mappedNames + ", the registry "
                    + Registries.mappedFiles().names());
        }
        List<String> growthNames = growth.stream().map(GrowthStrategy::name).toList();
        if (!growthNames.equals(Registries.growthStrategies().names())) {
            throw new AssertionError("the kit has growth strategies " + growthNames + ", the registry "
                    + Registries.growthStrategies().names());
        }
        if (!disciplines.equals(Registries.disciplines().names())) {
            throw new AssertionError("the matrix has disciplines " + disciplines + ", the registry "
                    + Registries.disciplines().names());
        }
    }

    public KitSettings settings() {
        return settings;
    }

    /** The copy-count model the memory contract uses for {@code strategy}: yours, else the documented one, else none. */
    public Optional<Supplier<CopyCountModel>> copyCountModel(MemoryStrategy strategy) {
        return Optional.ofNullable(copyCounts.get(strategy.name())).or(() -> CopyCountModel.documentedFor(strategy));
    }

    /** {@link MemoryContract}: action chains per strategy × capacity. */
    public Stream<DynamicNode> memoryContract() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> MemoryContract.check(cell, copyCountModel(cell.strategy()), settings)));
    }

    /** {@link MemoryContract#seamSweep}: a write and a window across the seam at every offset. */
    public Stream<DynamicNode> seamSweep() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> MemoryContract.seamSweep(cell, copyCountModel(cell.strategy()), settings)));
    }

    /** {@link FrameContract}: writeFrame against writeInt then write, at and across the seam, per strategy × capacity. */
    public Stream<DynamicNode> frameWrites() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> FrameContract.check(cell, settings)));
    }

    /** {@link FrameContract#checkReleasedWords}: writeIntRelease/readIntAcquire against writeInt/readInt, at and across the seam. */
    public Stream<DynamicNode> releasedWords() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> FrameContract.checkReleasedWords(cell, settings)));
    }

    /** {@link FrameContract#checkZeroIntAfterWrites}: writeThenZeroInt against write then writeInt, at and across the seam. */
    public Stream<DynamicNode> zeroIntAfterWrites() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> FrameContract.checkZeroIntAfterWrites(cell, settings)));
    }

    /** {@link MemoryContract#header}: the header contract per strategy × capacity. */
    public Stream<DynamicNode> headerContract() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(), () -> MemoryContract.header(cell)));
    }

    /** {@link ElementRingContract}: seed 000's element ring per strategy × capacity. */
    public Stream<DynamicNode> elementRing() {
        return matrix.memoryCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> ElementRingContract.check(cell, settings)));
    }

    /** {@link BadInput}: per strategy. */
    public Stream<DynamicNode> badInput() {
        return matrix.strategies().stream().map(s -> dynamicTest(s.name(), () -> BadInput.check(s)));
    }

    /**
     * {@link MemoryPromises}, per strategy: segments of every kind after close, positions far
     * from 0, capacities the granularity allows beyond the matrix's, copies counted, the ring's
     * self-description.
     */
    public Stream<DynamicNode> memoryPromises() {
        return matrix.strategies().stream().flatMap(s -> Stream.of(
                dynamicTest(s.name() + " × segments of every kind after close", () -> MemoryPromises.viewsAfterClose(s)),
                dynamicTest(s.name() + " × positions near 2^31, 2^32 and a large random long",
                        () -> MemoryPromises.farPositions(s, copyCountModel(s), settings)),
                dynamicTest(s.name() + " × capacities its granularity allows",
                        () -> MemoryPromises.capacitiesOfTheGranularity(s, copyCountModel(s), settings)),
                dynamicTest(s.name() + " × a copy across the seam is counted", () -> MemoryPromises.copiesAreCounted(s)),
                dynamicTest(s.name() + " × its ring names the strategy's name, capabilities and granularity",
                        () -> MemoryPromises.selfDescription(s))));
    }

    /** {@link BadInput#check(Cell)}: a queue's bad arguments, per discipline × strategy. */
    public Stream<DynamicNode> queueBadInput() {
        return matrix.pairCells().stream().map(cell -> dynamicTest(cell.displayName(), () -> BadInput.check(cell)));
    }

    /**
     * {@link QueueContractPoints}: each contract point per discipline × strategy, with seam
     * placement cross too where the strategy copies at the seam (every consumer of a
     * multi-consumer discipline), and use after close of every strategy's memory.
     */
    public Stream<DynamicNode> contractPoints() {
        Stream<DynamicNode> queues = matrix.pointCells().stream().map(cell -> dynamicContainer(cell.displayName(),
                Arrays.stream(QueueContractPoints.Point.values()).map(point -> dynamicTest(point.sentence(),
                        () -> QueueContractPoints.check(cell, point)))));
        Stream<DynamicNode> memories = matrix.strategies().stream().map(s -> dynamicTest(s.name()
                + ": after RingMemory.close() every method but close() and isOpen() throws IllegalStateException",
                () -> QueueContractPoints.memoryUseAfterClose(s)));
        return Stream.concat(queues, memories);
    }

    /** {@link QueueContract}: action chains per discipline × strategy × record mode × capacity. */
    public Stream<DynamicNode> queueContract() {
        return matrix.queueCells().stream().map(cell -> dynamicTest(cell.displayName(),
                () -> QueueContract.check(cell, settings)));
    }

    /** {@link Concurrency}: two threads per discipline × strategy. */
    public Stream<DynamicNode> concurrency() {
        return matrix.pairCells().stream().map(cell -> dynamicTest(cell.displayName() + " × "
                + settings.records() + " records (" + QueueContractPoints.CONSUMERS + " consumer threads where the discipline takes several)",
                () -> Concurrency.check(cell, settings)));
    }

    /** {@link Membership}: consumers joining and leaving, and a slow one, per discipline × strategy (skipped where consumers are fixed). */
    public Stream<DynamicNode> membership() {
        return matrix.pairCells().stream().map(cell -> dynamicTest(cell.displayName() + " × "
                + QueueContractPoints.CONSUMERS + " consumers: leave, join, one slow", () -> Membership.check(cell, queue ->
                Optional.ofNullable(members.get(cell.discipline().name())).map(m -> m.apply(queue))
                        .or(() -> Membership.ringlabs(queue)))));
    }

    /**
     * {@link GrowthContract}: per growth strategy of this kit, its append, usable-capacity, stale-segment,
     * use-after-close, bad-input and leak checks. Empty when the kit has no growth strategy.
     */
    public Stream<DynamicNode> growthContract() {
        return growth.stream().map(g -> dynamicContainer(g.name(), Stream.of(
                dynamicTest(g.name() + ": random appends read back byte-identical, the counters keep the traits' promises",
                        () -> GrowthContract.appendsReadBackByteIdentical(g, settings)),
                dynamicTest(g.name() + ": capacity() bytes fit without a growth and read back",
                        () -> GrowthContract.capacityIsUsable(g)),
                dynamicTest(g.name() + ": a segment from before a move throws or shows what it showed",
                        () -> GrowthContract.staleSegments(g)),
                dynamicTest(g.name() + ": after close everything throws and native segments are dead",
                        () -> GrowthContract.useAfterClose(g)),
                dynamicTest(g.name() + ": bad input is refused naming the values", () -> GrowthContract.badInput(g)),
                dynamicTest(g.name() + " × 2000 allocate/grow/close cycles leak nothing",
                        () -> GrowthContract.createCloseCycles(g, 2000)),
                dynamicContainer(g.name() + ": every native call of an allocation and its grows fails cleanly",
                        Faults.tests(g, injectors).stream()))));
    }

    /** {@link MappedFileContract}: per mapped-file strategy of this kit. Empty when it has none. */
    public Stream<DynamicNode> mappedFileContract() {
        return mappedFiles.stream().map(m -> dynamicContainer(m.name(), Stream.of(
                dynamicTest(m.name() + ": header and chunks, growth, sharing by path, read-only refusals, stale segments",
                        () -> MappedFileContract.contract(m)),
                dynamicTest(m.name() + ": bad specs are refused naming the value", () -> MappedFileContract.badInput(m)),
                dynamicTest(m.name() + " × 500 create/grow/close cycles leak nothing",
                        () -> MappedFileContract.createCloseCycles(m, 500)),
                dynamicContainer(m.name() + ": every native call of creating and growing a file fails cleanly",
                        Faults.tests(m, injectors).stream()))));
    }

    /** {@link Faults}: every native call of every strategy's allocation, failed in turn. */
    public Stream<DynamicNode> faults() {
        return matrix.strategies().stream().map(s -> dynamicContainer(s.name(), Faults.tests(s, injectors).stream()));
    }

    /** {@link LongRuns#createCloseCycles}: per strategy. */
    public Stream<DynamicNode> createCloseCycles() {
        return matrix.strategies().stream().map(s -> dynamicTest(s.name() + " × " + settings.cycles() + " cycles",
                () -> LongRuns.createCloseCycles(s, settings.cycles())));
    }

    /**
     * {@link LongRuns#soak}: {@link KitSettings#soakBytes()} through each discipline, shared
     * equally among the strategies that can run it here, to every consumer of a multi-consumer one.
     */
    public Stream<DynamicNode> soak() {
        List<Cell> pairs = matrix.pairCells();
        return matrix.disciplines().stream().map(d -> {
            List<Cell> cells = pairs.stream().filter(c -> c.discipline() == d).toList();
            // A cell that cannot run is left out of the soak by name, never silently.
            List<String> left = cells.stream().filter(c -> c.runnableReason().isPresent())
                    .map(c -> c.displayName().substring(d.name().length() + 3)).toList();
            return dynamicTest(d.name() + " × " + (cells.size() - left.size()) + " cells × " + settings.soakBytes() + " bytes"
                            + (left.isEmpty() ? "" : " (left out, cannot run here: " + String.join(", ", left) + ")"),
                    () -> LongRuns.soak(cells, settings.soakBytes(), settings.seed()));
        });
    }
}
