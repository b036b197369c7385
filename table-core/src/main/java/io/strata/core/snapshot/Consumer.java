package io.strata.core.snapshot;

/**
 * A consumer's position: the next snapshot it reads, which snapshot expiration keeps.
 *
 * @param modificationTimeMillis when its file was last written, to expire idle consumers
 */
public record Consumer(String id, long nextSnapshot, long modificationTimeMillis) {}
