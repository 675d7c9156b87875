/**
 * Seed 004's inter-process queue: one writer, many reader processes, on a file that grows a
 * chunk at a time ({@link org.ringlab.queues.mapped.MappedQueue}).
 *
 * <h2>Publication and crash safety</h2>
 * The writer copies a record's payload and its CRC32C (over position, length and payload) with
 * plain stores, then stores its 8-byte header word (length, marker) with a release store; a
 * reader loads that word with an acquire load and reads the payload only when the marker says
 * "record", and returns it only when the checksum matches. A word of zero is "not yet": the file
 * is zero-filled as it grows, so whatever a killed writer left unfinished is invisible; before
 * the published end, or the end a closing writer sealed, it is damage and reported. A
 * writer taking over ({@link org.ringlab.queues.mapped.MappedQueue#takeOver}) claims the file
 * with a compare-and-set of the writer pid in the shared header, follows the frames from the
 * last record the data proves to the first zero word, checks that stop against the sealed or
 * published end, and clears the rest of that chunk (the dead writer's payload bytes could
 * otherwise be read as a later header), before it publishes anything.
 *
 * <h2>Growth</h2>
 * The writer grows the file ({@code ftruncate}) and counts the new chunk in the header
 * before any frame points into it; readers map only counted chunks, and check the file's
 * size when they map one. A record never spans chunks: a padding frame fills the rest.
 *
 * <h2>Liveness</h2>
 * The header holds the writer's pid and its process start time; a reader asks the OS whether
 * that process still runs ({@link java.lang.ProcessHandle}), so a reused pid is not taken for
 * the writer; a zombie (ended, not reaped) counts as gone. A writer that closes marks the file {@code CLOSED}.
 */
package org.ringlab.queues.mapped;
