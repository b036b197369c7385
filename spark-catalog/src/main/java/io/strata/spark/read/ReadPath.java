package io.strata.spark.read;

/** How a scan reads its splits. */
public enum ReadPath {
  /** Every split as columnar batches from Spark's vectorized Parquet reader. */
  BATCHES,
  /**
   * Rows: primary-key splits that need a merge are merged from columnar batches ({@link
   * MergeRowReader}), the other splits are the rows of their batches.
   */
  MERGED_BATCHES,
  /** Rows assembled by table-core's readers (record assembly, boxed values). */
  ROWS
}
