package io.strata.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.read.TableRead;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A staged table is written aside and put in the place of a table only when installed: until then
 * the existing table reads as before and the staged one is never listed; a refused install or a
 * dropped stage leaves the existing table untouched.
 */
class StagedTableTest {

  @TempDir Path dir;
  WarehouseCatalog catalog;
  final Identifier id = new Identifier("db", "t");

  @BeforeEach
  void setUp() {
    catalog =
        new WarehouseCatalog(HadoopFileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
    catalog.createDatabase("db");
  }

  static TableSchema schema(String column) {
    RowType row = new RowType(List.of(new DataField(0, column, DataTypes.BIGINT())));
    return SchemaFactory.create(row, List.of(), List.of(), Map.of(), null, 1L);
  }

  static void write(FileStoreTable table, long... values) {
    TableWriter writer = table.newWrite();
    for (long v : values) {
      writer.write(new Object[] {v});
    }
    new FileStoreCommit(table, "test", Clock.systemUTC())
        .commit(writer.prepareCommit(), CommitKind.APPEND);
  }

  static List<Long> rows(FileStoreTable table) throws Exception {
    List<Long> rows = new ArrayList<>();
    for (DataSplit split : table.newScan().plan(table.snapshotManager().latest()).splits()) {
      try (CloseableIterator<Object[]> it =
          TableRead.open(table, split, table.schema().rowType())) {
        it.forEachRemaining(r -> rows.add((Long) r[0]));
      }
    }
    rows.sort(null);
    return rows;
  }

  Path staging() {
    return dir.resolve("db.db").resolve(WarehouseCatalog.STAGING_DIR);
  }

  long staged() throws Exception {
    if (!Files.exists(staging())) {
      return 0;
    }
    try (Stream<Path> files = Files.list(staging())) {
      return files.count();
    }
  }

  @Test
  void aStagedTableAppearsOnlyWhenInstalled() throws Exception {
    FileStoreTable staged = catalog.stageTable(id, schema("a"));
    write(staged, 1, 2);
    assertThat(catalog.tableExists(id)).isFalse();
    assertThat(catalog.listTables("db")).isEmpty();

    catalog.installStaged(staged, id, false);

    FileStoreTable installed = catalog.loadTable(id);
    assertThat(rows(installed)).containsExactly(1L, 2L);
    assertThat(catalog.listTables("db")).containsExactly("t");
    assertThat(staged()).isZero();
  }

  @Test
  void aReplaceKeepsTheOldTableUntilTheNewOneIsInPlace() throws Exception {
    write(catalog.createTable(id, schema("old")), 7);
    FileStoreTable staged = catalog.stageTable(id, schema("new"));
    write(staged, 3);
    // While the new table is written the old one reads as before.
    assertThat(rows(catalog.loadTable(id))).containsExactly(7L);

    catalog.installStaged(staged, id, true);

    FileStoreTable replaced = catalog.loadTable(id);
    assertThat(replaced.schema().rowType().field(0).name()).isEqualTo("new");
    assertThat(rows(replaced)).containsExactly(3L);
    assertThat(replaced.snapshotManager().latest().id()).isEqualTo(1);
    assertThat(staged()).as("the former table's files are deleted").isZero();
  }

  @Test
  void anInstallWithoutReplaceOverAnExistingTableIsRefused() throws Exception {
    write(catalog.createTable(id, schema("old")), 7);
    FileStoreTable staged = catalog.stageTable(id, schema("new"));
    write(staged, 3);

    assertThatThrownBy(() -> catalog.installStaged(staged, id, false))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("already exists");
    assertThat(rows(catalog.loadTable(id))).containsExactly(7L);

    catalog.dropStaged(staged, id);
    assertThat(staged()).isZero();
    assertThat(rows(catalog.loadTable(id))).containsExactly(7L);
  }

  @Test
  void onlyStagedTablesAreInstalledOrDropped() {
    FileStoreTable real = catalog.createTable(id, schema("a"));
    Identifier other = new Identifier("db", "u");
    assertThatThrownBy(() -> catalog.installStaged(real, other, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a table staged for db.u");
    assertThatThrownBy(() -> catalog.dropStaged(real, id))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(catalog.tableExists(id)).isTrue();
  }
}
