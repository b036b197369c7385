package io.strata.core.scan;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The live data files of one snapshot: manifests pruned by partition stats, read in parallel, ADD
 * minus DELETE, filtered by partition, bucket and value stats.
 */
public final class FileStoreScan {

  private static final ExecutorService MANIFEST_READERS =
      Executors.newFixedThreadPool(
          Math.max(2, Runtime.getRuntime().availableProcessors()),
          r -> {
            Thread t = new Thread(r, "strata-manifest-reader");
            t.setDaemon(true);
            return t;
          });

  private final ManifestFiles manifests;
  private final RowType partitionType;
  private Predicate partitionFilter;
  private Set<Integer> buckets;
  private Function<ManifestEntry, Boolean> fileFilter;
  private final ScanCounters counters = new ScanCounters();

  public FileStoreScan(ManifestFiles manifests, RowType partitionType) {
    this.manifests = manifests;
    this.partitionType = partitionType;
  }

  /** Keeps only entries whose partition row matches (bound to the partition row type). */
  public FileStoreScan withPartitionFilter(Predicate filter) {
    this.partitionFilter = filter;
    return this;
  }

  public FileStoreScan withBucket(int onlyBucket) {
    return withBuckets(Set.of(onlyBucket));
  }

  /** Keeps only entries of these buckets; skips manifests whose bucket range holds none. */
  public FileStoreScan withBuckets(Set<Integer> onlyBuckets) {
    this.buckets = Set.copyOf(onlyBuckets);
    return this;
  }

  /** Keeps only files this function accepts, e.g. by value stats. */
  public FileStoreScan withFileFilter(Function<ManifestEntry, Boolean> filter) {
    this.fileFilter = filter;
    return this;
  }

  /** Every manifest of a snapshot: its base list then its delta list. */
  public List<ManifestFileMeta> manifestsOf(Snapshot snapshot) {
    List<ManifestFileMeta> metas =
        new ArrayList<>(manifests.readManifestList(snapshot.baseManifestList()));
    metas.addAll(manifests.readManifestList(snapshot.deltaManifestList()));
    return metas;
  }

  /** Live files of the snapshot (null snapshot: an empty table). */
  public List<ManifestEntry> liveEntries(Snapshot snapshot) {
    if (snapshot == null) {
      return List.of();
    }
    return merge(readEntries(manifestsOf(snapshot)));
  }

  /** Entries of these manifests in manifest order, pruned and filtered. */
  public List<List<ManifestEntry>> readEntries(List<ManifestFileMeta> metas) {
    Map<BinaryRow, Boolean> partitionMatches = new ConcurrentHashMap<>();
    List<CompletableFuture<List<ManifestEntry>>> futures = new ArrayList<>();
    counters.manifests.addAndGet(metas.size());
    for (ManifestFileMeta meta : metas) {
      if (!mayMatch(meta)) {
        counters.manifestsSkipped.incrementAndGet();
        futures.add(CompletableFuture.completedFuture(List.of()));
        continue;
      }
      futures.add(
          CompletableFuture.supplyAsync(
              () -> filter(read(meta), partitionMatches), MANIFEST_READERS));
    }
    List<List<ManifestEntry>> result = new ArrayList<>(futures.size());
    for (CompletableFuture<List<ManifestEntry>> f : futures) {
      try {
        result.add(f.join());
      } catch (java.util.concurrent.CompletionException e) {
        // Report the reader's own error (e.g. which manifest is corrupted), not the wrapper.
        throw e.getCause() instanceof RuntimeException cause ? cause : e;
      }
    }
    return result;
  }

  private List<ManifestEntry> read(ManifestFileMeta meta) {
    ManifestFiles.Decoded<ManifestEntry> decoded = manifests.decodeManifest(meta.fileName());
    (decoded.fromCache() ? counters.manifestsFromCache : counters.manifestsFromStorage)
        .incrementAndGet();
    return decoded.records();
  }

  /** What this scan has read and skipped so far. */
  ScanCounters counters() {
    return counters;
  }

  /** Applies DELETE entries to earlier ADD entries; what remains is live. */
  public static List<ManifestEntry> merge(List<List<ManifestEntry>> entriesInOrder) {
    Map<ManifestEntry.Identifier, ManifestEntry> live = new LinkedHashMap<>();
    for (List<ManifestEntry> entries : entriesInOrder) {
      for (ManifestEntry e : entries) {
        if (e.kind() == FileKind.ADD) {
          live.put(e.identifier(), e);
        } else {
          live.remove(e.identifier());
        }
      }
    }
    return new ArrayList<>(live.values());
  }

  /** Whether a manifest may hold entries this scan keeps, judged by its bucket range and stats. */
  public boolean mayMatch(ManifestFileMeta meta) {
    if (buckets != null
        && meta.minBucket() != null
        && meta.maxBucket() != null
        && buckets.stream().noneMatch(b -> b >= meta.minBucket() && b <= meta.maxBucket())) {
      return false;
    }
    if (partitionFilter == null || partitionType.size() == 0) {
      return true;
    }
    Object[] min = BinaryRowCodec.deserialize(partitionType, meta.partitionStats().minValues());
    Object[] max = BinaryRowCodec.deserialize(partitionType, meta.partitionStats().maxValues());
    List<Long> counts = meta.partitionStats().nullCounts();
    Long[] nulls = counts == null ? null : counts.toArray(new Long[0]);
    if (nulls != null && nulls.length != partitionType.size()) {
      nulls = null;
    }
    return partitionFilter.mayMatch(meta.numAddedFiles() + meta.numDeletedFiles(), min, max, nulls);
  }

  private static void count(boolean add, AtomicLong counter) {
    if (add) {
      counter.incrementAndGet();
    }
  }

  private List<ManifestEntry> filter(
      List<ManifestEntry> entries, Map<BinaryRow, Boolean> partitionMatches) {
    List<ManifestEntry> kept = new ArrayList<>(entries.size());
    for (ManifestEntry e : entries) {
      boolean add = e.kind() == FileKind.ADD;
      if (buckets != null && !buckets.contains(e.bucket())) {
        count(add, counters.skippedByBucket);
        continue;
      }
      if (partitionFilter != null
          && !partitionMatches.computeIfAbsent(
              e.partition(),
              p -> partitionFilter.test(BinaryRowCodec.deserialize(partitionType, p)))) {
        count(add, counters.skippedByPartition);
        continue;
      }
      // Deletes must survive value filtering so that they cancel their ADD.
      if (fileFilter != null && add && !fileFilter.apply(e)) {
        continue;
      }
      kept.add(e);
    }
    return kept;
  }
}
