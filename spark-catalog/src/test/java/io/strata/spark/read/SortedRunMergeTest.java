package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.merge.RowKind;
import io.strata.core.read.SortedRuns;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongFunction;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merged split's files are read as sorted runs: files whose key ranges do not overlap are read
 * one after the other by one cursor, which opens a file when it reaches it and closes it when it
 * leaves. Commits whose key ranges overlap by half (5 files, 2 runs) must merge exactly as
 * table-core's merge does, for integral keys (compared as primitives) and string keys, under every
 * engine and batch size, including a key's records meeting across a file boundary.
 */
class SortedRunMergeTest {

  @TempDir Path dir;

  @Test
  void chainedFilesOfBigintKeysMergeLikeTheRowPath() throws IOException {
    assertMergesLikeTheRowPath(DataTypes.BIGINT(), k -> k);
  }

  @Test
  void chainedFilesOfStringKeysMergeLikeTheRowPath() throws IOException {
    assertMergesLikeTheRowPath(DataTypes.STRING(), k -> String.format("key-%04d", k));
  }

  /**
   * The cursor of a run of three files opens the first when first advanced and each next one only
   * after closing the one before, and reads their records in order, skipping an empty file.
   */
  @Test
  void aRunOpensOneFileAtATime() throws IOException {
    long[][] files = {{}, {6}, {1, 2, 3}, {4, 5}};
    List<String> events = new ArrayList<>();
    MergeCursor.FileOpener opener =
        i -> {
          events.add("open " + i);
          return new FixedRecords(files[i], () -> events.add("close " + i));
        };
    // The run names its files by their positions in the split, in key order.
    int[] run = {2, 0, 3, 1};
    MergeCursor cursor =
        new MergeCursor(
            opener,
            run,
            new int[] {0, 1, 2},
            1,
            new MergeCursor.PrimitiveKey(0, false),
            1,
            new MergeCursor.FileConstants(null, (byte) 0));
    assertThat(events).isEmpty();
    List<Long> keys = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    while (cursor.advance()) {
      keys.add(cursor.key());
      positions.add(cursor.file());
      assertThat(
              events.stream().filter(e -> e.startsWith("open")).count()
                  - events.stream().filter(e -> e.startsWith("close")).count())
          .as("files open at once")
          .isEqualTo(1);
    }
    assertThat(keys).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(positions).containsExactly(2, 2, 2, 3, 3, 1);
    assertThat(events)
        .containsExactly(
            "open 2", "close 2", "open 0", "close 0", "open 3", "close 3", "open 1", "close 1");
    assertThat(cursor.live()).isFalse();
  }

  private void assertMergesLikeTheRowPath(DataType keyType, LongFunction<Object> key)
      throws IOException {
    FileStoreTable table = KeyedMergeTables.create(dir, KeyedMergeTables.columns(keyType));
    Random random = new Random(5);
    // Commit c writes keys [10c, 10c + 20): each overlaps the previous by half, so commits 0, 2, 4
    // form one run and 1, 3 another.
    for (int c = 0; c < 5; c++) {
      TableWriter writer = table.newWrite();
      for (long k = 10L * c; k < 10L * c + 20; k++) {
        Object[] row = {
          key.apply(k),
          random.nextInt(6) == 0 ? null : c * 1000L + k,
          random.nextInt(6) == 0 ? null : "s" + random.nextInt(100)
        };
        writer.write(row, random.nextInt(5) == 0 ? RowKind.DELETE : RowKind.INSERT);
      }
      new FileStoreCommit(table, "test", Clock.systemUTC())
          .commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    DataSplit split = KeyedMergeTables.onlySplit(table);
    assertThat(split.files()).hasSize(5);
    assertThat(SortedRuns.of(split.files(), table.schema().trimmedPrimaryKeyType()))
        .extracting(List::size)
        .containsExactlyInAnyOrder(3, 2);
    KeyedMergeTables.assertEveryEngineMergesLikeTheRowPath(
        table, split, keyType.toString(), 30, 1, 2, 3, 7, 4096);
  }

  /**
   * A reader of one file holding the given keys, as (key, sequence number, kind) batches of one
   * record each.
   */
  private static final class FixedRecords extends VectorizedParquetRecordReader {
    private final long[] keys;
    private final Runnable onClose;
    private final ColumnarBatch batch;
    private int next;

    FixedRecords(long[] keys, Runnable onClose) {
      super(false, 1);
      this.keys = keys;
      this.onClose = onClose;
      this.batch =
          new ColumnarBatch(
              new ColumnVector[] {
                new OnHeapColumnVector(1, org.apache.spark.sql.types.DataTypes.LongType),
                new OnHeapColumnVector(1, org.apache.spark.sql.types.DataTypes.LongType),
                new OnHeapColumnVector(1, org.apache.spark.sql.types.DataTypes.ByteType)
              });
    }

    @Override
    public ColumnarBatch resultBatch() {
      return batch;
    }

    @Override
    public boolean nextBatch() {
      if (next >= keys.length) {
        return false;
      }
      ((OnHeapColumnVector) batch.column(0)).putLong(0, keys[next]);
      ((OnHeapColumnVector) batch.column(1)).putLong(0, next);
      batch.setNumRows(1);
      next++;
      return true;
    }

    @Override
    public void close() {
      onClose.run();
    }
  }
}
