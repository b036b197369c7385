package io.strata.core.format;

/** Receives one converted value from a Parquet converter (into a row slot, list or map). */
@FunctionalInterface
interface ValueSink {
  void set(Object value);
}
