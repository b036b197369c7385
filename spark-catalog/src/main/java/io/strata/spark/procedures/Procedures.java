package io.strata.spark.procedures;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.spark.SparkErrors;
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
    add(TagProcedures.triggerTagAutomaticCreation(tables));
    add(BranchProcedures.createBranch(tables));
    add(BranchProcedures.deleteBranch(tables));
    add(BranchProcedures.fastForward(tables));
    add(ConsumerProcedures.resetConsumer(tables));
    add(ConsumerProcedures.clearConsumers(tables));
    add(MaintenanceProcedures.expireSnapshots(tables));
    add(MaintenanceProcedures.compact(tables));
    add(MaintenanceProcedures.compactManifest(tables));
    add(MaintenanceProcedures.purgeFiles(tables));
    add(MaintenanceProcedures.rescale(tables));
    add(MaintenanceProcedures.rewriteFileIndex(tables));
    add(HistoryProcedures.rollback(tables));
    add(HistoryProcedures.rollbackToTimestamp(tables));
    add(HistoryProcedures.rollbackToWatermark(tables));
    add(HistoryProcedures.removeOrphanFiles(tables));
    add(HistoryProcedures.removeUnexistingFiles(tables));
    add(PartitionProcedures.expirePartitions(tables));
    add(PartitionProcedures.markPartitionDone(tables));
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
    return new UnboundProcedure() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return SparkErrors.unknownProcedure(NAMESPACE + "." + name, names()).getMessage();
      }

      @Override
      public BoundProcedure bind(StructType inputType) {
        return SparkErrors.surfaced(
            () -> {
              throw SparkErrors.unknownProcedure(NAMESPACE + "." + name, names());
            });
      }
    };
  }

  public List<String> names() {
    return new ArrayList<>(byName.keySet());
  }
}
