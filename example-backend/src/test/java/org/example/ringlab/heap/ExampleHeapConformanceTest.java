package org.example.ringlab.heap;

import org.ringlab.conformance.kit.ConformanceSuite;
import org.ringlab.conformance.kit.CopyCountModel;
import org.ringlab.conformance.kit.Kit;

/** The whole ringlab conformance suite on example-heap × every discipline. */
class ExampleHeapConformanceTest extends ConformanceSuite {

    @Override
    protected Kit kit() {
        // A doubled ring: its documented copy counters are "every committed byte once more".
        return Kit.forStrategies("example-heap").withCopyCountModel("example-heap", CopyCountModel::mirrorEveryCommit);
    }
}
