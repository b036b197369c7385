package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files a compaction rewrites keep a usable index of the values they hold. */
class FileIndexesTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "s", DataTypes.STRING())));

  @Test
  void aCompactedAppendFileIsIndexedByTheStringsItHolds() {
    FileStoreTable t =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "append",
            ROW,
            List.of(),
            Map.of(
                "bucket", "1",
                "bucket-key", "id",
                "file-index.bloom-filter.columns", "s",
                "file-index.bloom-filter.s.items", "100"));
    for (int c = 0; c < 3; c++) {
      List<Object[]> rows = new ArrayList<>();
      for (long i = 0; i < 20; i++) {
        rows.add(new Object[] {i * 3 + c, "s" + (i * 3 + c)});
      }
      TableTestSupport.append(t, rows);
    }
    t.newCommit("test").compact(null, CompactStrategy.FULL);

    List<DataSplit> splits =
        new io.strata.core.scan.TableScan(t, new Options(Map.of()))
            .plan(t.snapshotManager().latest())
            .splits();
    assertThat(splits).hasSize(1);
    DataSplit split = splits.get(0);
    assertThat(split.files()).hasSize(1);
    DataFileMeta compacted = split.files().get(0);
    assertThat(compacted.embeddedIndex()).isNotNull();
    for (long i = 0; i < 60; i++) {
      assertThat(FileIndexes.excludes(t, split, compacted, is("s" + i))).as("s" + i).isFalse();
    }
    int ruledOut = 0;
    for (long i = 60; i < 160; i++) {
      ruledOut += FileIndexes.excludes(t, split, compacted, is("s" + i)) ? 1 : 0;
    }
    assertThat(ruledOut).isGreaterThan(70);

    FileStoreTable unindexed =
        TableTestSupport.catalog(dir)
            .alterTable(
                new io.strata.core.catalog.Identifier("default", "append"),
                List.of(
                    new io.strata.core.schema.SchemaChange.SetOption(
                        "file-index.read.enabled", "false")));
    assertThat(FileIndexes.excludes(unindexed, split, compacted, is("s999"))).isFalse();
  }

  private static LeafPredicate is(String value) {
    return new LeafPredicate(1, "s", ROW.typeAt(1), Op.EQ, List.of(value));
  }
}
