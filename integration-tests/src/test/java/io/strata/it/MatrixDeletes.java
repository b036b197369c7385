package io.strata.it;

import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;

/** DELETE on append tables with deletion vectors: Strata by SQL, Paimon by row positions. */
final class MatrixDeletes {

  private MatrixDeletes() {}

  /**
   * Deletes the rows whose {@code column} equals a value: Strata by {@code DELETE ... WHERE column
   * = sqlValue}; Paimon by marking their positions in each file's deletion vector.
   */
  static MatrixOp appendDelete(String column, String sqlValue, Object paimonValue) {
    return new MatrixOp.Step(
        "delete where " + column + " = " + sqlValue,
        ctx -> ctx.sql("DELETE FROM " + ctx.sparkName() + " WHERE " + column + " = " + sqlValue),
        ctx -> {
          FileStoreTable table = ctx.paimonTable();
          Predicate matches =
              new PredicateBuilder(table.rowType())
                  .equal(table.rowType().getFieldIndex(column), paimonValue);
          for (DataSplit split : PaimonDeletions.splits(table)) {
            for (DataFileMeta file : split.dataFiles()) {
              List<Long> positions = positions(table, split, file, matches);
              if (!positions.isEmpty()) {
                PaimonDeletions.deleteRows(ctx.paimonTable(), split, file, positions);
              }
            }
          }
        });
  }

  /** Positions of the rows of {@code file} matching {@code filter}, deleted rows included. */
  private static List<Long> positions(
      FileStoreTable table, DataSplit split, DataFileMeta file, Predicate filter) throws Exception {
    DataSplit oneFile =
        DataSplit.builder()
            .withSnapshot(split.snapshotId())
            .withPartition(split.partition())
            .withBucket(split.bucket())
            .withBucketPath(split.bucketPath())
            .withTotalBuckets(split.totalBuckets())
            .withDataFiles(List.of(file))
            .rawConvertible(true)
            .build();
    List<Long> out = new ArrayList<>();
    long[] position = {0};
    try (RecordReader<InternalRow> reader =
        table.newReadBuilder().newRead().createReader(oneFile)) {
      reader.forEachRemaining(
          row -> {
            if (filter.test(row)) {
              out.add(position[0]);
            }
            position[0]++;
          });
    }
    return out;
  }
}
