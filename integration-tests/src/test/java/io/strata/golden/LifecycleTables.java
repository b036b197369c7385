package io.strata.golden;

import static io.strata.it.PaimonRows.row;
import static io.strata.it.PaimonRows.str;

import java.time.Duration;
import java.util.List;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.types.DataTypes;

/** Tables whose history changed after writing: schema evolution and snapshot expiration. */
final class LifecycleTables {

  private LifecycleTables() {}

  static void write(GoldenWarehouse w) throws Exception {
    schemaEvolved(w);
    expired(w);
  }

  /**
   * Rows under schema 0; then add c, rename a to a_renamed and drop b in one change (schema 1);
   * then add b again, which gets a new field id (schema 2); then a row under schema 2.
   */
  private static void schemaEvolved(GoldenWarehouse w) throws Exception {
    String name = "schema_evolved";
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("a", DataTypes.STRING())
            .column("b", DataTypes.INT())
            .build());
    w.commit(name, List.of(row(1L, str("a1"), 1), row(2L, str("a2"), 2)));
    w.alter(
        name,
        SchemaChange.addColumn("c", DataTypes.DOUBLE()),
        SchemaChange.renameColumn("a", "a_renamed"),
        SchemaChange.dropColumn("b"));
    w.alter(name, SchemaChange.addColumn("b", DataTypes.INT()));
    w.commit(name, List.of(row(3L, str("a3"), 3.5, 30)));
  }

  /**
   * Six commits that each rewrite key 1 and add a key (Paimon compacts once on its own), tag t2 on
   * snapshot 2, then expiration with retain-max 2, retain-min 1 and no time retained: only the
   * latest snapshot stays (retain-max caps, it does not keep), while the tag keeps its files.
   */
  private static void expired(GoldenWarehouse w) throws Exception {
    String name = "expired";
    w.create(
        name,
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("v", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .option("snapshot.num-retained.min", "1")
            .build());
    w.commit(name, List.of(row(1L, str("one@1"))));
    for (long k = 2; k <= 6; k++) {
      w.commit(name, List.of(row(1L, str("one@" + k)), row(k, str("c" + k))));
    }
    w.table(name).createTag("t2", 2);
    // Snapshot times must lie in the past for a zero time retention to expire them.
    Thread.sleep(5);
    w.table(name)
        .newExpireSnapshots()
        .config(
            ExpireConfig.builder()
                .snapshotRetainMax(2)
                .snapshotRetainMin(1)
                .snapshotTimeRetain(Duration.ZERO)
                .build())
        .expire();
  }
}
