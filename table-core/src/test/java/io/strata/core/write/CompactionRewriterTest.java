package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compaction's key-value output rolls into several files, each with the sequence range and
 * retractions of exactly its own rows, gathered while the rows stream through (none is kept).
 */
class CompactionRewriterTest {

  @TempDir Path dir;

  @Test
  void eachRolledFileGetsTheSequenceRangeAndDeletesOfItsRows() {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "s", DataTypes.STRING())));
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "t"),
            SchemaFactory.create(
                columns,
                List.of(),
                List.of("id"),
                Map.of("bucket", "1", "target-file-size", "64 kb"),
                null,
                1L));
    KeyValueLayout layout =
        new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), table.schema().rowType());
    int rows = 30_000;
    // Key i has sequence 1000 + i; every 7th record is a retraction.
    Iterator<Object[]> records =
        new Iterator<>() {
          int next;

          @Override
          public boolean hasNext() {
            return next < rows;
          }

          @Override
          public Object[] next() {
            long i = next++;
            RowKind kind = i % 7 == 0 ? RowKind.DELETE : RowKind.INSERT;
            return layout.toFileRow(new Object[] {i, "value-" + i}, 1000 + i, kind);
          }
        };

    List<DataFileMeta> files =
        new CompactionRewriter(table).writeKeyValues(new BucketId(BinaryRow.EMPTY, 0), records, 5);

    assertThat(files).as("rolled at 64 kb").hasSizeGreaterThan(2);
    long first = 0;
    for (DataFileMeta f : files) {
      long last = first + f.rowCount() - 1;
      assertThat(f.minSequenceNumber()).isEqualTo(1000 + first);
      assertThat(f.maxSequenceNumber()).isEqualTo(1000 + last);
      long deletes = last / 7 - (first == 0 ? -1 : (first - 1) / 7);
      assertThat(f.deleteRowCount())
          .as("retractions of rows %d..%d", first, last)
          .isEqualTo(deletes);
      assertThat(f.level()).isEqualTo(5);
      first = last + 1;
    }
    assertThat(first).isEqualTo(rows);
  }
}
