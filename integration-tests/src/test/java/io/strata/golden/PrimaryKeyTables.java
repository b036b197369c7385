package io.strata.golden;

import static io.strata.it.PaimonRows.row;
import static io.strata.it.PaimonRows.str;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/** Primary-key tables: levels from automatic compaction, each merge engine, DVs, dynamic bucket. */
final class PrimaryKeyTables {

  /** Fixed, so that regenerating writes the same rows (file names and times still differ). */
  private static final long SEED = 20260924L;

  private PrimaryKeyTables() {}

  static void write(GoldenWarehouse w) throws Exception {
    levels(w);
    partialUpdate(w);
    firstRow(w);
    aggregation(w);
    deletionVectors(w);
    dynamicBucket(w);
  }

  /**
   * Eight commits of random upserts and deletes over 1,000 keys; with a compaction trigger of 3
   * sorted runs Paimon compacts on its own, leaving COMPACT snapshots and files on several levels.
   */
  private static void levels(GoldenWarehouse w) throws Exception {
    String name = "pk_levels";
    w.create(
        name,
        idValueN().option("bucket", "2").option("num-sorted-run.compaction-trigger", "3").build());
    Random random = new Random(SEED);
    for (int commit = 0; commit < 8; commit++) {
      List<GenericRow> rows = new ArrayList<>();
      for (int op = 0; op < 300; op++) {
        long id = random.nextInt(1000);
        GenericRow r = row(id, str("c" + commit + "-" + op), commit);
        if (random.nextInt(10) == 0) {
          r.setRowKind(RowKind.DELETE);
        }
        rows.add(r);
      }
      w.commit(name, rows);
    }
  }

  /** Each commit sets some columns; NULLs leave the previous value. */
  private static void partialUpdate(GoldenWarehouse w) throws Exception {
    String name = "pk_partial_update";
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("a", DataTypes.STRING())
            .column("b", DataTypes.INT())
            .column("c", DataTypes.DOUBLE())
            .primaryKey("id")
            .option("bucket", "1")
            .option("merge-engine", "partial-update")
            .build());
    w.commit(name, List.of(row(1L, str("a1"), null, null), row(2L, null, 20, null)));
    w.commit(name, List.of(row(1L, null, 10, 1.5), row(2L, str("a2"), null, 2.5)));
    w.commit(name, List.of(row(1L, str("a1-new"), null, null), row(3L, null, null, 3.5)));
  }

  /** The first row of a key wins; Paimon compacts (lookup) after each commit. */
  private static void firstRow(GoldenWarehouse w) throws Exception {
    String name = "pk_first_row";
    w.create(name, idValueN().option("bucket", "1").option("merge-engine", "first-row").build());
    w.commit(name, List.of(row(1L, str("first"), 1), row(2L, str("first"), 2)));
    w.commit(name, List.of(row(1L, str("second"), 10), row(3L, str("second"), 3)));
  }

  private static void aggregation(GoldenWarehouse w) throws Exception {
    String name = "pk_aggregation";
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("total", DataTypes.BIGINT())
            .column("mx", DataTypes.INT())
            .column("last", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .option("merge-engine", "aggregation")
            .option("fields.total.aggregate-function", "sum")
            .option("fields.mx.aggregate-function", "max")
            .option("fields.last.aggregate-function", "last_non_null_value")
            .build());
    w.commit(name, List.of(row(1L, 10L, 5, str("x")), row(2L, 1L, 1, null)));
    w.commit(name, List.of(row(1L, 5L, 3, null), row(2L, 2L, 9, str("y"))));
    w.commit(name, List.of(row(1L, -1L, 7, str("z"))));
  }

  /**
   * 100 rows, then two updates, then a delete; each commit's compaction writes deletion vectors
   * (index manifest, index files under index/).
   */
  private static void deletionVectors(GoldenWarehouse w) throws Exception {
    String name = "pk_deletion_vectors";
    w.create(
        name, idValueN().option("bucket", "1").option("deletion-vectors.enabled", "true").build());
    w.commit(name, sequence(100));
    w.commit(name, List.of(row(5L, str("updated"), -5), row(50L, str("updated"), -50)));
    GenericRow delete = row(7L, str("v7"), 7);
    delete.setRowKind(RowKind.DELETE);
    w.commit(name, List.of(delete));
  }

  /** Dynamic bucket (bucket -1, the default) with 100 rows a bucket: 250 rows, three buckets. */
  private static void dynamicBucket(GoldenWarehouse w) throws Exception {
    String name = "pk_dynamic_bucket";
    w.create(name, idValueN().option("dynamic-bucket.target-row-num", "100").build());
    w.commitDynamicBucket(name, sequence(250), 100);
  }

  /** (id, v, n) with primary key id. */
  private static Schema.Builder idValueN() {
    return Schema.newBuilder()
        .column("id", DataTypes.BIGINT())
        .column("v", DataTypes.STRING())
        .column("n", DataTypes.INT())
        .primaryKey("id");
  }

  /** Rows (i, "v" + i, i) for i in [0, count). */
  private static List<GenericRow> sequence(int count) {
    List<GenericRow> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(row((long) i, str("v" + i), i));
    }
    return rows;
  }
}
