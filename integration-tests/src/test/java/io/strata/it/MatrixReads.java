package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.Snapshot;
import org.apache.paimon.table.FileStoreTable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/** The check every table cell ends with: both sides read every snapshot and tag alike. */
final class MatrixReads {

  private MatrixReads() {}

  /**
   * Paimon and Strata list the same snapshots and tags, and read the same rows at each of them; at
   * least one of them holds rows, so that an empty table cannot pass.
   */
  static void assertEveryVersionReadsAlike(MatrixContext ctx) {
    FileStoreTable table = ctx.paimonTable();
    io.strata.core.table.FileStoreTable strata =
        StrataCore.table(TestSpark$.MODULE$.warehouse(), ctx.db(), ctx.name());
    assertThat(StrataCore.snapshots(strata))
        .as("Strata's snapshots of %s", ctx.name())
        .containsExactlyElementsOf(PaimonOracle.snapshots(table));
    List<String> tags = new ArrayList<>(table.tagManager().allTagNames());
    tags.sort(null);
    List<String> strataTags = new ArrayList<>();
    for (Row r :
        ctx.spark()
            .sql("SELECT tag_name FROM strata." + ctx.db() + ".`" + ctx.name() + "$tags`")
            .collectAsList()) {
      strataTags.add(r.getString(0));
    }
    strataTags.sort(null);
    assertThat(strataTags).as("tags of %s", ctx.name()).isEqualTo(tags);
    // Versions as Spark's VERSION AS OF names them, and Paimon's time-travel option for each.
    Map<String, Map<String, String>> versions = new LinkedHashMap<>();
    for (long id : snapshotIds(table)) {
      versions.put(String.valueOf(id), Map.of("scan.snapshot-id", String.valueOf(id)));
    }
    for (String tag : tags) {
      versions.put("'" + tag + "'", Map.of("scan.tag-name", tag));
    }
    Map<String, List<String>> strataRows = strataRows(ctx, new ArrayList<>(versions.keySet()));
    int rowsSeen = 0;
    for (Map.Entry<String, Map<String, String>> version : versions.entrySet()) {
      List<String> paimonRows = PaimonOracle.rows(table.copy(version.getValue()));
      assertThat(strataRows.get(version.getKey()))
          .as("%s VERSION AS OF %s: Strata's rows vs Paimon's", ctx.name(), version.getKey())
          .containsExactlyElementsOf(paimonRows);
      rowsSeen += paimonRows.size();
    }
    assertThat(rowsSeen).as("rows in all versions of %s", ctx.name()).isPositive();
  }

  /**
   * Strata's rows at each version, rendered and sorted. Versions of one schema are read in one
   * Spark job (a UNION ALL tagged with the version's position), which keeps the matrix fast.
   */
  private static Map<String, List<String>> strataRows(MatrixContext ctx, List<String> versions) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    Map<StructType, List<Integer>> bySchema = new LinkedHashMap<>();
    List<Dataset<Row>> reads = new ArrayList<>();
    for (int i = 0; i < versions.size(); i++) {
      Dataset<Row> read =
          ctx.spark().sql("SELECT * FROM " + ctx.sparkName() + " VERSION AS OF " + versions.get(i));
      reads.add(read.select(functions.lit(i).as("_version"), functions.col("*")));
      bySchema.computeIfAbsent(read.schema(), s -> new ArrayList<>()).add(i);
      out.put(versions.get(i), new ArrayList<>());
    }
    for (List<Integer> group : bySchema.values()) {
      Dataset<Row> union = null;
      for (int i : group) {
        union = union == null ? reads.get(i) : union.unionAll(reads.get(i));
      }
      for (String rendered : CanonicalRows.spark(union.collectAsList())) {
        int bar = rendered.indexOf(" | ");
        int version = Integer.parseInt(bar < 0 ? rendered : rendered.substring(0, bar));
        out.get(versions.get(version)).add(bar < 0 ? "" : rendered.substring(bar + 3));
      }
    }
    out.values().forEach(rows -> rows.sort(null));
    return out;
  }

  private static List<Long> snapshotIds(FileStoreTable table) {
    List<Long> ids = new ArrayList<>();
    try {
      Iterator<Snapshot> it = table.snapshotManager().snapshots();
      while (it.hasNext()) {
        ids.add(it.next().id());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ids;
  }
}
