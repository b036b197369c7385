package io.strata.core.scan;

import java.util.concurrent.atomic.AtomicLong;

/** Counts what a {@link FileStoreScan} reads and skips; manifests are read in parallel. */
final class ScanCounters {

  final AtomicLong manifests = new AtomicLong();
  final AtomicLong manifestsSkipped = new AtomicLong();
  final AtomicLong manifestsFromCache = new AtomicLong();
  final AtomicLong manifestsFromStorage = new AtomicLong();
  final AtomicLong skippedByPartition = new AtomicLong();
  final AtomicLong skippedByBucket = new AtomicLong();
  final AtomicLong skippedByStats = new AtomicLong();
  final AtomicLong skippedByFileIndex = new AtomicLong();

  PlanStatistics statistics(long snapshotId, long planningNanos, long dataFiles, long splits) {
    return new PlanStatistics(
        snapshotId,
        planningNanos,
        manifests.get(),
        manifestsSkipped.get(),
        manifestsFromCache.get(),
        manifestsFromStorage.get(),
        dataFiles,
        splits,
        skippedByPartition.get(),
        skippedByBucket.get(),
        skippedByStats.get(),
        skippedByFileIndex.get());
  }
}
