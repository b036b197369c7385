package io.strata.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.options.Options;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.RowPartitionKeyExtractor;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.utils.Pair;

/** Real Apache Paimon 1.3.1 through its Java API: the reference reader and writer. */
public final class PaimonOracle implements AutoCloseable {

  /**
   * Spill and lookup space for Paimon's writers: lookup-based merges (first-row, deletion vectors,
   * lookup changelog) refuse to write without it.
   */
  private static final IOManager IO_MANAGER =
      IOManager.create(System.getProperty("java.io.tmpdir"));

  private final Catalog catalog;

  /** A filesystem catalog on {@code warehouse}, as {@code CatalogFactory} builds it. */
  public PaimonOracle(Path warehouse) {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    // Other writers change the tables between calls: load them afresh every time.
    options.set("cache-enabled", "false");
    this.catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
  }

  public Catalog catalog() {
    return catalog;
  }

  /** Loads the table's latest schema and state. */
  public FileStoreTable table(String db, String name) {
    try {
      return (FileStoreTable) catalog.getTable(Identifier.create(db, name));
    } catch (Catalog.TableNotExistException e) {
      throw new IllegalStateException("Paimon cannot find table " + db + "." + name, e);
    }
  }

  /** Every row of the latest snapshot, rendered and sorted. */
  static List<String> rows(FileStoreTable table) {
    List<String> out = new ArrayList<>();
    for (BucketedRow r : rowsWithBuckets(table)) {
      out.add(r.rendered());
    }
    out.sort(null);
    return out;
  }

  /** Paimon's own system table {@code system} of {@code table} (t$system), rendered and sorted. */
  static List<String> systemTableRows(FileStoreTable table, String system) {
    org.apache.paimon.table.Table t =
        org.apache.paimon.table.system.SystemTableLoader.load(system, table);
    ReadBuilder builder = t.newReadBuilder();
    List<String> out = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> out.add(CanonicalRows.paimon(t.rowType(), row)));
    } catch (IOException e) {
      throw new UncheckedIOException("Paimon cannot read " + t.name(), e);
    }
    out.sort(null);
    return out;
  }

  /**
   * The rows of the latest snapshot that Paimon reads with {@code filter} pushed into its scan
   * (files and row groups skipped by their stats), rendered; rows are not filtered one by one.
   */
  static List<String> rowsOfFilteredScan(FileStoreTable table, Predicate filter) {
    ReadBuilder builder = table.newReadBuilder().withFilter(filter);
    List<String> out = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> out.add(CanonicalRows.paimon(table.rowType(), row)));
    } catch (IOException e) {
      throw new UncheckedIOException("Paimon cannot read " + table.name(), e);
    }
    return out;
  }

  /** A row as Paimon read it, with the bucket of the split it came from. */
  record BucketedRow(int bucket, String rendered, InternalRow row) {}

  /** Every row of the latest snapshot, split by split, copied out of Paimon's reused objects. */
  static List<BucketedRow> rowsWithBuckets(FileStoreTable table) {
    ReadBuilder builder = table.newReadBuilder();
    List<Split> splits = builder.newScan().plan().splits();
    InternalRowSerializer copier = new InternalRowSerializer(table.rowType());
    List<BucketedRow> out = new ArrayList<>();
    for (Split split : splits) {
      int bucket = ((DataSplit) split).bucket();
      try (RecordReader<InternalRow> reader = builder.newRead().createReader(split)) {
        reader.forEachRemaining(
            row ->
                out.add(
                    new BucketedRow(
                        bucket, CanonicalRows.paimon(table.rowType(), row), copier.copy(row))));
      } catch (IOException e) {
        throw new UncheckedIOException("Paimon cannot read " + split, e);
      }
    }
    return out;
  }

  /** Every snapshot Paimon sees, rendered by {@link CanonicalRows#snapshot}, oldest first. */
  static List<String> snapshots(FileStoreTable table) {
    List<String> out = new ArrayList<>();
    try {
      Iterator<Snapshot> it = table.snapshotManager().snapshots();
      while (it.hasNext()) {
        Snapshot s = it.next();
        out.add(
            CanonicalRows.snapshot(
                s.id(), s.commitKind(), s.schemaId(), s.totalRecordCount(), s.deltaRecordCount()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** One batch commit of {@code rows} (which may carry DELETE / UPDATE row kinds). */
  public static void write(FileStoreTable table, List<? extends InternalRow> rows) {
    commit(table.newBatchWriteBuilder(), rows);
  }

  /**
   * One batch commit into a dynamic-bucket table ('bucket' = -1 with a primary key): Paimon's hash
   * bucket assigner, restored from the table's hash index, gives each row its bucket, as Paimon's
   * own single-writer jobs do.
   */
  public static void writeDynamicBucket(FileStoreTable table, List<? extends InternalRow> rows) {
    long target = table.coreOptions().dynamicBucketTargetRowNum();
    HashBucketAssigner assigner =
        new HashBucketAssigner(
            table.snapshotManager(),
            "oracle",
            table.store().newIndexFileHandler(),
            1,
            1,
            0,
            target,
            -1);
    RowPartitionKeyExtractor keys = new RowPartitionKeyExtractor(table.schema());
    BatchWriteBuilder builder = table.newBatchWriteBuilder();
    try (BatchTableWrite write = newWrite(builder);
        BatchTableCommit commit = builder.newCommit()) {
      for (InternalRow row : rows) {
        BinaryRow partition = keys.partition(row);
        write.write(row, assigner.assign(partition, keys.trimmedPrimaryKey(row).hashCode()));
      }
      commit.commit(write.prepareCommit());
    } catch (Exception e) {
      throw new IllegalStateException("Paimon write failed", e);
    }
  }

  /** One batch INSERT OVERWRITE of the given static partition (empty map: the whole table). */
  public static void overwrite(
      FileStoreTable table, Map<String, String> partition, List<? extends InternalRow> rows) {
    commit(table.newBatchWriteBuilder().withOverwrite(partition), rows);
  }

  /** One COMPACT commit: a full compaction of every bucket that holds files. */
  public static void compactFully(FileStoreTable table) {
    Set<Pair<BinaryRow, Integer>> buckets = new LinkedHashSet<>();
    for (ManifestEntry e : table.store().newScan().plan().files()) {
      buckets.add(Pair.of(e.partition(), e.bucket()));
    }
    BatchWriteBuilder builder = table.newBatchWriteBuilder();
    try (BatchTableWrite write = newWrite(builder);
        BatchTableCommit commit = builder.newCommit()) {
      for (Pair<BinaryRow, Integer> b : buckets) {
        write.compact(b.getLeft(), b.getRight(), true);
      }
      commit.commit(write.prepareCommit());
    } catch (Exception e) {
      throw new IllegalStateException("Paimon compaction failed", e);
    }
  }

  /** Paimon's manifest compaction (its {@code compact_manifest} procedure's commit). */
  public static void compactManifests(FileStoreTable table) {
    try (BatchTableCommit commit = table.newBatchWriteBuilder().newCommit()) {
      commit.compactManifests();
    } catch (Exception e) {
      throw new IllegalStateException("Paimon manifest compaction failed", e);
    }
  }

  private static void commit(BatchWriteBuilder builder, List<? extends InternalRow> rows) {
    try (BatchTableWrite write = newWrite(builder);
        BatchTableCommit commit = builder.newCommit()) {
      for (InternalRow row : rows) {
        write.write(row);
      }
      commit.commit(write.prepareCommit());
    } catch (Exception e) {
      throw new IllegalStateException("Paimon write failed", e);
    }
  }

  private static BatchTableWrite newWrite(BatchWriteBuilder builder) {
    return (BatchTableWrite) builder.newWrite().withIOManager(IO_MANAGER);
  }

  @Override
  public void close() throws Exception {
    catalog.close();
  }
}
