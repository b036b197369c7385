package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.scan.TableScan;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compaction into Parquet keeps string values as their UTF-8 bytes from the file read to the file
 * written; the rows and the string statistics must be exactly those of decoded strings.
 */
class EncodedStringCompactionTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.INT().notNull()),
              new DataField(1, "s", DataTypes.STRING()),
              new DataField(2, "k", DataTypes.STRING().notNull())));

  @TempDir Path dir;

  @Test
  void compactedRowsAndStringStatisticsEqualTheDecodedOnes() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "t",
            ROW,
            List.of(),
            Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
    String[] values = {"", "a", "ü", "中文", "\uD83D\uDE00 emoji", "\uE000 private", "zz", null};
    List<Object[]> batch1 = new ArrayList<>();
    List<Object[]> batch2 = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      batch1.add(new Object[] {i, values[i % values.length], "k" + i});
      if (i % 3 == 0) {
        batch2.add(new Object[] {i, values[(i + 3) % values.length], "x" + i});
      }
    }
    TableTestSupport.write(table, batch1, batch1.stream().map(r -> RowKind.INSERT).toList());
    TableTestSupport.write(table, batch2, batch2.stream().map(r -> RowKind.INSERT).toList());
    List<Object[]> deletes = List.of(new Object[] {5, null, "k5"}, new Object[] {6, null, "k6"});
    TableTestSupport.write(table, deletes, List.of(RowKind.DELETE, RowKind.DELETE));
    List<Object[]> before = sorted(TableTestSupport.readAll(table));
    assertThat(before).hasSize(198);

    new FullCompaction(table, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);

    assertThat(sorted(TableTestSupport.readAll(table)))
        .usingRecursiveFieldByFieldElementComparator()
        .isEqualTo(before);
    List<DataSplit> splits =
        new TableScan(table, new Options(Map.of())).plan(table.snapshotManager().latest()).splits();
    List<DataFileMeta> files = splits.get(0).files();
    assertThat(files).hasSize(1);
    DataFileMeta compacted = files.get(0);
    Object[] min = BinaryRowCodec.deserialize(ROW, compacted.valueStats().minValues());
    Object[] max = BinaryRowCodec.deserialize(ROW, compacted.valueStats().maxValues());
    List<String> strings =
        before.stream().map(r -> (String) r[1]).filter(Objects::nonNull).toList();
    assertThat(min[1]).isEqualTo(strings.stream().min(ValueComparator::compareStrings).get());
    assertThat(max[1]).isEqualTo(strings.stream().max(ValueComparator::compareStrings).get());
    assertThat(max[1]).isEqualTo("\uD83D\uDE00 emoji");
    assertThat(compacted.valueStats().nullCounts().get(1))
        .isEqualTo(before.stream().filter(r -> r[1] == null).count());
    List<String> keys = before.stream().map(r -> (String) r[2]).toList();
    assertThat(min[2]).isEqualTo(keys.stream().min(ValueComparator::compareStrings).get());
    assertThat(max[2]).isEqualTo(keys.stream().max(ValueComparator::compareStrings).get());
  }

  private static List<Object[]> sorted(List<Object[]> rows) {
    List<Object[]> copy = new ArrayList<>(rows);
    copy.sort(Comparator.comparingInt(r -> (Integer) r[0]));
    return copy;
  }
}
