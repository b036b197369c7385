package io.strata.core.commit;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.PartitionPath;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.TableOptions;
import io.strata.core.paths.PathContainment;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where a data file lives: derived from the partition values, as Paimon does. */
public final class DataFilePaths {

  private static final Logger LOG = LoggerFactory.getLogger(DataFilePaths.class);

  private DataFilePaths() {}

  public static Path of(FileStoreTable table, BinaryRow partition, int bucket, DataFileMeta file) {
    if (file.externalPath() != null) {
      return new Path(file.externalPath());
    }
    return new Path(
        bucketDir(table, partition, bucket),
        PathContainment.requirePlainFileName("data file", file.fileName()));
  }

  /**
   * Deletes a data file no snapshot or tag needs any more; false when it was already gone. A file
   * at an external path (outside the table, as Paimon's {@code data-file.external-paths} writes) is
   * kept with a warning: Strata changes nothing outside the table directory.
   */
  public static boolean delete(
      FileStoreTable table, BinaryRow partition, int bucket, DataFileMeta file) throws IOException {
    Path path = of(table, partition, bucket, file);
    if (file.externalPath() != null && !PathContainment.isInside(table.root(), path)) {
      LOG.warn(
          "Kept data file {} of table {}: it lies outside the table directory, where Strata"
              + " deletes nothing; remove it by hand once no reader needs it.",
          path,
          table.root());
      return false;
    }
    return table.fileIO().delete(path);
  }

  public static Path bucketDir(FileStoreTable table, BinaryRow partition, int bucket) {
    return table.paths().bucketDir(partitionPath(table, partition), bucket);
  }

  public static String partitionPath(FileStoreTable table, BinaryRow partition) {
    RowType partitionType = table.schema().partitionType();
    if (partitionType.size() == 0) {
      return "";
    }
    return PartitionPath.path(
        partitionType,
        BinaryRowCodec.deserialize(partitionType, partition),
        table.options().get(TableOptions.PARTITION_DEFAULT_NAME));
  }
}
