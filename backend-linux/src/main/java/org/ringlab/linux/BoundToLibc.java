package org.ringlab.linux;

/**
 * A strategy whose native calls all go through one {@link Libc}, and which can be made again
 * over another binding: the same strategy (name and mechanism) through a decorated binding,
 * which is how tests and the conformance kit inject faults ({@link LinuxFaults#instrument}).
 *
 * @param <S> the strategy type
 */
public interface BoundToLibc<S> {

    /** The binding this strategy calls. */
    Libc libc();

    /** This strategy, same name and mechanism, over {@code libc}. */
    S over(Libc libc);
}
