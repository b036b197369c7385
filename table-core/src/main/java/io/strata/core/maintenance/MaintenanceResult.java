package io.strata.core.maintenance;

/**
 * What post-commit maintenance expired after one commit; asynchronous snapshot expiration ({@code
 * snapshot.expire.execution-mode} = async) is not waited for and counts 0 here.
 */
public record MaintenanceResult(int partitionsExpired, int snapshotsExpired) {

  public static final MaintenanceResult NONE = new MaintenanceResult(0, 0);

  /** The sums of this and {@code other}. */
  public MaintenanceResult plus(MaintenanceResult other) {
    return new MaintenanceResult(
        partitionsExpired + other.partitionsExpired, snapshotsExpired + other.snapshotsExpired);
  }
}
