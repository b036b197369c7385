package io.strata.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Truncated or garbled metadata is reported as an error naming the file and the repair, never as a
 * parser's stack trace; stale, missing or garbage hints are corrected silently by listing.
 */
class CorruptionTest {

  @TempDir Path dir;
  WarehouseCatalog catalog;
  FileStoreTable table;
  Path root;

  @BeforeEach
  void setUp() {
    catalog = TableTestSupport.catalog(dir);
    RowType row = new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT())));
    table = TableTestSupport.create(catalog, "t", row, List.of(), Map.of());
    for (long i = 1; i <= 3; i++) {
      TableTestSupport.append(table, List.<Object[]>of(new Object[] {i}));
    }
    new TagOperations(table, Clock.systemUTC()).create("v1", 1L, null);
    root = dir.resolve("default.db/t");
  }

  private static void truncate(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
  }

  private static void garble(Path file) throws Exception {
    Files.writeString(file, "\u0000\u00ff garbage }{");
  }

  private Path firstIn(String subdir, String prefix) throws Exception {
    try (Stream<Path> files = Files.list(root.resolve(subdir))) {
      return files
          .filter(p -> p.getFileName().toString().startsWith(prefix))
          .sorted()
          .findFirst()
          .orElseThrow();
    }
  }

  private Path baseManifestList() throws Exception {
    return root.resolve("manifest").resolve(table.snapshotManager().latest().baseManifestList());
  }

  private Path manifestOfLatest() throws Exception {
    String list = table.snapshotManager().latest().deltaManifestList();
    String manifest = table.manifestFiles().readManifestList(list).get(0).fileName();
    return root.resolve("manifest").resolve(manifest);
  }

  @Test
  void truncatedOrGarbledSnapshotNamesTheFileAndRollback() throws Exception {
    truncate(root.resolve("snapshot/snapshot-3"));
    assertThatThrownBy(() -> TableTestSupport.readAll(table))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageStartingWith("The snapshot file ")
        .hasMessageContaining("snapshot/snapshot-3 is corrupted (truncated or garbled)")
        .hasMessageContaining("CALL sys.rollback");
    garble(root.resolve("snapshot/snapshot-3"));
    assertThatThrownBy(() -> TableTestSupport.readAll(table))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("snapshot/snapshot-3 is corrupted");
  }

  @Test
  void garbledSchemaNamesTheFile() throws Exception {
    garble(root.resolve("schema/schema-0"));
    assertThatThrownBy(() -> catalog.loadTable(new Identifier("default", "t")))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("The schema file ")
        .hasMessageContaining("schema/schema-0 is corrupted")
        .hasMessageContaining("Restore it from a backup");
  }

  @Test
  void truncatedManifestListNamesTheFile() throws Exception {
    Path list = baseManifestList();
    truncate(list);
    assertThatThrownBy(() -> TableTestSupport.readAll(table))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageStartingWith("The manifest list file ")
        .hasMessageContaining(list.getFileName() + " is corrupted");
  }

  @Test
  void garbledManifestNamesTheFile() throws Exception {
    Path manifest = manifestOfLatest();
    garble(manifest);
    assertThatThrownBy(() -> TableTestSupport.readAll(table))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageStartingWith("The manifest file ")
        .hasMessageContaining(manifest.getFileName() + " is corrupted");
  }

  @Test
  void garbledTagNamesTheFileAndDeleteTag() throws Exception {
    garble(root.resolve("tag/tag-v1"));
    assertThatThrownBy(() -> table.tagManager().tags())
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("tag/tag-v1 is corrupted")
        .hasMessageContaining("CALL sys.delete_tag");
    assertThatThrownBy(() -> table.tagManager().tag("v1")).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void badHintsFallBackToListingSilently() throws Exception {
    Files.writeString(root.resolve("snapshot/LATEST"), "garbage");
    Files.writeString(root.resolve("snapshot/EARLIEST"), "-7");
    assertThat(table.snapshotManager().latestId()).hasValue(3);
    assertThat(table.snapshotManager().earliestId()).hasValue(1);
    Files.writeString(root.resolve("snapshot/LATEST"), "1"); // stale
    Files.delete(root.resolve("snapshot/EARLIEST"));
    assertThat(table.snapshotManager().latestId()).hasValue(3);
    assertThat(table.snapshotManager().earliestId()).hasValue(1);
    assertThat(TableTestSupport.readAll(table)).hasSize(3);
  }

  @Test
  void missingDataFileNamesTheFile() throws Exception {
    Path data;
    try (Stream<Path> files = Files.walk(root)) {
      data =
          files
              .filter(p -> p.getFileName().toString().startsWith("data-"))
              .findFirst()
              .orElseThrow();
    }
    Files.delete(data);
    assertThatThrownBy(() -> TableTestSupport.readAll(table))
        .hasMessageContaining(data.getFileName().toString());
  }

  @Test
  void garbledDataPageNamesTheFile() throws Exception {
    FileStoreTable wide =
        TableTestSupport.create(
            catalog,
            "wide",
            new RowType(
                List.of(
                    new DataField(0, "id", DataTypes.BIGINT()),
                    new DataField(1, "s", DataTypes.STRING()))),
            List.of(),
            Map.of());
    List<Object[]> rows = new java.util.ArrayList<>();
    for (long i = 0; i < 20_000; i++) {
      rows.add(new Object[] {i * 7919 % 100_003, "row " + i + " " + (i * 31 % 977)});
    }
    TableTestSupport.append(wide, rows);
    Path data;
    try (Stream<Path> files = Files.walk(dir.resolve("default.db/wide"))) {
      data =
          files
              .filter(p -> p.getFileName().toString().startsWith("data-"))
              .findFirst()
              .orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(data);
    // Inside the first column chunk's compressed page, past the page header.
    for (int i = 64; i < 2_000; i++) {
      bytes[i] = (byte) (bytes[i] ^ 0x5A);
    }
    Files.write(data, bytes);
    assertThatThrownBy(() -> TableTestSupport.readAll(wide))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("The data file ")
        .hasMessageContaining(data.getFileName() + " is corrupted (truncated or garbled)")
        .hasMessageContaining("CALL sys.rollback");
  }
}
