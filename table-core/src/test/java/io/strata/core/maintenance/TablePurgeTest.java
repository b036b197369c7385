package io.strata.core.maintenance;

import static io.strata.core.table.TableTestSupport.append;
import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.branch.BranchManager;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.File;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TablePurgeTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "p", DataTypes.STRING())));

  @TempDir Path dir;

  @Test
  void everythingButTheSchemasGoesAndTheTableStartsAgainAtSnapshotOne() {
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of("p"), Map.of());
    append(table, List.<Object[]>of(new Object[] {1L, "a"}, new Object[] {2L, "b"}));
    new TagOperations(table, Clock.systemUTC()).create("keep", 1L, null);
    append(table, List.<Object[]>of(new Object[] {3L, "a"}));

    List<org.apache.hadoop.fs.Path> deleted = TablePurge.purge(table);

    assertThat(deleted)
        .extracting(org.apache.hadoop.fs.Path::getName)
        .contains("snapshot", "manifest", "tag", "p=a", "p=b")
        .doesNotContain("schema");
    assertThat(new File(dir.toFile(), "default.db/t").list()).containsExactly("schema");
    assertThat(table.snapshotManager().latest()).isNull();
    assertThat(table.tagManager().tags()).isEmpty();
    append(table, List.<Object[]>of(new Object[] {4L, "c"}));
    assertThat(table.snapshotManager().latest().id()).isEqualTo(1);
    assertThat(readAll(table)).hasSize(1);
  }

  @Test
  void aBranchAloneIsRefused() {
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of(), Map.of());
    append(table, List.<Object[]>of(new Object[] {1L, "a"}));
    new BranchManager(table).create("dev");

    assertThatThrownBy(() -> TablePurge.purge(table.switchToBranch("dev")))
        .hasMessageContaining("branch 'dev'");
    assertThat(readAll(table)).hasSize(1);
  }
}
