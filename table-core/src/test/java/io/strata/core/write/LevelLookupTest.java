package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.FullCompaction;
import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lookup of a key's live row, file and position in a bucket's levels above 0. */
class LevelLookupTest {

  @TempDir Path dir;

  static final RowType KV =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "v", DataTypes.STRING())));

  /** A table whose bucket holds keys 0, 2, ..., 98 in one top-level file ("v" + key). */
  FileStoreTable evenKeysAtTopLevel() {
    FileStoreTable t =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "kv",
            KV,
            List.of(),
            Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
    List<Object[]> rows = new ArrayList<>();
    for (long k = 98; k >= 0; k -= 2) {
      rows.add(new Object[] {k, "v" + k});
    }
    TableTestSupport.write(t, rows, Collections.nCopies(rows.size(), RowKind.INSERT));
    new FullCompaction(t, "test", Clock.systemUTC()).run(null);
    return t;
  }

  static final BucketId BUCKET = new BucketId(BinaryRow.EMPTY, 0);

  @Test
  void findsTheFileAndPositionOfEachKeyAskedInOrder() throws IOException {
    FileStoreTable t = evenKeysAtTopLevel();
    List<DataFileMeta> files = WriterCompactionTest.live(t);
    assertThat(files).hasSize(1);
    BucketDeletionVectors vectors = BucketDeletionVectors.empty(BinaryRow.EMPTY, 0);
    try (LevelLookup lookup = new LevelLookup(t, BUCKET, files, vectors::vector, true)) {
      LevelLookup.Found four = lookup.find(new Object[] {4L});
      assertThat(four.file().fileName()).isEqualTo(files.get(0).fileName());
      assertThat(four.position()).isEqualTo(2);
      assertThat(four.record().value()).containsExactly(4L, "v4");
      assertThat(lookup.find(new Object[] {5L})).as("an odd key is nowhere").isNull();
      assertThat(lookup.find(new Object[] {98L}).position()).isEqualTo(49);
      assertThat(lookup.find(new Object[] {100L})).isNull();
    }
  }

  @Test
  void rowsTheirVectorDeletesAreNotFoundButStillCountForPositions() throws IOException {
    FileStoreTable t = evenKeysAtTopLevel();
    List<DataFileMeta> files = WriterCompactionTest.live(t);
    BucketDeletionVectors vectors = BucketDeletionVectors.empty(BinaryRow.EMPTY, 0);
    vectors.delete(files.get(0).fileName(), 3); // key 6
    try (LevelLookup lookup = new LevelLookup(t, BUCKET, files, vectors::vector, false)) {
      assertThat(lookup.find(new Object[] {6L})).isNull();
      LevelLookup.Found eight = lookup.find(new Object[] {8L});
      assertThat(eight.position()).isEqualTo(4);
      assertThat(eight.record().value()).as("values not asked for").isNull();
      assertThat(eight.record().kind()).isEqualTo(RowKind.INSERT);
    }
  }

  @Test
  void levelZeroFilesAreNeverSearched() throws IOException {
    FileStoreTable t = evenKeysAtTopLevel();
    TableTestSupport.write(t, List.<Object[]>of(new Object[] {7L, "new"}), List.of(RowKind.INSERT));
    List<DataFileMeta> files = WriterCompactionTest.live(t);
    assertThat(files).extracting(DataFileMeta::level).contains(0);
    BucketDeletionVectors vectors = BucketDeletionVectors.empty(BinaryRow.EMPTY, 0);
    try (LevelLookup lookup = new LevelLookup(t, BUCKET, files, vectors::vector, true)) {
      assertThat(lookup.find(new Object[] {7L})).isNull();
      assertThat(lookup.find(new Object[] {8L}).record().value()).containsExactly(8L, "v8");
    }
  }
}
