package io.strata.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.DataFileFormat;
import io.strata.core.format.DataFileWriter;
import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.scan.TableScan;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written with {@code data-file.thin-mode} (as Paimon writes them) lack the {@code _KEY_}
 * columns; merged reads take the keys from the value columns with the same field ids.
 */
class ThinModeReadTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.INT().notNull()),
              new DataField(1, "v", DataTypes.STRING())));

  @TempDir Path dir;

  @Test
  void mergesThinFilesByTheKeysInTheirValueColumns() throws IOException {
    FileStoreTable table = keyTable("t");
    upsert(table, List.of(row(1, "a1"), row(2, "b1"), row(3, "c1")));
    upsert(table, List.of(row(2, "b2"), row(4, "d2")));
    upsert(table, List.of(row(3, "c3"), row(1, "a3")));

    List<Object[]> rows = new ArrayList<>();
    List<DataSplit> splits =
        new TableScan(table, new Options(Map.of())).plan(table.snapshotManager().latest()).splits();
    assertThat(splits).hasSize(1);
    DataSplit thin = thinned(table, splits.get(0));
    assertThat(thin.files()).hasSize(3);
    try (MergeSplitReader reader = new MergeSplitReader(table, thin, ROW)) {
      reader.forEachRemaining(rows::add);
    }
    assertThat(rows).containsExactly(row(1, "a3"), row(2, "b2"), row(3, "c3"), row(4, "d2"));

    // A projection without the key still merges by it.
    RowType valuesOnly = new RowType(List.of(ROW.field(1)));
    List<Object[]> values = new ArrayList<>();
    try (MergeSplitReader reader = new MergeSplitReader(table, thin, valuesOnly)) {
      reader.forEachRemaining(values::add);
    }
    assertThat(values)
        .containsExactly(
            new Object[] {"a3"}, new Object[] {"b2"}, new Object[] {"c3"}, new Object[] {"d2"});
  }

  @Test
  void compactionEmitsTheSameFileRowsAsReadAsWhenConverted() throws IOException {
    FileStoreTable table = keyTable("c");
    upsert(table, List.of(row(1, "a1"), row(2, "b1"), row(3, "c1"), row(5, "e1")));
    upsert(table, List.of(row(2, "b2"), row(4, "d2")));
    TableTestSupport.write(
        table, List.of(row(3, "c3"), row(5, null)), List.of(RowKind.INSERT, RowKind.DELETE));
    DataSplit split =
        new TableScan(table, new Options(Map.of()))
            .plan(table.snapshotManager().latest())
            .splits()
            .get(0);

    for (DataSplit s : List.of(split, thinned(table, split))) {
      // A lookup of older records (here: none) takes the converting path; without, rows go out
      // as read. Both must emit the same file rows, deletes included.
      List<Object[]> asRead = new ArrayList<>();
      try (MergeSplitReader reader =
          new MergeSplitReader(table, s, ROW).emittingKeyValuesAndDeletes()) {
        reader.forEachRemaining(asRead::add);
      }
      List<Object[]> converted = new ArrayList<>();
      try (MergeSplitReader reader =
          new MergeSplitReader(table, s, ROW)
              .withOlderRecords(key -> null)
              .emittingKeyValuesAndDeletes()) {
        reader.forEachRemaining(converted::add);
      }
      assertThat(asRead).hasSize(5);
      assertThat(asRead).usingRecursiveFieldByFieldElementComparator().isEqualTo(converted);
      // keys, sequence, kind, then the row: the key column is filled from the value in thin files
      assertThat(asRead.get(2)[0]).isEqualTo(3);
      assertThat(asRead.get(2)[4]).isEqualTo("c3");
      assertThat(asRead.get(4)[0]).isEqualTo(5);
      assertThat(asRead.get(4)[2]).isEqualTo(RowKind.DELETE.value());
    }
  }

  /** A primary-key table of one bucket that never compacts on its own. */
  private FileStoreTable keyTable(String name) {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    return TableTestSupport.create(
        catalog,
        name,
        ROW,
        List.of(),
        Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
  }

  /** The split with each file rewritten without its _KEY_ columns, as thin mode writes it. */
  private static DataSplit thinned(FileStoreTable table, DataSplit split) throws IOException {
    KeyValueLayout layout =
        new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), table.schema().rowType());
    RowType full = layout.fileType();
    RowType thinType = new RowType(full.fields().subList(layout.keyArity(), full.size()));
    List<DataFileMeta> files = new ArrayList<>();
    for (DataFileMeta f : split.files()) {
      org.apache.hadoop.fs.Path path =
          table.dataFilePaths().of(split.partition(), split.bucket(), f.fileName(), null);
      FileSystem fs = table.fileIO().fileSystem(path);
      String thinName = "thin-" + f.fileName();
      org.apache.hadoop.fs.Path thinPath =
          new org.apache.hadoop.fs.Path(path.getParent(), thinName);
      DataFileWriter writer =
          DataFileFormat.ofFile(f.fileName())
              .create(fs, thinPath, thinType, ParquetWriteOptions.defaults());
      try (CloseableIterator<Object[]> rows =
          DataFileFormat.ofFile(f.fileName()).open(fs, path, f.fileSize(), full)) {
        while (rows.hasNext()) {
          Object[] r = rows.next();
          writer.write(Arrays.copyOfRange(r, layout.keyArity(), r.length));
        }
      }
      writer.finish();
      writer.close();
      files.add(
          new DataFileMeta(
              thinName,
              fs.getFileStatus(thinPath).getLen(),
              f.rowCount(),
              f.minKey(),
              f.maxKey(),
              f.keyStats(),
              f.valueStats(),
              f.minSequenceNumber(),
              f.maxSequenceNumber(),
              f.schemaId(),
              f.level(),
              f.extraFiles(),
              f.creationTimeMillis(),
              f.deleteRowCount(),
              f.embeddedIndex(),
              f.fileSource(),
              f.valueStatsCols(),
              null,
              f.firstRowId(),
              f.writeCols()));
    }
    return new DataSplit(
        split.snapshotId(), split.partition(), split.bucket(), split.totalBuckets(), files, false);
  }

  /** One commit; sequence numbers continue the bucket's, as Spark's write tasks do. */
  private static void upsert(FileStoreTable table, List<Object[]> rows) {
    TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
  }

  private static Object[] row(int id, String v) {
    return new Object[] {id, v};
  }
}
