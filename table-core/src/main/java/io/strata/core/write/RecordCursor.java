package io.strata.core.write;

/**
 * Serialized rows in key order, one at a time; the current record's bytes stay valid until next.
 */
interface RecordCursor extends AutoCloseable {

  /** Moves to the next record; false at the end. */
  boolean next();

  /** The array holding the current record. */
  byte[] buffer();

  /** Where the current record starts in {@link #buffer()}. */
  int offset();

  /** The current record's length in bytes. */
  int length();

  @Override
  default void close() {}
}
