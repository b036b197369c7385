package io.strata.spark.write;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.options.TableOptions;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.WriteStart;
import io.strata.spark.compact.DistributedCompaction;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;

/** The driver side of an INSERT: collects task results and commits them as one snapshot. */
public class StrataBatchWrite extends TableBatchWrite {

  private final WriteMode mode;
  private final RowType dataType;

  StrataBatchWrite(FileStoreTable table, WriteMode mode, RowType dataType) {
    super(table);
    this.mode = mode;
    this.dataType = dataType;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    // An overwrite replaces the files a compaction would start from.
    WriteStart start =
        mode.kind() == WriteMode.Kind.APPEND ? writeStart() : writeStart().forOverwrite(table);
    describeJob(mode.kind() == WriteMode.Kind.APPEND ? "append to" : "overwrite");
    return new StrataDataWriterFactory(table, start, dataType);
  }

  @Override
  public boolean useCommitCoordinator() {
    return false;
  }

  @Override
  protected void commit(TableCommit commit, List<CommitMessage> written) {
    switch (mode.kind()) {
      case APPEND -> commit.commit(written, CommitKind.APPEND);
      case OVERWRITE -> commit.overwrite(written, mode.overwriteFilter());
      case DYNAMIC_OVERWRITE -> commit.overwritePartitions(written);
    }
    if (mode.kind() != WriteMode.Kind.APPEND && publishesByCompaction()) {
      // An overwrite's tasks do not compact (the files a compaction would start from are being
      // replaced), yet a deletion-vector key table reads nothing of level 0: compact it up now,
      // in Spark tasks, as a COMPACT snapshot after the overwrite.
      DistributedCompaction.run(
          SparkSession.active(), table, null, CompactStrategy.AUTO, "overwrite-compaction");
    }
  }

  private boolean publishesByCompaction() {
    return table.schema().hasPrimaryKey()
        && table.options().get(TableOptions.DELETION_VECTORS_ENABLED)
        && !table.options().get(TableOptions.WRITE_ONLY);
  }
}
