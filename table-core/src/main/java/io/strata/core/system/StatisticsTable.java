package io.strata.core.system;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.json.PaimonJson;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * {@code t$statistics}, as Paimon 1.3.1 shows it: the table statistics a snapshot refers to (what
 * Paimon's {@code ANALYZE TABLE} computed, {@code statistics/<file>}), one row, or none where the
 * snapshot has none.
 */
final class StatisticsTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "snapshot_id",
          Fields.bigintNotNull(),
          "Snapshot the statistics were computed on.",
          "schema_id",
          Fields.bigintNotNull(),
          "Schema the statistics were computed on.",
          "mergedRecordCount",
          Fields.bigint(),
          "Rows of the table after merging, as counted.",
          "mergedRecordSize",
          Fields.bigint(),
          "Bytes of those rows.",
          "colstat",
          Fields.string(),
          "Column statistics (distinct count, min, max, null count, lengths) by column, as JSON.");

  @Override
  public String name() {
    return "statistics";
  }

  @Override
  public String description() {
    return "The table statistics of Paimon's ANALYZE TABLE that the snapshot refers to (kept by"
        + " later commits until the schema changes): one row, or none.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot snapshot) {
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    if (at == null || at.statistics() == null) {
      return List.of();
    }
    Path file = table.paths().statisticsFile(at.statistics());
    JsonNode stats;
    try {
      stats = PaimonJson.parse(table.fileIO().readUtf8(file));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the table statistics " + file, e);
    }
    String what = "table statistics " + file;
    JsonNode columns = stats.get("colStats");
    return List.<Object[]>of(
        new Object[] {
          PaimonJson.requiredLong(stats, "snapshotId", what),
          PaimonJson.requiredLong(stats, "schemaId", what),
          optionalLong(stats, "mergedRecordCount"),
          optionalLong(stats, "mergedRecordSize"),
          columns == null || columns.isNull()
              ? null
              : PaimonJson.pretty(gen -> gen.writeTree(columns))
        });
  }

  private static Long optionalLong(JsonNode node, String key) {
    JsonNode value = node.get(key);
    return value == null || value.isNull() ? null : value.asLong();
  }
}
