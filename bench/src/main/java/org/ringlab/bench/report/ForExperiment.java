package org.ringlab.bench.report;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a JMH benchmark class with the experiment it measures in rigorous mode, so
 * {@code ringlab report} can file JMH's JSON results under the same report sections as the
 * quick run.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ForExperiment {

    /** The experiment id ({@code history}, {@code driver}, {@code growth}, {@code broadcast}, {@code mapped}, {@code anchors}). */
    String value();
}
