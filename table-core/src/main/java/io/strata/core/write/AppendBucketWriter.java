package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.merge.RowKind;
import io.strata.core.types.RowType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** Writes append-table rows as they come; sequence numbers count rows in write order. */
final class AppendBucketWriter implements BucketWriter {

  private final RollingFileWriter files;
  private final RowType rowType;
  private final List<String> writeCols;
  private final long schemaId;
  private final Clock clock;
  private long nextSequence;

  /**
   * @param rowType the columns of the rows and files
   * @param writeCols the files' {@code writeCols}: null where they hold the schema's columns
   * @param clock stamps the creation time of each file
   */
  AppendBucketWriter(
      RollingFileWriter files,
      RowType rowType,
      List<String> writeCols,
      long schemaId,
      long firstSequence,
      Clock clock) {
    this.clock = clock;
    this.files = files;
    this.rowType = rowType;
    this.writeCols = writeCols;
    this.schemaId = schemaId;
    this.nextSequence = firstSequence;
  }

  @Override
  public void write(Object[] row, RowKind kind) {
    if (kind != RowKind.INSERT) {
      throw CoreErrors.appendOnlyInserts(kind);
    }
    files.write(row);
  }

  @Override
  public List<DataFileMeta> finish() {
    List<DataFileMeta> metas = new ArrayList<>();
    for (WrittenFile f : files.finish()) {
      long first = nextSequence;
      nextSequence += f.rowCount();
      metas.add(
          DataFileMetaFactory.create(
                  f,
                  BinaryRow.EMPTY,
                  BinaryRow.EMPTY,
                  SimpleStats.EMPTY,
                  DataFileMetaFactory.stats(f.stats(), 0, rowType),
                  first,
                  nextSequence - 1,
                  schemaId,
                  0,
                  FileSource.APPEND,
                  clock)
              .withWriteCols(writeCols));
    }
    return metas;
  }

  @Override
  public void abort() {
    files.abort();
  }
}
