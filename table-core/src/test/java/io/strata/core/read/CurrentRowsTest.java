package io.strata.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.merge.RowKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CurrentRows} finds the merged row of each key a snapshot holds, over several scans of
 * {@link CurrentRows#KEYS_PER_SCAN} keys, with composite and binary keys; keys without a row (never
 * written, or deleted) are skipped, and a later snapshot's rows are not seen.
 */
class CurrentRowsTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "p", DataTypes.STRING().notNull()),
              new DataField(1, "k", DataTypes.BYTES().notNull()),
              new DataField(2, "v", DataTypes.BIGINT())));

  @TempDir Path dir;

  @Test
  void findsTheRowsOfTheKeysTheSnapshotHolds() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "t",
            ROW,
            List.of(),
            Map.of("primary-key", "p,k", "bucket", "3"));
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(new Object[] {"p" + (i % 4), key(i), (long) i});
    }
    TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
    // Newer values for some keys, one key deleted.
    List<Object[]> updates =
        List.of(new Object[] {"p1", key(1), 100L}, new Object[] {"p2", key(2), 1L});
    TableTestSupport.write(table, updates, List.of(RowKind.INSERT, RowKind.DELETE));
    long snapshot = table.snapshotManager().latest().id();
    TableTestSupport.write(
        table, List.<Object[]>of(new Object[] {"p3", key(3), -1L}), List.of(RowKind.INSERT));

    List<Object[]> keys = new ArrayList<>();
    for (int i = 0; i < 2600; i++) {
      keys.add(new Object[] {"p" + (i % 4), key(i)});
    }
    keys.add(new Object[] {"p0", key(5000)}); // never written
    keys.add(new Object[] {"p1", key(0)}); // another partition's key
    List<String> found = new ArrayList<>();
    CurrentRows.forEach(
        table,
        snapshot,
        keys,
        r -> found.add(r[0] + "/" + HexFormat.of().formatHex((byte[]) r[1]) + "=" + r[2]));
    assertThat(keys.size()).isGreaterThan(2 * CurrentRows.KEYS_PER_SCAN);
    assertThat(found)
        .hasSize(2599)
        .contains("p1/" + hex(1) + "=100", "p3/" + hex(3) + "=3", "p0/" + hex(2599 - 3) + "=2596")
        .doesNotContain("p2/" + hex(2) + "=2")
        .doesNotHaveDuplicates();
    List<Object[]> none = new ArrayList<>();
    CurrentRows.forEach(table, null, keys, none::add);
    assertThat(none).isEmpty();
  }

  private static byte[] key(int i) {
    return new byte[] {(byte) (i >> 8), (byte) i, 7};
  }

  private static String hex(int i) {
    return HexFormat.of().formatHex(key(i));
  }
}
