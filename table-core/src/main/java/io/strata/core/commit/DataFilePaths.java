package io.strata.core.commit;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.PartitionPath;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.TableOptions;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import org.apache.hadoop.fs.Path;

/** Where a data file lives: derived from the partition values, as Paimon does. */
public final class DataFilePaths {

  private DataFilePaths() {}

  public static Path of(FileStoreTable table, BinaryRow partition, int bucket, DataFileMeta file) {
    if (file.externalPath() != null) {
      return new Path(file.externalPath());
    }
    return new Path(bucketDir(table, partition, bucket), file.fileName());
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
