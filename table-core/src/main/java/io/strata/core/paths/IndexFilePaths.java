package io.strata.core.paths;

import io.strata.core.data.BinaryRow;
import java.io.Serializable;
import org.apache.hadoop.fs.Path;

/**
 * Where a table's index files (deletion vectors, hash indexes) live: in {@code index/}, or with
 * {@code index-file-in-data-file-dir} in the bucket directory of the data files they index, as
 * Paimon writes them; a file with an external path lives there.
 */
public final class IndexFilePaths implements Serializable {

  private final TablePaths paths;

  /** The bucket directories, when index files live in them; else null. */
  private final DataFilePaths bucketDirs;

  private IndexFilePaths(TablePaths paths, DataFilePaths bucketDirs) {
    this.paths = paths;
    this.bucketDirs = bucketDirs;
  }

  /** Index files in {@code index/}. */
  public static IndexFilePaths inIndexDirectory(TablePaths paths) {
    return new IndexFilePaths(paths, null);
  }

  /** Index files beside the data files of their bucket. */
  public static IndexFilePaths inBucketDirectories(DataFilePaths dataFiles) {
    return new IndexFilePaths(dataFiles.paths(), dataFiles);
  }

  /**
   * The index file {@code fileName} of this bucket, or {@code externalPath} when it has one. Takes
   * names rather than the file's meta, as {@link DataFilePaths} does, to stay below the manifests.
   */
  public Path of(BinaryRow partition, int bucket, String fileName, String externalPath) {
    return externalPath != null ? new Path(externalPath) : newFile(partition, bucket, fileName);
  }

  /** Where a new index file {@code name} of this bucket goes. */
  public Path newFile(BinaryRow partition, int bucket, String name) {
    if (bucketDirs == null) {
      return paths.indexFile(name);
    }
    return new Path(
        bucketDirs.bucketDir(partition, bucket),
        PathContainment.requirePlainFileName("index", name));
  }
}
