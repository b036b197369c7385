package io.strata.golden;

import io.strata.it.PaimonOracle;
import java.nio.file.Path;
import java.util.List;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.index.SimpleHashBucketAssigner;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.RowPartitionKeyExtractor;

/** The {@code golden} database of a Paimon filesystem warehouse that the table families fill. */
final class GoldenWarehouse implements AutoCloseable {

  /** The database every golden table lives in ({@code warehouse/golden.db}). */
  static final String DB = "golden";

  private final PaimonOracle paimon;

  GoldenWarehouse(Path warehouse) throws Catalog.DatabaseAlreadyExistException {
    this.paimon = new PaimonOracle(warehouse);
    paimon.catalog().createDatabase(DB, false);
  }

  /** Creates table {@code name}; fails if it exists, so no family overwrites another's table. */
  FileStoreTable create(String name, Schema schema) throws Exception {
    paimon.catalog().createTable(Identifier.create(DB, name), schema, false);
    return table(name);
  }

  /** The table's latest schema and state (the catalog caches nothing). */
  FileStoreTable table(String name) {
    return paimon.table(DB, name);
  }

  /** One schema change commit with all of {@code changes}. */
  void alter(String name, SchemaChange... changes) throws Exception {
    paimon.catalog().alterTable(Identifier.create(DB, name), List.of(changes), false);
  }

  /**
   * One batch commit of {@code rows} on the latest version of table {@code name}. With an I/O
   * manager: lookup compaction (first-row, deletion vectors) spills to its temp directory.
   */
  void commit(String name, List<? extends InternalRow> rows) throws Exception {
    commit(name, rows, null);
  }

  /**
   * One batch commit into a dynamic-bucket table, which takes no row without its bucket: a fresh
   * hash assigner gives each key one, filling buckets up to {@code targetRowsPerBucket}.
   */
  void commitDynamicBucket(String name, List<? extends InternalRow> rows, long targetRowsPerBucket)
      throws Exception {
    commit(name, rows, new SimpleHashBucketAssigner(1, 0, targetRowsPerBucket, -1));
  }

  private void commit(String name, List<? extends InternalRow> rows, BucketAssigner assigner)
      throws Exception {
    FileStoreTable table = table(name);
    RowPartitionKeyExtractor keys = new RowPartitionKeyExtractor(table.schema());
    BatchWriteBuilder builder = table.newBatchWriteBuilder();
    try (IOManager io = IOManager.create(System.getProperty("java.io.tmpdir"));
        BatchTableWrite write = (BatchTableWrite) builder.newWrite().withIOManager(io);
        BatchTableCommit commit = builder.newCommit()) {
      for (InternalRow row : rows) {
        if (assigner == null) {
          write.write(row);
        } else {
          int hash = keys.trimmedPrimaryKey(row).hashCode();
          write.write(row, assigner.assign(keys.partition(row), hash));
        }
      }
      commit.commit(write.prepareCommit());
    }
  }

  @Override
  public void close() throws Exception {
    paimon.close();
  }
}
