package io.strata.core.paths;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.PartitionPath;
import io.strata.core.io.FileIO;
import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the data files of one table live: derived from the partition values, as Paimon does.
 *
 * <p>Takes file names rather than manifest entries so that the manifest codecs, which sit above
 * this package, are not needed to locate a file.
 *
 * @param defaultPartitionName the directory value of a null partition field
 * @param directory {@code data-file.path-directory}: the table's subdirectory that holds the
 *     partition and bucket directories, or null for the table directory itself
 * @param legacyPartitionName {@code partition.legacy-name}: how dates and times name directories
 */
public record DataFilePaths(
    FileIO fileIO,
    TablePaths paths,
    RowType partitionType,
    String defaultPartitionName,
    String directory,
    boolean legacyPartitionName)
    implements java.io.Serializable {

  public DataFilePaths {
    if (directory != null) {
      // Every segment a plain name: the data stays inside the table directory.
      for (String segment : directory.split("/", -1)) {
        PathContainment.requirePlainFileName("data-file.path-directory", segment);
      }
    }
  }

  private static final Logger LOG = LoggerFactory.getLogger(DataFilePaths.class);

  /** The file {@code fileName} of this bucket, or {@code externalPath} when the file has one. */
  public Path of(BinaryRow partition, int bucket, String fileName, String externalPath) {
    if (externalPath != null) {
      return new Path(externalPath);
    }
    return new Path(
        bucketDir(partition, bucket), PathContainment.requirePlainFileName("data file", fileName));
  }

  /**
   * Deletes a data file no snapshot or tag needs any more; false when it was already gone. A file
   * at an external path (outside the table, as Paimon's {@code data-file.external-paths} writes) is
   * kept with a warning: Strata changes nothing outside the table directory.
   */
  public boolean delete(BinaryRow partition, int bucket, String fileName, String externalPath)
      throws IOException {
    Path path = of(partition, bucket, fileName, externalPath);
    if (externalPath != null && !PathContainment.isInside(paths.root(), path)) {
      LOG.warn(
          "Kept data file {} of table {}: it lies outside the table directory, where Strata"
              + " deletes nothing; remove it by hand once no reader needs it.",
          path,
          paths.root());
      return false;
    }
    return fileIO.delete(path);
  }

  /**
   * {@link #delete} of a committed data file and then of its extra files (Paimon's file indexes,
   * {@code file-index.*}), which lie next to it; false when the data file was already gone.
   */
  public boolean deleteWithExtraFiles(
      BinaryRow partition,
      int bucket,
      String fileName,
      String externalPath,
      java.util.List<String> extraFiles)
      throws IOException {
    boolean deleted = delete(partition, bucket, fileName, externalPath);
    deleteExtraFiles(partition, bucket, fileName, externalPath, extraFiles);
    return deleted;
  }

  /**
   * Deletes extra files (file indexes) that sit beside a data file, leaving the data file: an index
   * that a newer version of the file's manifest entry replaced.
   */
  public void deleteExtraFiles(
      BinaryRow partition,
      int bucket,
      String fileName,
      String externalPath,
      java.util.List<String> extraFiles)
      throws IOException {
    if (extraFiles.isEmpty()) {
      return;
    }
    Path dir = of(partition, bucket, fileName, externalPath).getParent();
    for (String extra : extraFiles) {
      Path path = new Path(dir, PathContainment.requirePlainFileName("extra file", extra));
      if (PathContainment.isInside(paths.root(), path)) {
        fileIO.delete(path);
      }
    }
  }

  public Path bucketDir(BinaryRow partition, int bucket) {
    String partitionPath = partitionPath(partition);
    if (directory != null) {
      partitionPath = partitionPath.isEmpty() ? directory : directory + "/" + partitionPath;
    }
    return paths.bucketDir(partitionPath, bucket);
  }

  public String partitionPath(BinaryRow partition) {
    if (partitionType.size() == 0) {
      return "";
    }
    return PartitionPath.path(
        partitionType,
        BinaryRowCodec.deserialize(partitionType, partition),
        defaultPartitionName,
        legacyPartitionName);
  }
}
