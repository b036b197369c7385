package io.strata.golden;

import static io.strata.it.PaimonRows.dec;
import static io.strata.it.PaimonRows.row;
import static io.strata.it.PaimonRows.str;

import io.strata.it.PaimonOracle;
import java.util.List;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/** The seed scenarios' orders tables: {@code orders_seed004} and {@code orders_seed002}. */
final class OrdersTables {

  private OrdersTables() {}

  static void write(GoldenWarehouse w) throws Exception {
    w.create("orders_seed004", schema());
    w.commit("orders_seed004", firstFive());

    seed002(w);
  }

  /**
   * Insert 1–5; upsert 1 to PAID and insert 6; delete 3 (a -D row); a full compaction; tag {@code
   * v1} on snapshot 1.
   */
  private static void seed002(GoldenWarehouse w) throws Exception {
    String name = "orders_seed002";
    w.create(name, schema());
    w.commit(name, firstFive());
    w.commit(
        name,
        List.of(
            order(1, 101, "99.90", "PAID", "2026-09-24"),
            order(6, 105, "12.00", "CREATED", "2026-09-25")));
    GenericRow delete = order(3, 103, "250.00", "CREATED", "2026-09-24");
    delete.setRowKind(RowKind.DELETE);
    w.commit(name, List.of(delete));
    PaimonOracle.compactFully(w.table(name));
    w.table(name).createTag("v1", 1);
  }

  /** Primary key (dt, order_id), partitioned by dt, two fixed buckets: the seeds' table. */
  private static Schema schema() {
    return Schema.newBuilder()
        .column("order_id", DataTypes.BIGINT())
        .column("user_id", DataTypes.BIGINT())
        .column("amount", DataTypes.DECIMAL(10, 2))
        .column("status", DataTypes.STRING())
        .column("dt", DataTypes.STRING())
        .partitionKeys("dt")
        .primaryKey("dt", "order_id")
        .option("bucket", "2")
        .build();
  }

  private static List<GenericRow> firstFive() {
    return List.of(
        order(1, 101, "99.90", "CREATED", "2026-09-24"),
        order(2, 102, "15.00", "CREATED", "2026-09-24"),
        order(3, 103, "250.00", "CREATED", "2026-09-24"),
        order(4, 101, "8.80", "CREATED", "2026-09-25"),
        order(5, 104, "66.60", "CREATED", "2026-09-25"));
  }

  private static GenericRow order(long id, long user, String amount, String status, String dt) {
    return row(id, user, dec(amount, 10, 2), str(status), str(dt));
  }
}
