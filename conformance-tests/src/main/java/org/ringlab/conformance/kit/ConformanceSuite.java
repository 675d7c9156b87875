package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole conformance suite; extend it with one small class that says which providers to
 * test:
 *
 * <pre>{@code
 * class ExampleHeapConformanceTest extends ConformanceSuite {
 *     @Override
 *     protected Kit kit() {
 *         return Kit.forStrategies("example-heap");
 *     }
 * }
 * }</pre>
 *
 * Each part is a {@link TestFactory} of dynamic tests, one per matrix cell; a cell that cannot
 * run here is reported skipped with its reason. The suite fails when the matrix is empty or
 * smaller than the providers make it, and when no cell at all can run. The methods are public:
 * JUnit finds them in a subclass of another package.
 */
public abstract class ConformanceSuite {

    /** The providers under test and the settings; called once per part. */
    protected abstract Kit kit();

    @Test
    public void theMatrixIsCompleteAndSomethingCanRun() {
        Kit kit = kit();
        kit.checkAgainstTheRegistries();
        Matrix m = kit.matrix();
        // Each call checks its size against the providers and throws when it is short or empty.
        m.memoryCells();
        m.queueCells();
        m.pairCells();
        assertFalse(m.memoryCells().stream().allMatch(c -> c.unavailableReason().isPresent()),
                "no strategy under test is available here: " + m.memoryCells().stream()
                        .map(c -> c.strategy().name() + ": " + c.unavailableReason().orElse("")).distinct().toList());
    }

    @TestFactory
    public Stream<DynamicNode> ringMemoryMatchesAByteArrayModel() {
        return kit().memoryContract();
    }

    @TestFactory
    public Stream<DynamicNode> writesAndWindowsAcrossTheSeamAtEveryOffset() {
        return kit().seamSweep();
    }

    @TestFactory
    public Stream<DynamicNode> aFrameWrittenInOneCallLeavesWhatItsTwoCallsWould() {
        return kit().frameWrites();
    }

    @TestFactory
    public Stream<DynamicNode> aWordReleasedOverAZeroLeavesWhatWriteIntWould() {
        return kit().releasedWords();
    }

    @TestFactory
    public Stream<DynamicNode> aPayloadAndTheZeroIntAfterItInOneCallLeaveWhatTheirTwoCallsWould() {
        return kit().zeroIntAfterWrites();
    }

    @TestFactory
    public Stream<DynamicNode> theHeaderIsLargeAlignedZeroedAndSharedAsTheRingIs() {
        return kit().headerContract();
    }

    @TestFactory
    public Stream<DynamicNode> theElementRingKeepsTheLastElementsInOrder() {
        return kit().elementRing();
    }

    @TestFactory
    public Stream<DynamicNode> badArgumentsAreRefusedNamingTheValue() {
        return kit().badInput();
    }

    @TestFactory
    public Stream<DynamicNode> everyStrategyKeepsTheRingMemoryPromisesPositionZeroHides() {
        return kit().memoryPromises();
    }

    @TestFactory
    public Stream<DynamicNode> badQueueArgumentsAreRefusedNamingTheValue() {
        return kit().queueBadInput();
    }

    @TestFactory
    public Stream<DynamicNode> queuesFollowAnArrayDequeModel() {
        return kit().queueContract();
    }

    @TestFactory
    public Stream<DynamicNode> everyDisciplineMeetsTheQueueContractPoints() {
        return kit().contractPoints();
    }

    @TestFactory
    public Stream<DynamicNode> producerAndConsumerThreadsLoseDuplicateAndReorderNothing() {
        return kit().concurrency();
    }

    @TestFactory
    public Stream<DynamicNode> consumersJoinLeaveAndASlowOneHoldsTheProducerBackLosingNothing() {
        return kit().membership();
    }

    @TestFactory
    public Stream<DynamicNode> growthStrategiesKeepTheGrowableBufferContract() {
        return kit().growthContract();
    }

    @TestFactory
    public Stream<DynamicNode> mappedFilesKeepTheMappedFileContract() {
        return kit().mappedFileContract();
    }

    @TestFactory
    public Stream<DynamicNode> everyNativeCallOfAnAllocationFailsCleanly() {
        return kit().faults();
    }

    @TestFactory
    public Stream<DynamicNode> createCloseCyclesLeakNothing() {
        return kit().createCloseCycles();
    }

    @TestFactory
    public Stream<DynamicNode> aSoakThroughEveryDisciplineKeepsRssStable() {
        return kit().soak();
    }
}
