package io.strata.core.options;

/**
 * {@code incremental-between-scan-mode}: what a batch incremental read returns between two
 * versions. Between two tags (and with {@code incremental-to-auto-tag}) Paimon always compares the
 * two versions ({@code diff}); this mode chooses for snapshot ids and timestamps.
 */
public enum IncrementalBetweenScanMode implements OptionEnum {
  /** {@code changelog} when the table has a changelog producer, else {@code delta}. */
  AUTO("auto"),
  /** The data files the APPEND snapshots of the range added, each record as written. */
  DELTA("delta"),
  /** The changelog files the snapshots of the range produced (OVERWRITE ones skipped). */
  CHANGELOG("changelog"),
  /** The rows that differ between the start and end versions, compared key by key. */
  DIFF("diff");

  private final String value;

  IncrementalBetweenScanMode(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}
