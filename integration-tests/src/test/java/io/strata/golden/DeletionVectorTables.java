package io.strata.golden;

import static io.strata.it.PaimonRows.row;
import static io.strata.it.PaimonRows.str;

import io.strata.it.PaimonDeletions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/**
 * Deletion-vector tables beyond {@code pk_deletion_vectors}: an append table whose rows Paimon
 * deletes by position (as its DELETE statements do), and a partitioned key table with several
 * buckets and commits of upserts and deletes.
 */
final class DeletionVectorTables {

  /** Fixed, so that regenerating writes the same rows (file names and times still differ). */
  private static final long SEED = 20261201L;

  private DeletionVectorTables() {}

  static void write(GoldenWarehouse w) throws Exception {
    append(w);
    primaryKey(w);
  }

  /**
   * Partition a holds one file of 10,000 rows, b two files of 100; deletions then hide 5,000
   * consecutive and every 7th row of a's file (bitmap and run containers) and scattered rows of b's
   * files, in two commits (the second adds to a file's existing vector); a last insert adds a file
   * without deletions.
   */
  private static void append(GoldenWarehouse w) throws Exception {
    String name = "append_deletion_vectors";
    w.create(
        name,
        Schema.newBuilder()
            .column("p", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("v", DataTypes.STRING())
            .partitionKeys("p")
            .option("deletion-vectors.enabled", "true")
            .build());
    w.commit(name, rows("a", 0, 10_000));
    w.commit(name, rows("b", 0, 100));
    w.commit(name, rows("b", 100, 200));
    List<DataFileMeta> a = files(w.table(name), "a");
    List<DataFileMeta> b = files(w.table(name), "b");
    deleteRows(w.table(name), "a", a.get(0), range(100, 5_100), everyNth(6_000, 10_000, 7));
    deleteRows(w.table(name), "b", b.get(0), List.of(0L, 5L, 50L));
    deleteRows(w.table(name), "b", b.get(0), List.of(99L));
    deleteRows(w.table(name), "b", b.get(1), range(10, 20));
    w.commit(name, rows("a", 10_000, 10_010));
  }

  /**
   * Partitioned by dt, 2 buckets: 6 commits of random upserts and deletes over 400 keys; every
   * commit's lookup compaction turns replaced rows into deletion vectors.
   */
  private static void primaryKey(GoldenWarehouse w) throws Exception {
    String name = "pk_deletion_vectors_levels";
    w.create(
        name,
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.BIGINT())
            .column("v", DataTypes.STRING())
            .column("n", DataTypes.INT())
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("deletion-vectors.enabled", "true")
            .option("num-sorted-run.compaction-trigger", "3")
            .build());
    Random random = new Random(SEED);
    for (int commit = 0; commit < 6; commit++) {
      List<GenericRow> rows = new ArrayList<>();
      for (int op = 0; op < 200; op++) {
        String dt = random.nextBoolean() ? "2026-01-01" : "2026-01-02";
        GenericRow r = row(str(dt), (long) random.nextInt(400), str("c" + commit + "-" + op), op);
        if (commit > 0 && random.nextInt(8) == 0) {
          r.setRowKind(RowKind.DELETE);
        }
        rows.add(r);
      }
      w.commit(name, rows);
    }
  }

  /** Rows (p, i, "v" + i) for i in [from, to). */
  private static List<GenericRow> rows(String p, int from, int to) {
    List<GenericRow> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(row(str(p), i, str("v" + i)));
    }
    return rows;
  }

  private static List<Long> range(long from, long to) {
    List<Long> positions = new ArrayList<>();
    for (long i = from; i < to; i++) {
      positions.add(i);
    }
    return positions;
  }

  private static List<Long> everyNth(long from, long to, long n) {
    List<Long> positions = new ArrayList<>();
    for (long i = from; i < to; i += n) {
      positions.add(i);
    }
    return positions;
  }

  /** The split of partition {@code p} (one bucket) and its files, oldest first. */
  private static DataSplit split(FileStoreTable table, String p) {
    for (DataSplit split : PaimonDeletions.splits(table)) {
      if (split.partition().getString(0).toString().equals(p)) {
        return split;
      }
    }
    throw new IllegalStateException("no partition " + p);
  }

  private static List<DataFileMeta> files(FileStoreTable table, String p) {
    List<DataFileMeta> files = new ArrayList<>(split(table, p).dataFiles());
    files.sort((x, y) -> Long.compare(x.minSequenceNumber(), y.minSequenceNumber()));
    return files;
  }

  @SafeVarargs
  private static void deleteRows(
      FileStoreTable table, String p, DataFileMeta file, List<Long>... positionLists)
      throws Exception {
    List<Long> all = new ArrayList<>();
    for (List<Long> positions : positionLists) {
      all.addAll(positions);
    }
    PaimonDeletions.deleteRows(table, split(table, p), file, all);
  }
}
