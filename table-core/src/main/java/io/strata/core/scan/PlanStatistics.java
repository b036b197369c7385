package io.strata.core.scan;

/**
 * What planning one scan did, for scan metrics. Files skipped count the ADD entries of manifests
 * that were read; a manifest skipped by its summary hides how many files it holds.
 *
 * @param snapshotId the snapshot planned, or -1 for a table without snapshots
 * @param planningNanos time spent planning
 * @param manifests manifests of the snapshot (base and delta lists)
 * @param manifestsSkipped manifests never opened: their partition or bucket range cannot match
 * @param manifestsFromCache manifests read from the driver's manifest cache
 * @param manifestsFromStorage manifests read and decoded from storage
 * @param dataFiles data files of the planned splits
 * @param splits splits planned
 * @param filesSkippedByFileIndex files whose index in the manifest rules the filter out
 */
public record PlanStatistics(
    long snapshotId,
    long planningNanos,
    long manifests,
    long manifestsSkipped,
    long manifestsFromCache,
    long manifestsFromStorage,
    long dataFiles,
    long splits,
    long filesSkippedByPartition,
    long filesSkippedByBucket,
    long filesSkippedByStats,
    long filesSkippedByFileIndex) {

  /** Nothing planned: a table without snapshots. */
  public static final PlanStatistics EMPTY =
      new PlanStatistics(-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** The same statistics for fewer planned splits (a LIMIT that stops planning early). */
  public PlanStatistics withPlanned(long newDataFiles, long newSplits) {
    return new PlanStatistics(
        snapshotId,
        planningNanos,
        manifests,
        manifestsSkipped,
        manifestsFromCache,
        manifestsFromStorage,
        newDataFiles,
        newSplits,
        filesSkippedByPartition,
        filesSkippedByBucket,
        filesSkippedByStats,
        filesSkippedByFileIndex);
  }
}
