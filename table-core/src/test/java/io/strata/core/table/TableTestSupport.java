package io.strata.core.table;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/** Builds, writes and reads tables with table-core alone (no Spark). */
public final class TableTestSupport {

  private TableTestSupport() {}

  public static WarehouseCatalog catalog(java.nio.file.Path dir) {
    return new WarehouseCatalog(HadoopFileIO.local(), new Path(dir.toUri()));
  }

  public static FileStoreTable create(
      WarehouseCatalog catalog,
      String name,
      RowType columns,
      List<String> partitionKeys,
      Map<String, String> options) {
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(columns, partitionKeys, List.of(), options, null, 1L));
  }

  public static List<CommitMessage> write(FileStoreTable table, List<Object[]> rows) {
    try (io.strata.core.write.TableWriter writer = new io.strata.core.write.TableWriter(table)) {
      for (Object[] row : rows) {
        writer.write(row);
      }
      return writer.prepareCommit();
    }
  }

  public static Snapshot append(FileStoreTable table, List<Object[]> rows) {
    return new FileStoreCommit(table, "test", Clock.systemUTC())
        .commit(write(table, rows), CommitKind.APPEND);
  }

  public static Snapshot write(
      FileStoreTable table, List<Object[]> rows, List<io.strata.core.merge.RowKind> kinds) {
    // Continues the buckets' sequence numbers and compacts them as Spark's write tasks do.
    io.strata.core.write.TableWriter writer = table.newWrite();
    for (int i = 0; i < rows.size(); i++) {
      writer.write(rows.get(i), kinds.get(i));
    }
    return new FileStoreCommit(table, "test", Clock.systemUTC())
        .commit(writer.prepareCommit(), CommitKind.APPEND);
  }

  public static List<Object[]> readAll(FileStoreTable table) {
    return read(
        table, new TableScan(table, new Options(Map.of())), table.snapshotManager().latest());
  }

  public static List<Object[]> read(FileStoreTable table, TableScan scan, Snapshot snapshot) {
    List<Object[]> rows = new ArrayList<>();
    for (DataSplit split : scan.plan(snapshot).splits()) {
      try (CloseableIterator<Object[]> reader =
          TableRead.open(table, split, table.schema().rowType())) {
        reader.forEachRemaining(rows::add);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return rows;
  }
}
