package io.strata.spark.procedures;

import static org.apache.spark.sql.types.DataTypes.BooleanType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.procedures.BoundProcedure;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;
import org.apache.spark.sql.types.StructType;

/** Every {@code sys} procedure of a Strata catalog, by name. */
public final class Procedures {

  /** The namespace procedures live in: {@code CALL sys.name(...)}. */
  public static final String NAMESPACE = "sys";

  private final Map<String, StrataProcedure> byName = new LinkedHashMap<>();

  public Procedures(String catalogName, WarehouseCatalog catalog) {
    TableArgument tables = new TableArgument(catalogName, catalog);
    add(TagProcedures.createTag(tables, false));
    add(TagProcedures.createTag(tables, true));
    add(TagProcedures.createTagFromTimestamp(tables));
    add(TagProcedures.deleteTag(tables));
    add(TagProcedures.renameTag(tables));
    add(TagProcedures.expireTags(tables));
    add(ConsumerProcedures.resetConsumer(tables));
    add(MaintenanceProcedures.expireSnapshots(tables));
    add(MaintenanceProcedures.compact(tables));
    add(PartitionProcedures.expirePartitions(tables));
    add(
        pending(
            "rollback",
            "Rolls the table back to a snapshot or tag; later snapshots are removed.",
            "rollback",
            List.of(
                Param.table(),
                Param.optional("version", StringType, "Tag name or snapshot id."),
                Param.optional("snapshot", LongType, "Snapshot id."),
                Param.optional("tag", StringType, "Tag name.")),
            Results.of(
                "previous_snapshot_id",
                DataTypes.BIGINT(),
                "current_snapshot_id",
                DataTypes.BIGINT())));
    add(
        pending(
            "rollback_to_timestamp",
            "Rolls the table back to the latest snapshot at or before a time (epoch millis).",
            "rollback",
            List.of(Param.table(), Param.required("timestamp", LongType, "Epoch milliseconds.")),
            Results.of(
                "previous_snapshot_id",
                DataTypes.BIGINT(),
                "current_snapshot_id",
                DataTypes.BIGINT())));
    add(
        pending(
            "remove_orphan_files",
            "Deletes files no snapshot, tag, schema or consumer references.",
            "orphan file removal",
            List.of(
                Param.table(),
                Param.optional("older_than", StringType, "Only files older than this time."),
                Param.optional("dry_run", BooleanType, "List without deleting.")),
            Results.of(
                "deleted_files_count", DataTypes.BIGINT(), "deleted_bytes", DataTypes.BIGINT())));
  }

  private void add(StrataProcedure p) {
    byName.put(p.name(), p);
  }

  /**
   * The procedure of this name. An unknown name yields a procedure that fails when Spark binds it,
   * because Spark hides errors thrown while loading behind FAILED_TO_LOAD_ROUTINE.
   */
  public UnboundProcedure get(String name) {
    StrataProcedure p = byName.get(name.toLowerCase());
    if (p != null) {
      return p;
    }
    String message =
        "Procedure "
            + NAMESPACE
            + "."
            + name
            + " does not exist; available procedures: "
            + String.join(", ", names())
            + ".";
    return new UnboundProcedure() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return message;
      }

      @Override
      public BoundProcedure bind(StructType inputType) {
        throw new IllegalArgumentException(message);
      }
    };
  }

  public List<String> names() {
    return new ArrayList<>(byName.keySet());
  }

  /** A procedure whose signature is final and whose body arrives with a later feature. */
  private static StrataProcedure pending(
      String name, String description, String feature, List<Param> params, RowType result) {
    return new StrataProcedure(name, description, params, result) {
      @Override
      List<Object[]> run(Args args) {
        throw new UnsupportedOperationException(
            "CALL sys."
                + name
                + " is not available yet in this Strata version ("
                + feature
                + " is not implemented); the table was not changed.");
      }
    };
  }
}
