package io.strata.core.deletion;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.paths.IndexFilePaths;
import io.strata.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The deletion files of one snapshot, by bucket and data file name, from its index manifest. A
 * snapshot without an index manifest (nothing deleted yet) has none.
 */
public final class DeletionFileIndex {

  /** An index with no deletion files. */
  public static final DeletionFileIndex EMPTY = new DeletionFileIndex(Map.of(), Map.of());

  private final Map<BucketKey, Map<String, DeletionFile>> byBucket;
  private final Map<BucketKey, List<IndexFileMeta>> indexFiles;

  private DeletionFileIndex(
      Map<BucketKey, Map<String, DeletionFile>> byBucket,
      Map<BucketKey, List<IndexFileMeta>> indexFiles) {
    this.byBucket = byBucket;
    this.indexFiles = indexFiles;
  }

  /** The deletion files {@code snapshot} (null for an empty table) reads. */
  public static DeletionFileIndex of(
      Snapshot snapshot, ManifestFiles manifests, IndexFilePaths paths) {
    if (snapshot == null || snapshot.indexManifest() == null) {
      return EMPTY;
    }
    return of(manifests.readIndexManifest(snapshot.indexManifest()), paths);
  }

  /** The deletion files of the live deletion-vector entries among {@code entries}. */
  public static DeletionFileIndex of(List<IndexManifestEntry> entries, IndexFilePaths paths) {
    Map<IndexManifestEntry.Identifier, IndexManifestEntry> live = new LinkedHashMap<>();
    for (IndexManifestEntry e : entries) {
      if (e.kind() == FileKind.ADD) {
        live.put(e.identifier(), e);
      } else {
        live.remove(e.identifier());
      }
    }
    Map<BucketKey, Map<String, DeletionFile>> byBucket = new HashMap<>();
    Map<BucketKey, List<IndexFileMeta>> indexFiles = new HashMap<>();
    for (IndexManifestEntry e : live.values()) {
      IndexFileMeta file = e.indexFile();
      if (!IndexFileMeta.DELETION_VECTORS.equals(file.indexType())
          || file.deletionVectorRanges() == null) {
        continue;
      }
      String path =
          paths.of(e.partition(), e.bucket(), file.fileName(), file.externalPath()).toString();
      BucketKey key = new BucketKey(e.partition(), e.bucket());
      indexFiles.computeIfAbsent(key, k -> new ArrayList<>()).add(file);
      Map<String, DeletionFile> files = byBucket.computeIfAbsent(key, k -> new HashMap<>());
      for (IndexFileMeta.DeletionVectorRange r : file.deletionVectorRanges()) {
        files.put(
            r.dataFileName(), new DeletionFile(path, r.offset(), r.length(), r.cardinality()));
      }
    }
    return new DeletionFileIndex(byBucket, indexFiles);
  }

  /** The deletion file of a data file of a bucket, or null when none of its rows is deleted. */
  public DeletionFile lookup(BinaryRow partition, int bucket, String dataFileName) {
    Map<String, DeletionFile> files = byBucket.get(new BucketKey(partition, bucket));
    return files == null ? null : files.get(dataFileName);
  }

  /** The deletion files of a bucket's data files, by data file name; empty when there are none. */
  public Map<String, DeletionFile> deletionFiles(BinaryRow partition, int bucket) {
    return Collections.unmodifiableMap(
        byBucket.getOrDefault(new BucketKey(partition, bucket), Map.of()));
  }

  /** The live deletion-vector index files of a bucket (Paimon may keep several per bucket). */
  public List<IndexFileMeta> indexFiles(BinaryRow partition, int bucket) {
    return List.copyOf(indexFiles.getOrDefault(new BucketKey(partition, bucket), List.of()));
  }

  public boolean isEmpty() {
    return byBucket.isEmpty();
  }

  private record BucketKey(BinaryRow partition, int bucket) {}
}
