package io.strata.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.io.HadoopFileIO;
import io.strata.core.paths.InvalidNameException;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Names that try to leave the warehouse never reach the file system: every catalog operation
 * refuses them, and the directory around the warehouse is byte-for-byte the same afterwards.
 */
class WarehouseCatalogSafetyTest {

  @TempDir Path sandbox;
  Path warehouse;
  Path victim;
  WarehouseCatalog catalog;

  @BeforeEach
  void setUp() throws Exception {
    warehouse = Files.createDirectories(sandbox.resolve("a/b/warehouse"));
    // A directory outside the warehouse that looks like a table: DROP must never reach it.
    victim = Files.createDirectories(sandbox.resolve("a/victim/schema"));
    Files.writeString(victim.resolve("schema-0"), "{}");
    catalog =
        new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
    catalog.createDatabase("x");
    catalog.createTable(new Identifier("x", "ok"), schema());
  }

  static TableSchema schema() {
    RowType row = new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT())));
    return SchemaFactory.create(row, List.of(), List.of(), Map.of(), null, 1L);
  }

  String listing() throws Exception {
    try (Stream<Path> all = Files.walk(sandbox)) {
      return all.map(p -> sandbox.relativize(p).toString())
          .sorted()
          .collect(Collectors.joining("\n"));
    }
  }

  void refused(Executable operation) throws Exception {
    String before = listing();
    assertThatThrownBy(operation::execute)
        .isInstanceOf(InvalidNameException.class)
        .hasMessageContaining("Choose another name");
    assertThat(listing()).isEqualTo(before);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "..",
        ".",
        "../../victim",
        "../../../victim",
        "bad/name",
        "a\\b",
        "nul\u0000",
        "\u202e..",
        "\uff0e\uff0e",
        "a\u2215b",
        "",
        "t$files",
        "file:x"
      })
  void tableNamesThatEscapeAreRefusedEverywhere(String name) throws Exception {
    Identifier id = new Identifier("x", name.isEmpty() ? "placeholder" : name);
    if (name.isEmpty()) {
      assertThatThrownBy(() -> new Identifier("x", ""))
          .isInstanceOf(IllegalArgumentException.class);
      return;
    }
    refused(() -> catalog.createTable(id, schema()));
    refused(() -> catalog.dropTable(id));
    refused(() -> catalog.loadTable(id));
    refused(() -> catalog.tableExists(id));
    refused(() -> catalog.renameTable(new Identifier("x", "ok"), id));
    refused(() -> catalog.renameTable(id, new Identifier("x", "ok2")));
    assertThat(victim.resolve("schema-0")).exists();
  }

  @ParameterizedTest
  @ValueSource(strings = {"..", ".", "../a", "a/b", "sys", "SYS", "tab\t", "\u2025"})
  void databaseNamesThatEscapeAreRefused(String name) throws Exception {
    if (name.equalsIgnoreCase("sys")) {
      assertThat(catalog.databaseExists(name)).isFalse();
    } else {
      refused(() -> catalog.databaseExists(name));
      refused(() -> catalog.dropDatabase(name, WarehouseCatalog.DropMode.CASCADE));
      refused(() -> catalog.listTables(name));
    }
    refused(() -> catalog.createDatabase(name));
    refused(() -> catalog.createTable(new Identifier(name, "t"), schema()));
  }

  @Test
  void dropRefusesADirectoryWhoseSchemaDoesNotParse() throws Exception {
    Path fake = Files.createDirectories(warehouse.resolve("x.db/notatable/schema"));
    Files.writeString(fake.resolve("schema-0"), "this is not json");
    Files.writeString(fake.getParent().resolve("precious.txt"), "keep me");
    assertThatThrownBy(() -> catalog.dropTable(new Identifier("x", "notatable")))
        .hasMessageStartingWith("Cannot drop table 'x.notatable': ")
        .hasMessageContaining("holds schema files that do not parse as a table schema")
        .hasMessageContaining("remove it by hand if it is not one");
    assertThat(fake.getParent().resolve("precious.txt")).exists();
    assertThatThrownBy(() -> catalog.dropDatabase("x", WarehouseCatalog.DropMode.CASCADE))
        .hasMessageStartingWith("Cannot drop table 'x.notatable': ");
    assertThat(fake.getParent().resolve("precious.txt")).exists();
  }

  @Test
  void theDefaultDatabaseIsNeverDropped() {
    if (!catalog.databaseExists(WarehouseCatalog.DEFAULT_DATABASE)) {
      catalog.createDatabase(WarehouseCatalog.DEFAULT_DATABASE);
    }
    assertThatThrownBy(
            () ->
                catalog.dropDatabase(
                    WarehouseCatalog.DEFAULT_DATABASE, WarehouseCatalog.DropMode.CASCADE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot drop the default database 'default': every catalog keeps it; drop its tables"
                + " instead.");
    assertThat(catalog.databaseExists(WarehouseCatalog.DEFAULT_DATABASE)).isTrue();
  }

  @Test
  void dropOfAPlainDirectoryIsTableNotFound() throws Exception {
    Files.createDirectories(warehouse.resolve("x.db/plain/data"));
    assertThatThrownBy(() -> catalog.dropTable(new Identifier("x", "plain")))
        .isInstanceOf(CatalogException.class)
        .hasMessage("Table 'x.plain' does not exist.");
    assertThat(warehouse.resolve("x.db/plain/data")).exists();
  }

  @Test
  void dropAndCascadeDeleteOnlyInsideTheWarehouse() throws Exception {
    catalog.dropTable(new Identifier("x", "ok"));
    assertThat(warehouse.resolve("x.db/ok")).doesNotExist();
    catalog.createTable(new Identifier("x", "ok"), schema());
    catalog.dropDatabase("x", WarehouseCatalog.DropMode.CASCADE);
    assertThat(warehouse.resolve("x.db")).doesNotExist();
    assertThat(victim.resolve("schema-0")).exists();
    assertThat(warehouse).exists();
  }
}
