package io.strata.core.merge;

/** One record of a key: its sequence number, kind, and the full table row. */
public record KeyValue(long sequence, RowKind kind, Object[] value) {}
