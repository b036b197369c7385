package io.strata.core.format;

/** STUB. */
public record FileStats(Object[] min, Object[] max, Long[] nullCounts) {}
