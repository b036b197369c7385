package io.strata.spark.docs;

import io.strata.core.system.GlobalSystemTable;
import io.strata.core.system.SystemTable;
import io.strata.core.system.SystemTables;
import io.strata.core.types.DataField;
import io.strata.spark.read.ReadMode;
import io.strata.spark.system.BinlogSystemTable;
import io.strata.spark.system.DataSystemTable;
import io.strata.spark.system.RowTrackingSystemTable;

/** Renders every system table ({@code t$name}): what it shows, its columns, time travel. */
final class SystemTableDocs {

  private SystemTableDocs() {}

  static String markdown() {
    StringBuilder sb = new StringBuilder("# System tables\n\n").append(Markdown.GENERATED);
    sb.append("Every table `db.t` has read-only system tables, queried as ``db.`t$name` ``")
        .append(" (backticks, because of the `$`): ")
        .append(String.join(", ", SystemTables.names().stream().map(n -> "`$" + n + "`").toList()))
        .append(". Versioned ones accept `VERSION AS OF` / `TIMESTAMP AS OF` and the read options")
        .append(" of [time travel](../time-travel.md); `$files` pushes filters on `partition` and")
        .append(" `bucket` down to the manifests.\n");
    for (SystemTable t : SystemTables.metadataTables()) {
      header(sb, t.name(), t.description());
      sb.append("| Column | Type | Meaning |\n|---|---|---|\n");
      for (DataField f : t.rowType().fields()) {
        sb.append(Markdown.row("`" + f.name() + "`", Markdown.type(f.type()), f.description()));
      }
    }
    header(sb, "ro", DataSystemTable.description(ReadMode.READ_OPTIMIZED));
    sb.append("Columns: the table's own.\n");
    header(sb, "audit_log", DataSystemTable.description(ReadMode.AUDIT_LOG));
    sb.append("Columns: `")
        .append(ReadMode.ROW_KIND)
        .append("` STRING NOT NULL, then the table's own.\n");
    header(sb, "binlog", BinlogSystemTable.description());
    sb.append("Columns: `")
        .append(ReadMode.ROW_KIND)
        .append("` STRING NOT NULL, then each of the table's as an ARRAY of its type.\n");
    header(sb, "row_tracking", RowTrackingSystemTable.description());
    sb.append("Columns: the table's own, then `_ROW_ID` BIGINT and `_SEQUENCE_NUMBER` BIGINT.\n");
    sb.append("\n## The `sys` database\n\nCatalog-wide tables, queried as `sys.<name>` in the")
        .append(" catalog (`SELECT * FROM strata.sys.all_table_options`), as Paimon names them.")
        .append(" Not versioned.\n");
    for (GlobalSystemTable t : SystemTables.globalTables()) {
      sb.append("\n### sys.").append(t.name()).append("\n\n").append(t.description());
      sb.append("\n\n| Column | Type | Meaning |\n|---|---|---|\n");
      for (DataField f : t.rowType().fields()) {
        sb.append(Markdown.row("`" + f.name() + "`", Markdown.type(f.type()), f.description()));
      }
    }
    return sb.toString();
  }

  private static void header(StringBuilder sb, String name, String description) {
    sb.append("\n## $").append(name).append("\n\n").append(description);
    sb.append(
        SystemTables.supportsTimeTravel(name)
            ? " Versioned: time travel picks the snapshot shown.\n\n"
            : " Not versioned: always the current state.\n\n");
  }
}
