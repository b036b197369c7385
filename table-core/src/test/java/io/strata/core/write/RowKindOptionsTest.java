package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.merge.RowKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options that decide which records a writer writes, as Paimon 1.3.1's writers decide: {@code
 * ignore-delete} (and its older keys), {@code ignore-update-before}, {@code rowkind.field}.
 */
class RowKindOptionsTest {

  @TempDir Path dir;

  private static final RowType KVO =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.INT().notNull()),
              new DataField(1, "v", DataTypes.STRING()),
              new DataField(2, "op", DataTypes.STRING())));

  private FileStoreTable table(String name, Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(extra);
    options.put("primary-key", "k");
    options.put("bucket", "1");
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, KVO, List.of(), options);
  }

  private static List<String> rows(FileStoreTable t) {
    List<String> out = new ArrayList<>();
    TableTestSupport.readAll(t).forEach(r -> out.add(r[0] + "=" + r[1]));
    out.sort(null);
    return out;
  }

  @Test
  void ignoreDeleteUnderAnyKeyDropsRetractionsOfEveryEngine() {
    for (String key : List.of("ignore-delete", "deduplicate.ignore-delete")) {
      FileStoreTable t = table("t_" + key.replace('.', '_').replace('-', '_'), Map.of(key, "true"));
      TableTestSupport.write(
          t,
          List.<Object[]>of(new Object[] {1, "a", null}, new Object[] {2, "b", null}),
          List.of(RowKind.INSERT, RowKind.INSERT));
      TableTestSupport.write(
          t,
          List.<Object[]>of(new Object[] {1, null, null}, new Object[] {2, "b", null}),
          List.of(RowKind.DELETE, RowKind.UPDATE_BEFORE));
      assertThat(rows(t)).as(key).containsExactly("1=a", "2=b");
    }
  }

  @Test
  void ignoreUpdateBeforeDropsOnlyUpdateBefore() {
    FileStoreTable t = table("ub", Map.of("ignore-update-before", "true"));
    TableTestSupport.write(
        t,
        List.<Object[]>of(new Object[] {1, "a", null}, new Object[] {2, "b", null}),
        List.of(RowKind.INSERT, RowKind.INSERT));
    TableTestSupport.write(
        t,
        List.<Object[]>of(new Object[] {1, "a", null}, new Object[] {2, null, null}),
        List.of(RowKind.UPDATE_BEFORE, RowKind.DELETE));
    assertThat(rows(t)).containsExactly("1=a");
  }

  @Test
  void rowKindFieldGivesAnInsertedRowItsKind() {
    FileStoreTable t = table("rk", Map.of("rowkind.field", "op"));
    TableTestSupport.write(
        t,
        List.<Object[]>of(
            new Object[] {1, "a", "+I"}, new Object[] {2, "b", "+I"}, new Object[] {3, "c", "+i"}),
        List.of(RowKind.INSERT, RowKind.INSERT, RowKind.INSERT));
    TableTestSupport.write(
        t,
        List.<Object[]>of(new Object[] {1, "a", "-D"}, new Object[] {2, "b2", "+U"}),
        List.of(RowKind.INSERT, RowKind.INSERT));
    assertThat(rows(t)).containsExactly("2=b2", "3=c");
    assertThatThrownBy(
            () ->
                TableTestSupport.write(
                    t, List.<Object[]>of(new Object[] {4, "d", "?"}), List.of(RowKind.INSERT)))
        .hasMessage(
            "Cannot write a row whose row kind column 'op' (table option 'rowkind.field') is '?':"
                + " it must be one of '+I', '-U', '+U', '-D'. Nothing was written.");
    assertThatThrownBy(
            () ->
                TableTestSupport.write(
                    t, List.<Object[]>of(new Object[] {4, "d", null}), List.of(RowKind.INSERT)))
        .hasMessageContaining("is NULL");
    assertThat(rows(t)).containsExactly("2=b2", "3=c");
  }
}
