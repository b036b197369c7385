package io.strata.core.options;

/**
 * {@code scan.mode}: where a streaming read starts. {@code default} picks {@code from-snapshot}
 * when {@code scan.snapshot-id} or {@code scan.tag-name} is set (a tag's snapshot is read whole),
 * {@code from-timestamp} when {@code scan.timestamp-millis} is set, else {@code latest-full}. Batch
 * reads choose their version with the selector options.
 */
public enum StartupMode implements OptionEnum {
  DEFAULT("default"),
  /** The whole latest snapshot first, then the changes of every later one. */
  LATEST_FULL("latest-full"),
  /** Paimon's deprecated name of {@code latest-full}. */
  FULL("full"),
  /** Only the changes of snapshots committed after the stream starts. */
  LATEST("latest"),
  /** The changes of snapshot {@code scan.snapshot-id} and every later one. */
  FROM_SNAPSHOT("from-snapshot"),
  /** The whole snapshot {@code scan.snapshot-id} first, then the changes of every later one. */
  FROM_SNAPSHOT_FULL("from-snapshot-full"),
  /** The changes of the snapshots committed at or after {@code scan.timestamp-millis}. */
  FROM_TIMESTAMP("from-timestamp");

  private final String value;

  StartupMode(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}
