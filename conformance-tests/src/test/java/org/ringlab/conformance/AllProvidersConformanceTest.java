package org.ringlab.conformance;

import org.ringlab.conformance.kit.ConformanceSuite;
import org.ringlab.conformance.kit.Kit;

/** The kit over every strategy and discipline ringlab ships: the matrix our own CI runs. */
class AllProvidersConformanceTest extends ConformanceSuite {

    @Override
    protected Kit kit() {
        return Kit.allProviders();
    }
}
