package io.strata.bench;

/**
 * The sizes of {@link ReadBench}'s tables at scale {@code factor} (1 = the full shapes).
 *
 * @param factor multiplies every size below; 0.01 makes a smoke run of seconds
 */
record ReadScale(double factor) {

  /** Sorted runs of the primary-key merge case, as the issue asks. */
  static final int RUNS = 5;

  /** Rows of the scan table (5 columns, 20 partitions). */
  long scanRows() {
    return rounded(10_000_000);
  }

  /** Upserts of one sorted run of the merge case; runs overlap by half. */
  long upsertsPerRun() {
    return rounded(1_000_000);
  }

  /** Rows of each side of the bucketed join. */
  long joinRows() {
    return rounded(4_000_000);
  }

  /** Partitions of the planning table (4 buckets, 3 files per bucket). */
  int planPartitions() {
    return (int) Math.max(20, Math.round(2_000 * factor / 4) * 4);
  }

  /** Snapshots of the planning table; each commit writes 12 of its partitions. */
  int planSnapshots() {
    return planPartitions() / 4;
  }

  private long rounded(long base) {
    return Math.max(1_000, Math.round(base * factor / 20) * 20);
  }
}
