package io.strata.spark.sort;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.write.BucketId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files a rewrite through Spark read, bucket by bucket with each bucket's count, which its
 * commit removes together with their deletion vectors (those of the snapshot the scan read).
 */
final class ReadFiles {

  private final Map<BucketId, List<DataFileMeta>> files = new LinkedHashMap<>();
  private final Map<BucketId, Integer> totalBuckets = new LinkedHashMap<>();
  private final DeletionFileIndex vectors;
  private final DeletionVectorIndexFile indexFiles;

  ReadFiles(FileStoreTable table, Snapshot read, List<DataSplit> splits) {
    for (DataSplit s : splits) {
      BucketId id = new BucketId(s.partition(), s.bucket());
      files.computeIfAbsent(id, k -> new ArrayList<>()).addAll(s.files());
      totalBuckets.putIfAbsent(id, s.totalBuckets());
    }
    this.vectors = DeletionFileIndex.of(read, table.manifestFiles(), table.indexFilePaths());
    this.indexFiles = table.deletionVectorIndexFile();
  }

  /** The bucket count of every bucket read, in the order read. */
  Map<BucketId, Integer> totalBuckets() {
    return Collections.unmodifiableMap(totalBuckets);
  }

  /** The files read in {@code bucket} (none when it was not read). */
  List<DataFileMeta> files(BucketId bucket) {
    return files.getOrDefault(bucket, List.of());
  }

  /** The bucket's deletion vectors without those of the files read there. */
  DeletionVectorChange vectorsDropped(BucketId bucket) {
    return BucketDeletionVectors.dropping(
        vectors,
        bucket.partition(),
        bucket.bucket(),
        files(bucket).stream().map(DataFileMeta::fileName).toList(),
        indexFiles);
  }
}
