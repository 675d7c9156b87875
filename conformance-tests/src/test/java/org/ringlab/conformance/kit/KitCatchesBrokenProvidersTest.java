package org.ringlab.conformance.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;
import org.ringlab.api.GrowthStrategy;
import org.ringlab.api.MemoryStrategy;
import org.ringlab.api.QueueDiscipline;
import org.ringlab.api.Registries;
import org.ringlab.conformance.kit.ContractFakeDiscipline.Bug;
import org.ringlab.conformance.kit.QueueContractPoints.Point;

/**
 * Proof that the suite can fail: each deliberately broken strategy, discipline and backend is run
 * through the kit's own checks, and every cell must fail; its correct twin (the same code with
 * the bug switched off) must pass every cell, so the failures are the bug's. Seeds are fixed so
 * the proof does not depend on luck.
 */
class KitCatchesBrokenProvidersTest {

    private static final KitSettings SETTINGS = KitSettings.fromSystemProperties().withTries(20).withRecords(20_000);
    private static final long SEED = 42;

    /** A failing cell's shrink is cut short here: the proof needs the failure, not the shortest chain. */
    private static final long SHRINK_SECONDS = 2;

    private static Kit memoryKit(MemoryStrategy strategy) {
        return Kit.of(List.of(strategy), List.of()).withSettings(SETTINGS.withSeed(SEED).withShrinkSeconds(SHRINK_SECONDS));
    }

    private static Kit queueKit(QueueDiscipline discipline) {
        return Kit.of(List.of(Registries.memoryStrategies().require("doubled"), Registries.memoryStrategies().require("split")),
                List.of(discipline)).withSettings(SETTINGS.withSeed(SEED).withShrinkSeconds(SHRINK_SECONDS));
    }

    @Test
    void aMirrorWriteForgottenIsCaughtByTheModelAndByTheSeamSweep() {
        Kit broken = memoryKit(BrokenStrategies.mirrorWriteForgotten(true))
                .withCopyCountModel("broken-mirror-forgotten", CopyCountModel::mirrorEveryCommit);
        Kit twin = memoryKit(BrokenStrategies.mirrorWriteForgotten(false))
                .withCopyCountModel("doubled-twin", CopyCountModel::mirrorEveryCommit);
        everyCellFails(broken, Kit::memoryContract, "window(");
        everyCellFails(broken, Kit::seamSweep, "window(");
        everyCellPasses(twin, Kit::memoryContract);
        everyCellPasses(twin, Kit::seamSweep);
    }

    @Test
    void aRotationUnderAHeldClaimIsCaughtByTheMemoryContractAndByTheSeamSweep() {
        Kit broken = memoryKit(BrokenStrategies.rotatesUnderAClaim(true));
        Kit twin = memoryKit(BrokenStrategies.rotatesUnderAClaim(false));
        everyCellFails(broken, Kit::memoryContract, "window(");
        everyCellFails(broken, Kit::seamSweep, "window(");
        everyCellPasses(twin, Kit::memoryContract);
        everyCellPasses(twin, Kit::seamSweep);
    }

    @Test
    void anOffByOneAtTheSeamIsCaughtByTheModelAndByTheSeamSweep() {
        Kit broken = memoryKit(BrokenStrategies.offByOneAtTheSeam(true))
                .withCopyCountModel("broken-seam-off-by-one", CopyCountModel::stageAndGatherAtTheSeam);
        Kit twin = memoryKit(BrokenStrategies.offByOneAtTheSeam(false))
                .withCopyCountModel("split-twin", CopyCountModel::stageAndGatherAtTheSeam);
        everyCellFails(broken, Kit::memoryContract, "window(");
        everyCellFails(broken, Kit::seamSweep, "window(");
        everyCellPasses(twin, Kit::memoryContract);
        everyCellPasses(twin, Kit::seamSweep);
    }

    private static MemoryStrategy split(BrokenStrategies.SplitBug bug) {
        return BrokenStrategies.split(bug);
    }

    private static Kit splitKit(BrokenStrategies.SplitBug bug) {
        MemoryStrategy s = split(bug);
        return memoryKit(s).withCopyCountModel(s.name(), CopyCountModel::stageAndGatherAtTheSeam);
    }

    @Test
    void theCorrectSplitRingWrittenDirectlyPassesEveryMemoryPart() {
        Kit twin = splitKit(BrokenStrategies.SplitBug.NONE);
        everyCellPasses(twin, Kit::memoryContract);
        everyCellPasses(twin, Kit::seamSweep);
        everyCellPasses(twin, Kit::headerContract);
    }

    @Test
    void aWriteFrameOverrideIsComparedWithItsTwoCallsAtAndAcrossTheSeam() {
        everyCellPasses(splitKit(BrokenStrategies.SplitBug.NONE), Kit::frameWrites);
        everyCellFails(splitKit(BrokenStrategies.SplitBug.FRAME_WORD_REVERSED_ACROSS_THE_SEAM), Kit::frameWrites,
                "readInt shows");
        everyCellFails(splitKit(BrokenStrategies.SplitBug.FRAME_STAGED_AT_THE_SEAM), Kit::frameWrites, "copy counters");
    }

    @Test
    void aWriteThenZeroIntOverrideIsComparedWithItsTwoCallsAtAndAcrossTheSeam() {
        everyCellPasses(splitKit(BrokenStrategies.SplitBug.NONE), Kit::zeroIntAfterWrites);
        everyCellFails(splitKit(BrokenStrategies.SplitBug.ZERO_INT_CLEARS_THE_GAP), Kit::zeroIntAfterWrites,
                "between the payload and the zero int");
        everyCellFails(splitKit(BrokenStrategies.SplitBug.ZERO_INT_STAGED_AT_THE_SEAM), Kit::zeroIntAfterWrites,
                "copy counters");
    }

    @Test
    void aReleaseStoreOrAcquireLoadOfItsOwnIsComparedWithWriteIntAndReadIntAtAndAcrossTheSeam() {
        everyCellPasses(splitKit(BrokenStrategies.SplitBug.NONE), Kit::releasedWords);
        everyCellFails(splitKit(BrokenStrategies.SplitBug.RELEASE_WORD_WRAPPED_OFF_BY_ONE), Kit::releasedWords,
                "readIntAcquire shows");
        everyCellFails(splitKit(BrokenStrategies.SplitBug.ACQUIRE_WORD_IGNORES_THE_SEAM), Kit::releasedWords,
                "readIntAcquire shows");
    }

    @Test
    void aWindowWrongOnlyFromTheLastByteBeforeTheSeamIsCaughtByTheSeamSweep() {
        everyCellFails(splitKit(BrokenStrategies.SplitBug.WINDOW_AT_THE_LAST_BYTE), Kit::seamSweep, "(across the seam)");
    }

    @Test
    void scratchTooSmallOnlyAbove64KiBIsCaughtOnTheLargeRing() {
        Kit broken = splitKit(BrokenStrategies.SplitBug.SCRATCH_OF_64_KIB);
        everyCellFails(broken, Kit::memoryContract, "Out of bound", "1024 KiB");
        everyCellFails(broken, Kit::seamSweep, "Out of bound", "1024 KiB");
        everyCellPasses(splitKit(BrokenStrategies.SplitBug.NONE), Kit::seamSweep);
    }

    @Test
    void aStrategyThatThrowsOnAnOutstandingClaimIsCaughtByAbandonedClaims() {
        everyCellFails(splitKit(BrokenStrategies.SplitBug.THROWS_ON_AN_OUTSTANDING_CLAIM), Kit::memoryContract,
                "a claim is outstanding");
    }

    @Test
    void zeroCopyDeclaredButStagedIsCaughtByTheCapabilitiesEvenWithAMatchingModel() {
        Kit broken = splitKit(BrokenStrategies.SplitBug.DECLARES_ZERO_COPY_BUT_STAGES);
        everyCellFails(broken, Kit::memoryContract, "break a capability's promise");
        everyCellFails(broken, Kit::seamSweep, "break a capability's promise");
    }

    @Test
    void zeroCopyDeclaredButStagedThroughReusedScratchUncountedIsCaughtByItsViews() {
        Kit broken = memoryKit(split(BrokenStrategies.SplitBug.DECLARES_ZERO_COPY_BUT_STAGES_UNCOUNTED));
        everyCellFails(broken, Kit::memoryContract, "no longer shows its bytes");
        everyCellFails(broken, Kit::seamSweep, "no longer shows its bytes");
        Kit twin = memoryKit(BrokenStrategies.mirrorWriteForgotten(false)); // really zero-copy, no model
        everyCellPasses(twin, Kit::memoryContract);
        everyCellPasses(twin, Kit::seamSweep);
    }

    /** {@code strategy} × spsc only: spsc does not pad on memory declaring both zero-copy capabilities, so its records cross the seam. */
    private static Kit spscOn(MemoryStrategy strategy) {
        return Kit.of(List.of(strategy), List.of(Registries.disciplines().require("spsc")))
                .withSettings(SETTINGS.withSeed(SEED).withShrinkSeconds(SHRINK_SECONDS));
    }

    @Test
    void zeroCopyDeclaredButGatheredThroughReusedScratchIsCaughtByAQueueCrossingTheSeam() {
        Kit uncounted = spscOn(split(BrokenStrategies.SplitBug.DECLARES_ZERO_COPY_BUT_STAGES_UNCOUNTED));
        // Variable records reach the seam every lap; fixed ones of 512 bytes never in 4 and 64 KiB
        // rings, once in 24 in the 12280-byte one (caught there by chance only: not asserted).
        everyCellFails(flatten(uncounted.queueContract()).stream().filter(c -> c.getDisplayName().contains("variable"))
                .toList(), "a peeked record after a window");
        // Counted honestly, the counters give it away after the threads (and the soak, which runs the same code).
        Kit counted = spscOn(split(BrokenStrategies.SplitBug.DECLARES_ZERO_COPY_BUT_STAGES));
        everyCellFails(counted, Kit::concurrency, "break its capabilities' promises");
        everyCellPasses(spscOn(BrokenStrategies.mirrorWriteForgotten(false)), Kit::queueContract); // really zero-copy
        everyCellPasses(spscOn(split(BrokenStrategies.SplitBug.NONE)), Kit::queueContract);       // honest: spsc pads
    }

    @Test
    void aHeaderTooSmallNotZeroedOrSharedByEveryRingIsCaughtByTheHeaderContract() {
        everyCellFails(splitKit(BrokenStrategies.SplitBug.HEADER_TOO_SMALL), Kit::headerContract, "MIN_HEADER_BYTES");
        everyCellFails(splitKit(BrokenStrategies.SplitBug.HEADER_NOT_ZEROED), Kit::headerContract, "not zeroed");
        everyCellFails(splitKit(BrokenStrategies.SplitBug.HEADER_SHARED_BY_ALL_RINGS), Kit::headerContract, "header");
    }

    /**
     * Rings wrong only where the position-0, matrix-capacity parts never look, each caught by
     * exactly its {@link MemoryPromises} check (the strategy's other promise checks pass), with
     * no copy-count model given; the correct split and odd-capacity twins pass every check.
     */
    @Test
    void wrongRingsThePositionZeroPartsLetThroughAreCaughtByTheMemoryPromises() {
        everyCellPasses(memoryKit(split(BrokenStrategies.SplitBug.NONE)), Kit::memoryPromises);
        everyCellPasses(memoryKit(BrokenStrategies.padsTheLapToEight(false)), Kit::memoryPromises);
        record Planted(MemoryStrategy strategy, String check, String clue) {
        }
        for (Planted p : List.of(
                new Planted(split(BrokenStrategies.SplitBug.SCRATCH_OUTLIVES_CLOSE), "segments of every kind after close",
                        "a window across the seam still reads"),
                new Planted(split(BrokenStrategies.SplitBug.THIRTY_TWO_BIT_POSITIONS), "positions near 2^31",
                        "near 2147483648"),
                new Planted(BrokenStrategies.padsTheLapToEight(true), "capacities its granularity allows", "ring of 4097"),
                new Planted(split(BrokenStrategies.SplitBug.COUNTS_NOTHING), "a copy across the seam is counted",
                        "must count what it copies"),
                new Planted(split(BrokenStrategies.SplitBug.RING_CAPABILITIES_DIFFER), "names the strategy's name",
                        "capabilities() of its ring"))) {
            everyCellFails(memoryKit(p.strategy()), Kit::memoryPromises, p.clue(), p.check());
        }
    }

    /** The fake queue on memory that keeps point 7 too, so only the fake's own bug can fail a cell. */
    private static Kit pointsKit(ContractFakeDiscipline.Bug bug) {
        return Kit.of(List.of(new StrictCloseStrategy(split(BrokenStrategies.SplitBug.NONE))),
                List.of(new ContractFakeDiscipline(bug))).withSettings(SETTINGS.withSeed(SEED));
    }

    /**
     * Runs {@code body} with every contract point checked: the build may mark some pending
     * ({@link QueueContractPoints#PENDING}) for ringlab's own queues, never for this proof.
     */
    private static void allPointsChecked(Runnable body) {
        String pending = System.clearProperty(QueueContractPoints.PENDING);
        try {
            body.run();
        } finally {
            if (pending != null) {
                System.setProperty(QueueContractPoints.PENDING, pending);
            }
        }
    }

    @Test
    void eachQueueContractPointIsCaughtWhenAQueueBreaksIt() {
        allPointsChecked(this::eachPointCaught);
    }

    @Test
    void aMemoryAnsweringAfterCloseIsCaughtAndOneThrowingPasses() {
        allPointsChecked(this::memoryUseAfterCloseCaught);
    }

    private void eachPointCaught() {
        everyCellPasses(pointsKit(ContractFakeDiscipline.Bug.NONE), Kit::contractPoints);
        Map<Bug, Point> broken = Map.ofEntries(
                Map.entry(Bug.OFFER_DURING_A_CLAIM, Point.CLAIM_THEN_OFFER),
                Map.entry(Bug.BATCH_PUBLISHES_THE_GOOD_PART, Point.BATCH_WITH_A_BAD_ELEMENT),
                Map.entry(Bug.POLL_CONSUMES_BEFORE_CHECKING, Point.POLL_INTO_A_BAD_DESTINATION),
                Map.entry(Bug.DRAIN_CONSUMES_THE_THROWING_RECORD, Point.THROWING_DRAIN_HANDLER),
                Map.entry(Bug.RELEASE_WITHOUT_PEEK_CONSUMES, Point.RELEASE_WITHOUT_PEEK),
                Map.entry(Bug.NULL_ON_A_FULL_QUEUE_IS_FULL, Point.NULL_ARGUMENTS),
                Map.entry(Bug.CONSUMERS_WORK_AFTER_CLOSE, Point.USE_AFTER_CLOSE),
                Map.entry(Bug.CLAIM_MOVED_BY_A_POLL, Point.CLAIM_HELD_ACROSS_READS),
                Map.entry(Bug.PEEK_VIEW_REUSED_BY_THE_NEXT_READ, Point.PEEK_HELD_ACROSS_READS),
                Map.entry(Bug.DRAIN_REENTRY_UNGUARDED, Point.DRAIN_HANDLER_CALLS_ITS_CONSUMER),
                Map.entry(Bug.DRAIN_REENTRY_REFUSED_AFTER_CONSUMING, Point.DRAIN_HANDLER_CALLS_ITS_CONSUMER));
        assertEquals(java.util.EnumSet.allOf(Point.class), java.util.EnumSet.copyOf(broken.values()),
                "a bug for every point");
        // A handler that lets the re-entry's refusal out is a throwing handler: a drain that
        // consumes the throwing record fails that half of the re-entry point too.
        Map<Bug, Point> alsoCaughtBy = Map.of(Bug.DRAIN_CONSUMES_THE_THROWING_RECORD, Point.DRAIN_HANDLER_CALLS_ITS_CONSUMER);
        broken.forEach((bug, point) -> everyCellFails(pointsKit(bug), Kit::contractPoints, "", name -> name.contains(
                point.sentence()) || alsoCaughtBy.containsKey(bug) && name.contains(alsoCaughtBy.get(bug).sentence())));
    }

    private void memoryUseAfterCloseCaught() {
        MemoryStrategy answering = StrictCloseStrategy.answeringNameAfterClose(split(BrokenStrategies.SplitBug.NONE));
        List<DynamicTest> cells = flatten(Kit.of(List.of(answering), List.of(new ContractFakeDiscipline(
                ContractFakeDiscipline.Bug.NONE))).contractPoints()).stream()
                .filter(t -> t.getDisplayName().contains("after RingMemory.close()")).toList();
        everyCellFails(cells, "strategyName()");
        everyCellPasses(pointsKit(ContractFakeDiscipline.Bug.NONE), Kit::contractPoints);
    }

    @Test
    void aGrowthStrategyThatDropsAByteIsCaughtByTheGrowthContract() {
        Kit broken = Kit.of(List.of(), List.of()).withGrowth(List.of(new BrokenGrowth(true))).withSettings(SETTINGS.withSeed(SEED));
        everyCellFails(broken, Kit::growthContract, "contents differ",
                name -> name.contains("read back byte-identical") || name.contains("capacity() bytes fit"));
        everyCellPasses(Kit.of(List.of(), List.of()).withGrowth(List.of(new BrokenGrowth(false))).withSettings(SETTINGS.withSeed(SEED)),
                Kit::growthContract);
    }

    /**
     * Growth strategies that read back every byte yet break another promise of the growable
     * buffer (counters, traits, capacity, read-only contents, reads after close), each caught by
     * exactly the growth check named (the other growth checks pass); the correct twin passes all.
     */
    @Test
    void wrongGrowthStrategiesThatReadBackTheirBytesAreCaughtByTheGrowthPromises() {
        everyCellPasses(growthKit(BrokenGrowth.Bug.NONE), Kit::growthContract);
        record Planted(BrokenGrowth.Bug bug, String check, String clue) {
        }
        String appends = "random appends read back byte-identical";
        // A capacity larger than what is held makes an append that "fits" grow: the random
        // appends see it whenever one lands in the phantom bytes, the capacity check always.
        everyCellFails(growthKit(BrokenGrowth.Bug.REPORTS_A_ROUNDED_UP_CAPACITY), Kit::growthContract,
                "appends that did not fit", name -> name.contains(appends) || name.contains("capacity() bytes fit"));
        for (Planted p : List.of(
                new Planted(BrokenGrowth.Bug.CLAIMS_NO_COPY, appends, "NO_COPY cannot hold"),
                new Planted(BrokenGrowth.Bug.COUNTS_NO_COPIES, appends, "bytesCopied must count them"),
                new Planted(BrokenGrowth.Bug.COUNTS_NO_MOVES, appends, "every growth moves"),
                new Planted(BrokenGrowth.Bug.WRITABLE_CONTENTS, appends, "read-only"),
                new Planted(BrokenGrowth.Bug.POLICY_REFUSED_AFTER_CLOSE, "after close", "policy() must answer after close"))) {
            everyCellFails(growthKit(p.bug()), Kit::growthContract, p.clue(), p.check());
        }
    }

    private static Kit growthKit(BrokenGrowth.Bug bug) {
        return Kit.of(List.of(), List.of()).withGrowth(List.of(new BrokenGrowth(bug))).withSettings(SETTINGS.withSeed(SEED));
    }

    @Test
    void aGrowthStrategyClaimingNeverToMoveThatMovesIsCaughtByTheStaleSegmentPart() {
        Kit broken = Kit.of(List.of(), List.of()).withGrowth(List.of(new BrokenGrowth(BrokenGrowth.Bug.CLAIMS_NEVER_MOVES)))
                .withSettings(SETTINGS.withSeed(SEED));
        everyCellFails(flatten(broken.growthContract()).stream().filter(c -> c.getDisplayName().contains("before a move"))
                .toList(), "NEVER_MOVES but it moved");
    }

    @Test
    void aGrowthStrategyRefusingABadMaximumWithoutNamingItIsCaughtByTheBadInputPart() {
        Kit broken = Kit.of(List.of(), List.of()).withGrowth(List.of(new BrokenGrowth(BrokenGrowth.Bug.REFUSES_WITHOUT_NAMING_THE_VALUE)))
                .withSettings(SETTINGS.withSeed(SEED));
        everyCellFails(flatten(broken.growthContract()).stream().filter(c -> c.getDisplayName().contains("bad input"))
                .toList(), String.valueOf(Long.MAX_VALUE));
    }

    @Test
    void aWindowOffByOneAtTheSeamIsCaughtByTheElementRingsHistory() {
        everyCellFails(memoryKit(BrokenStrategies.offByOneAtTheSeam(true)), Kit::elementRing, "history element");
        everyCellPasses(memoryKit(BrokenStrategies.offByOneAtTheSeam(false)), Kit::elementRing);
    }

    @Test
    void aMappedFileWhoseCloseLeaksIsCaughtNamingTheLeakedFile() {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.ringlab.growth.ProcSelf.isSupported(), "needs /proc/self (Linux)");
        org.ringlab.api.MappedFileStrategy real = Registries.mappedFiles().all().getFirst();
        Kit broken = Kit.of(List.of(), List.of()).withMappedFiles(List.of(new LeakyMappedFiles(real, true)));
        List<DynamicTest> cells = flatten(broken.mappedFileContract());
        // The leak names the leaked file (cycle-N) through the descriptor's target and the mapping's path.
        everyCellFails(cells.stream().filter(c -> c.getDisplayName().contains("cycles leak nothing")).toList(), "cycle-");
        // Its segments also stay alive after close: the contract part sees that.
        everyCellFails(cells.stream().filter(c -> c.getDisplayName().contains("stale segments")).toList(), "after close");
        everyCellPasses(Kit.of(List.of(), List.of()).withMappedFiles(List.of(new LeakyMappedFiles(real, false))),
                Kit::mappedFileContract);
    }

    @Test
    void aMappedFileCreatedOverAnExistingOneIsCaughtByTheBadSpecPart() {
        org.ringlab.api.MappedFileStrategy real = Registries.mappedFiles().all().getFirst();
        org.junit.jupiter.api.Assumptions.assumeTrue(real.availability().isAvailable(), () -> real.availability().reason());
        Kit broken = Kit.of(List.of(), List.of()).withMappedFiles(List.of(new LeakyMappedFiles(real, false, true)));
        everyCellFails(flatten(broken.mappedFileContract()).stream().filter(c -> c.getDisplayName().contains("bad specs"))
                .toList(), "CREATE over an existing");
    }

    @Test
    void aStaleViewAfterGrowthIsCaughtByTheModel() {
        everyCellFails(memoryKit(BrokenStrategies.staleViewAfterGrowth(true)), Kit::memoryContract, "grow");
        everyCellPasses(memoryKit(BrokenStrategies.staleViewAfterGrowth(false)), Kit::memoryContract);
    }

    @Test
    void aReleaseNotCountedIsCaughtByTheDequeModelAndByTheThreads() {
        everyCellFails(queueKit(BrokenDisciplines.releaseNotCounted(true)), Kit::queueContract, "peek");
        everyCellFails(queueKit(BrokenDisciplines.releaseNotCounted(true)), Kit::concurrency, "again");
        everyCellPasses(queueKit(BrokenDisciplines.releaseNotCounted(false)), Kit::queueContract);
        everyCellPasses(queueKit(BrokenDisciplines.releaseNotCounted(false)), Kit::concurrency);
    }

    @Test
    void aMultiConsumerQueueRightWithOneConsumerOnlyIsCaughtByEveryPartThatRunsThreeConsumers() throws Exception {
        QueueDiscipline broken = BrokenDisciplines.oneHandleForEveryConsumer(true);
        // Right with one consumer: the bug needs two.
        Cell one = new Cell(Registries.memoryStrategies().require("doubled"), broken,
                org.ringlab.api.QueueSpec.RecordMode.VARIABLE, Matrix.PAIR_CAPACITY);
        Concurrency.Result alone = Concurrency.run(one, 20_000, SEED, true, 1);
        assertEquals(null, alone.firstViolation(), "with one consumer the broken queue is right");
        assertEquals(20_000, alone.delivered());
        everyCellFails(queueKit(broken), Kit::queueContract, "consumer ");
        everyCellFails(queueKit(broken), Kit::concurrency, "consumer ");
        // Every point whose check reads a record with each consumer in turn; null arguments and use after close
        // pass on one shared handle.
        everyCellFails(queueKit(broken), Kit::contractPoints, "consumer ",
                name -> !name.contains("null arguments") && !name.contains("after close") && !name.contains("RingMemory.close"));
        QueueDiscipline twin = BrokenDisciplines.oneHandleForEveryConsumer(false);
        everyCellPasses(queueKit(twin), Kit::queueContract);
        everyCellPasses(queueKit(twin), Kit::concurrency);
        everyCellPasses(queueKit(twin), Kit::contractPoints);
    }

    /** A third party's join/leave discipline, its adapter given to the kit as a third party would. */
    private static Kit membershipKit(BrokenMembership.Bug bug) {
        BrokenMembership discipline = new BrokenMembership(bug);
        return queueKit(discipline).withMembership(discipline.name(), BrokenMembership::members);
    }

    @Test
    void theCorrectJoinLeaveDecoratorPassesTheMembershipPartAndWithoutItsAdapterIsSkippedSayingSo() {
        everyCellPasses(membershipKit(BrokenMembership.Bug.NONE), Kit::membership);
        for (DynamicTest cell : flatten(queueKit(new BrokenMembership(BrokenMembership.Bug.NONE)).membership())) {
            TestAbortedException skipped = org.junit.jupiter.api.Assertions.assertThrows(TestAbortedException.class,
                    () -> cell.getExecutable().execute(), cell.getDisplayName() + ": ran without the join/leave adapter");
            assertTrue(skipped.getMessage().contains("Kit.withMembership") || skipped.getMessage().contains("cross"),
                    skipped.getMessage());
        }
    }

    @Test
    void aJoinedConsumerGivenARecordFromBeforeItJoinedIsCaughtByTheMembershipPart() {
        everyCellFails(membershipKit(BrokenMembership.Bug.JOIN_REPLAYS_THE_LAST_RECORD), Kit::membership,
                "joined consumer: expected record");
    }

    @Test
    void aConsumerThatLeftButStillHoldsTheRingIsCaughtByTheMembershipPart() {
        everyCellFails(membershipKit(BrokenMembership.Bug.LEAVE_KEEPS_HOLDING_THE_RING), Kit::membership,
                "the departed consumer still holds the ring");
    }

    @Test
    void aRecordDeliveredToOnlyOneOfTwoConsumersIsCaughtByTheMembershipPart() {
        everyCellFails(membershipKit(BrokenMembership.Bug.JOIN_SHARES_CONSUMER_ZEROS_HANDLE), Kit::membership,
                "expected record");
    }

    @Test
    void aCapacityRoundedUpInsteadOfRefusedIsCaughtByTheBadInputPart() {
        everyCellFails(memoryKit(BrokenStrategies.roundsUpAPartialPage(true)), Kit::badInput, "should refuse 4097");
        everyCellPasses(memoryKit(BrokenStrategies.roundsUpAPartialPage(false)), Kit::badInput);
    }

    @Test
    void aRecordTruncatedInsteadOfRefusedIsCaughtByTheQueueBadInputPart() {
        everyCellFails(queueKit(BrokenDisciplines.truncatesALongRecord(true)), Kit::queueBadInput, "should refuse");
        everyCellPasses(queueKit(BrokenDisciplines.truncatesALongRecord(false)), Kit::queueBadInput);
    }

    @Test
    void aDescriptorLeakedPerRingIsCaughtByTheCreateCloseCyclesNamingTheFile() {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.ringlab.growth.ProcSelf.isSupported(), "needs /proc/self (Linux)");
        KitSettings few = SETTINGS.withSeed(SEED).withCycles(100);
        everyCellFails(memoryKit(split(BrokenStrategies.SplitBug.LEAKS_A_DESCRIPTOR)).withSettings(few), Kit::createCloseCycles,
                "broken-leaks-a-descriptor-ring-");
        everyCellPasses(memoryKit(split(BrokenStrategies.SplitBug.NONE)).withSettings(few), Kit::createCloseCycles);
    }

    @Test
    void aPublishBeforeWriteIsCaughtByTheThreads() {
        everyCellFails(queueKit(BrokenDisciplines.publishBeforeWrite(true)), Kit::concurrency, "record");
        everyCellPasses(queueKit(BrokenDisciplines.publishBeforeWrite(false)), Kit::concurrency);
    }

    @Test
    void aDescriptorLeakedWhenANativeCallFailsIsCaughtThroughTheBackendsOwnHook() {
        FakeNativeBackend.Hook[] hook = new FakeNativeBackend.Hook[1];
        MemoryStrategy broken = FakeNativeBackend.strategy(true, hook);
        everyCellFails(memoryKit(broken).withFaultInjector(hook[0]), Kit::faults, "descriptors",
                "map #1 (map(2 bytes twice)) fails with errno 13");
        assertTrue(FakeNativeBackend.releaseLeaked() > 0, "the broken strategy leaked nothing");
        MemoryStrategy twin = FakeNativeBackend.strategy(false, hook);
        everyCellPasses(memoryKit(twin).withFaultInjector(hook[0]), Kit::faults);
    }

    @Test
    void aDescriptorLeakedWhenAGrowFailsIsCaughtByTheGrowthFaults() {
        FakeNativeBackend.Hook[] hook = new FakeNativeBackend.Hook[1];
        GrowthStrategy broken = FakeNativeBackend.growth(true, hook);
        Kit kit = memoryKit(split(BrokenStrategies.SplitBug.NONE)).withGrowth(List.of(broken)).withFaultInjector(hook[0]);
        // Only the fault cells: the other cells never fail a call, so the broken one passes them.
        everyCellFails(flatten(kit.growthContract()).stream().filter(c -> c.getDisplayName().contains("(map("))
                .toList(), "descriptors");
        // Closed before the twin runs: left to a GC they would close during its 2000 cycles, a count going down.
        assertTrue(FakeNativeBackend.releaseLeaked() > 0, "the broken growth strategy leaked nothing");
        GrowthStrategy twin = FakeNativeBackend.growth(false, hook);
        everyCellPasses(memoryKit(split(BrokenStrategies.SplitBug.NONE)).withGrowth(List.of(twin)).withFaultInjector(hook[0]),
                Kit::growthContract);
    }

    @Test
    void aNativeLeakPerRecordIsCaughtByTheSoak() throws Exception {
        // Each in a fresh JVM (SoakLeakMain): memory other tests freed stays resident in malloc's
        // free lists, and a leak that reuses it raises no RSS.
        SoakRun broken = soakInChildJvm("broken");
        assertEquals(3, broken.status(), "the soak must fail on RSS: " + broken.output());
        assertTrue(broken.output().contains("VmRSS grew"), broken.output());
        SoakRun twin = soakInChildJvm("twin");
        assertEquals(0, twin.status(), "the twin must pass: " + twin.output());
    }

    private record SoakRun(int status, String output) {
    }

    private static SoakRun soakInChildJvm(String which) throws Exception {
        Process p = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), SoakLeakMain.class.getName(), which)
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the soak in a child JVM did not finish: " + output);
        }
        return new SoakRun(p.exitValue(), output);
    }

    @Test
    void theSeedAFailureReportsReplaysTheSameShrunkChain() {
        MemoryStrategy broken = BrokenStrategies.offByOneAtTheSeam(true);
        long seed = new java.util.Random().nextLong();
        String first = firstFailure(memoryKit(broken).withSettings(new KitSettings(20, 1, 1, 1, seed)));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(KitSettings.SEED + "=(-?[0-9]+) replays it").matcher(first);
        assertTrue(m.find(), "no seed in: " + first);
        assertEquals(seed, Long.parseLong(m.group(1)), "the seed printed is the kit's");
        String replayed = firstFailure(memoryKit(broken).withSettings(new KitSettings(20, 1, 1, 1, Long.parseLong(m.group(1)))));
        // The same failing chain (and, when the shrink finishes within its time, the same shrunk one).
        assertEquals(originalChain(first), originalChain(replayed), "the same seed, the same failure");
        if (!first.contains("the best chain found in the shrink's") && !replayed.contains("the best chain found in the shrink's")) {
            // The shrink's own duration is in the message and differs between runs.
            assertEquals(withoutDuration(first), withoutDuration(replayed), "the same seed, the same shrunk chain");
        }
    }

    private static String withoutDuration(String message) {
        return message.replaceAll("\\([0-9]+ ms\\)", "(… ms)");
    }

    /** The first line (cell, chain, seed) and the original chain's length. */
    private static String originalChain(String message) {
        return message.lines().findFirst().orElse("") + " / " + message.substring(message.lastIndexOf("original chain:"));
    }

    private static String firstFailure(Kit kit) {
        for (DynamicTest cell : flatten(kit.memoryContract())) {
            Throwable failure = run(cell);
            if (failure != null) {
                return failure.getMessage();
            }
        }
        throw new AssertionError("the broken strategy passed every cell");
    }

    /** Runs every cell of a part; each must fail with an assertion whose message (or cause's) mentions {@code clue}. */
    private static void everyCellFails(Kit kit, Function<Kit, Stream<DynamicNode>> part, String clue) {
        List<DynamicTest> cells = flatten(part.apply(kit));
        assertFalse(cells.isEmpty(), "the part generated no cell");
        everyCellFails(cells, clue);
    }

    /** As above, for the cells named {@code only} among those of the part (at least one; the others must pass). */
    private static void everyCellFails(Kit kit, Function<Kit, Stream<DynamicNode>> part, String clue, String only) {
        everyCellFails(kit, part, clue, name -> name.contains(only));
    }

    private static void everyCellFails(Kit kit, Function<Kit, Stream<DynamicNode>> part, String clue,
                                       java.util.function.Predicate<String> only) {
        List<DynamicTest> cells = flatten(part.apply(kit));
        List<DynamicTest> chosen = cells.stream().filter(c -> only.test(c.getDisplayName())).toList();
        assertFalse(chosen.isEmpty(), "no chosen cell among " + cells.stream().map(DynamicTest::getDisplayName).toList());
        everyCellFails(chosen, clue);
        List<String> others = new ArrayList<>();
        for (DynamicTest cell : cells) {
            Throwable failure = chosen.contains(cell) ? null : run(cell);
            if (failure != null && failure != REFUSED_CROSS) {
                others.add(cell.getDisplayName() + ": " + messages(failure));
            }
        }
        assertEquals(List.of(), others, "cells without the bug failed");
    }

    private static void everyCellFails(List<DynamicTest> cells, String clue) {
        int ran = 0;
        for (DynamicTest cell : cells) {
            Throwable failure = run(cell);
            if (failure == REFUSED_CROSS) {
                continue;
            }
            ran++;
            assertTrue(failure != null, cell.getDisplayName() + ": the broken provider passed");
            assertTrue(failure instanceof AssertionError, cell.getDisplayName() + ": failed with " + failure);
            assertTrue(messages(failure).contains(clue), cell.getDisplayName() + ": the failure does not mention '"
                    + clue + "': " + messages(failure));
        }
        assertTrue(ran > 0, "no cell ran: " + cells.stream().map(DynamicTest::getDisplayName).toList());
    }

    private static void everyCellPasses(Kit kit, Function<Kit, Stream<DynamicNode>> part) {
        List<DynamicTest> cells = flatten(part.apply(kit));
        assertFalse(cells.isEmpty(), "the part generated no cell");
        List<String> failed = new ArrayList<>();
        for (DynamicTest cell : cells) {
            Throwable failure = run(cell);
            if (failure != null && failure != REFUSED_CROSS) {
                failed.add(cell.getDisplayName() + ": " + messages(failure));
            }
        }
        assertEquals(List.of(), failed, "the correct twin failed");
    }

    /**
     * What {@link #run} returns for a {@code cross} cell its discipline refuses (broadcast on
     * split memory until it takes the placement): skipped with the discipline's own refusal,
     * neither a pass nor a failure of the proof.
     */
    private static final Throwable REFUSED_CROSS = new Throwable("skipped: the discipline refuses seam placement cross");

    private static Throwable run(DynamicTest cell) {
        try {
            cell.getExecutable().execute();
            return null;
        } catch (TestAbortedException skipped) {
            if (cell.getDisplayName().endsWith(": no fault injection")) {
                return null; // a provider without a fault hook: skipped with its reason, as the kit should
            }
            if (String.valueOf(skipped.getMessage()).contains("refuses seam placement cross")) {
                return REFUSED_CROSS;
            }
            throw new AssertionError(cell.getDisplayName() + " was skipped: " + skipped.getMessage(), skipped);
        } catch (Throwable t) {
            return t;
        }
    }

    private static String messages(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append(" | ");
        }
        return all.toString();
    }

    private static List<DynamicTest> flatten(Stream<DynamicNode> nodes) {
        List<DynamicTest> tests = new ArrayList<>();
        nodes.forEach(n -> {
            if (n instanceof DynamicTest t) {
                tests.add(t);
            } else if (n instanceof DynamicContainer c) {
                tests.addAll(flatten(c.getChildren().map(DynamicNode.class::cast)));
            }
        });
        return tests;
    }
}
