package io.strata.spark.read;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.merge.RowKind;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.Timestamp;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key of one integral column (BIGINT, INT, DATE, TIMESTAMP up to microseconds) is compared as the
 * primitive each file's cursor reads once per record. Merges over such keys, with negative and
 * extreme keys, a key in many runs, retractions and every batch size, must give the rows of
 * table-core's merge for the picking and the folding engines.
 */
class PrimitiveKeyMergeTest {

  @TempDir Path dir;

  @Test
  void bigintKeys() throws IOException {
    assertMergesLikeTheRowPath(
        DataTypes.BIGINT(),
        (r, i) ->
            switch (i % 7) {
              case 0 -> Long.MIN_VALUE;
              case 1 -> Long.MAX_VALUE;
              default -> (long) r.nextInt(60) - 30;
            });
  }

  @Test
  void intKeys() throws IOException {
    assertMergesLikeTheRowPath(
        DataTypes.INT(), (r, i) -> i % 9 == 0 ? Integer.MIN_VALUE : r.nextInt(60) - 30);
  }

  @Test
  void dateKeys() throws IOException {
    assertMergesLikeTheRowPath(DataTypes.DATE(), (r, i) -> r.nextInt(60) - 30);
  }

  @Test
  void timestampKeys() throws IOException {
    assertMergesLikeTheRowPath(
        DataTypes.TIMESTAMP(6), (r, i) -> Timestamp.fromMicros((r.nextInt(60) - 30) * 1001L));
    assertMergesLikeTheRowPath(
        DataTypes.TIMESTAMP(3), (r, i) -> Timestamp.fromMillis((r.nextInt(60) - 30) * 7L));
  }

  @FunctionalInterface
  private interface Keys {
    Object next(Random random, int index);
  }

  private void assertMergesLikeTheRowPath(DataType keyType, Keys keys) throws IOException {
    FileStoreTable table = KeyedMergeTables.create(dir, KeyedMergeTables.columns(keyType));
    Random random = new Random(11);
    for (int run = 0; run < 5; run++) {
      TableWriter writer = table.newWrite();
      for (int i = 0; i < 50; i++) {
        Object[] row = {
          keys.next(random, i),
          random.nextInt(6) == 0 ? null : (long) run * 1000 + i,
          random.nextInt(6) == 0 ? null : "s" + random.nextInt(100)
        };
        RowKind kind = random.nextInt(5) == 0 ? RowKind.DELETE : RowKind.INSERT;
        writer.write(row, kind);
      }
      new FileStoreCommit(table, "test", Clock.systemUTC())
          .commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    KeyedMergeTables.assertEveryEngineMergesLikeTheRowPath(
        table, KeyedMergeTables.onlySplit(table), keyType.toString(), 1, 1, 2, 3, 4096);
  }
}
