package io.strata.spark.procedures;

import io.strata.core.types.DataField;
import io.strata.spark.docs.Markdown;
import java.util.Map;

/** Renders every {@code sys} procedure's definition (parameters, output, example) as Markdown. */
public final class ProcedureDocs {

  /**
   * One call per procedure, on the tables the guides use ({@code db.orders}, {@code db.events}).
   */
  static final Map<String, String> EXAMPLES =
      Map.ofEntries(
          Map.entry(
              "create_tag",
              "CALL sys.create_tag(table => 'db.orders', tag => 'v1', snapshot => 3,"
                  + " time_retained => '7 d')"),
          Map.entry(
              "replace_tag",
              "CALL sys.replace_tag(table => 'db.orders', tag => 'v1', snapshot => 5)"),
          Map.entry(
              "create_tag_from_timestamp",
              "CALL sys.create_tag_from_timestamp(table => 'db.orders', tag => 'eod',"
                  + " timestamp => 1767225600000)"),
          Map.entry("delete_tag", "CALL sys.delete_tag(table => 'db.orders', tag => 'v1,eod')"),
          Map.entry(
              "rename_tag",
              "CALL sys.rename_tag(table => 'db.orders', tag => 'v1', target_tag => 'release-1')"),
          Map.entry(
              "expire_tags",
              "CALL sys.expire_tags(table => 'db.orders', older_than => '2026-01-01 00:00:00')"),
          Map.entry(
              "trigger_tag_automatic_creation",
              "CALL sys.trigger_tag_automatic_creation(table => 'db.orders')"),
          Map.entry(
              "create_branch",
              "CALL sys.create_branch(table => 'db.orders', branch => 'dev', tag => 'v1')"),
          Map.entry(
              "delete_branch", "CALL sys.delete_branch(table => 'db.orders', branch => 'dev')"),
          Map.entry("fast_forward", "CALL sys.fast_forward(table => 'db.orders', branch => 'dev')"),
          Map.entry(
              "reset_consumer",
              "CALL sys.reset_consumer(table => 'db.orders', consumer_id => 'etl',"
                  + " next_snapshot_id => 12)"),
          Map.entry(
              "clear_consumers",
              "CALL sys.clear_consumers(table => 'db.orders', including_consumers => 'etl-.*',"
                  + " excluding_consumers => 'etl-audit')"),
          Map.entry(
              "expire_snapshots",
              "CALL sys.expire_snapshots(table => 'db.orders', retain_min => 5,"
                  + " older_than => '2026-11-30 00:00:00')"),
          Map.entry(
              "compact", "CALL sys.compact(table => 'db.orders', where => \"dt >= '2026-11-01'\")"),
          Map.entry("compact_manifest", "CALL sys.compact_manifest(table => 'db.orders')"),
          Map.entry("purge_files", "CALL sys.purge_files(table => 'db.staging_orders')"),
          Map.entry(
              "rescale", "CALL sys.rescale(table => 'db.orders', partitions => 'dt=2026-11-01')"),
          Map.entry(
              "rewrite_file_index",
              "CALL sys.rewrite_file_index(table => 'db.orders', where => \"dt >= '2026-11-01'\")"),
          Map.entry("rollback", "CALL sys.rollback(table => 'db.orders', version => 'v1')"),
          Map.entry(
              "rollback_to_timestamp",
              "CALL sys.rollback_to_timestamp(table => 'db.orders', timestamp => 1767225600000)"),
          Map.entry(
              "rollback_to_watermark",
              "CALL sys.rollback_to_watermark(table => 'db.orders', watermark => 1767225600000)"),
          Map.entry(
              "remove_orphan_files",
              "CALL sys.remove_orphan_files(table => 'db.orders', dry_run => true)"),
          Map.entry(
              "remove_unexisting_files",
              "CALL sys.remove_unexisting_files(table => 'db.orders', where => \"dt = '2026-11-01'\","
                  + " dry_run => true)"),
          Map.entry(
              "expire_partitions",
              "CALL sys.expire_partitions(table => 'db.events', expiration_time => '30 d',"
                  + " timestamp_formatter => 'yyyy-MM-dd')"),
          Map.entry(
              "mark_partition_done",
              "CALL sys.mark_partition_done(table => 'db.events', partitions =>"
                  + " 'dt=2026-11-30;dt=2026-12-01')"));

  private ProcedureDocs() {}

  public static String markdown() {
    Procedures procedures = new Procedures("strata", null);
    StringBuilder sb = new StringBuilder("# Procedures\n\n").append(Markdown.GENERATED);
    sb.append("Call a procedure with `CALL sys.<name>(...)` when a Strata catalog is current, or")
        .append(" `CALL <catalog>.sys.<name>(...)`; arguments go by name (`table => 'db.t'`) or by")
        .append(" position and must have the parameter's type (a lossless widening such as INT")
        .append(" for BIGINT is fine). `table` without a database means the current database.")
        .append(" An optional parameter left out is NULL: the default its description names.\n\n");
    for (String name : procedures.names()) {
      sb.append("- [`").append(name).append("`](#").append(name).append(")\n");
    }
    for (String name : procedures.names()) {
      StrataProcedure p = (StrataProcedure) procedures.get(name);
      sb.append("\n## ").append(name).append("\n\n").append(p.description()).append("\n\n");
      sb.append("| Parameter | Type | Required | Description |\n|---|---|---|---|\n");
      for (Param param : p.params()) {
        sb.append(
            Markdown.row(
                "`" + param.name() + "`",
                param.type().sql(),
                param.required() ? "yes" : "no",
                param.description()));
      }
      sb.append("\nOutput:\n\n| Column | Type |\n|---|---|\n");
      for (DataField f : p.resultType().fields()) {
        sb.append(Markdown.row("`" + f.name() + "`", Markdown.type(f.type())));
      }
      sb.append("\n```sql\n").append(example(name)).append(";\n```\n");
    }
    return sb.toString();
  }

  private static String example(String name) {
    String example = EXAMPLES.get(name);
    if (example == null) {
      throw new IllegalStateException("Procedure " + name + " has no example in ProcedureDocs.");
    }
    return example;
  }
}
