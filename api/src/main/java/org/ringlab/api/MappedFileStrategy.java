package org.ringlab.api;

import java.nio.file.Path;

/**
 * Where {@link MappedFile}s come from: a {@link java.util.ServiceLoader} service, discovered
 * through {@link Registries#mappedFiles()} (on Linux: {@code mapped-file}). Queues built on
 * mapped files (in other modules than the backend) find it there, so that a process attaching
 * by path needs no backend class on its compile path.
 */
public interface MappedFileStrategy extends RinglabProvider {

    /** Header and chunk sizes are multiples of this (the page size). */
    long granularity();

    /**
     * Whether {@code policy} works for files in {@code directory}, and why not ({@code huge}
     * depends on the file system and the kernel's transparent-huge-page setting), probed with
     * real calls.
     */
    Availability policyAvailability(PrefaultPolicy policy, Path directory);

    /**
     * Opens (or creates) the file. Throws {@link IllegalArgumentException} for a bad spec (the
     * message names the value), {@link UnavailableException} for a policy unavailable there,
     * {@link NativeCallException} when a call fails, after releasing everything it acquired
     * (a file this call created is removed).
     */
    MappedFile open(MappedFileSpec spec);
}
