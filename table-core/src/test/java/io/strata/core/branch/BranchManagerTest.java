package io.strata.core.branch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.OrphanFiles;
import io.strata.core.expire.Rollback;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.schema.SchemaChange;
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
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BranchManagerTest {

  @TempDir Path dir;
  WarehouseCatalog catalog;
  FileStoreTable main;

  @BeforeEach
  void createTable() {
    catalog = TableTestSupport.catalog(dir);
    main =
        TableTestSupport.create(
            catalog,
            "t",
            new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
            List.of(),
            Map.of("bucket", "-1"));
  }

  static void append(FileStoreTable table, long from, long to) {
    TableTestSupport.append(
        table, LongStream.range(from, to).mapToObj(i -> new Object[] {i}).toList());
  }

  static List<Long> ids(FileStoreTable table) {
    return TableTestSupport.readAll(table).stream().map(r -> (Long) r[0]).sorted().toList();
  }

  static List<Long> range(long from, long to) {
    return LongStream.range(from, to).boxed().toList();
  }

  private void tag(FileStoreTable table, String name, long snapshot) {
    new TagOperations(table, Clock.systemUTC()).create(name, snapshot, null);
  }

  private long dataFiles() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("data-")).count();
    }
  }

  private static void expireAllButLatest(FileStoreTable table) {
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
  }

  @Test
  void aBranchFromATagStartsAtItsSnapshotAndCommitsApart() throws Exception {
    append(main, 0, 10);
    append(main, 10, 20);
    tag(main, "v1", 1);
    new BranchManager(main).create("dev", "v1");

    FileStoreTable dev = main.switchToBranch("dev");
    assertThat(ids(dev)).isEqualTo(range(0, 10));
    append(dev, 100, 105);
    assertThat(dev.snapshotManager().listIds()).containsExactly(1L, 2L);
    assertThat(ids(dev)).containsAll(range(100, 105)).hasSize(15);
    assertThat(ids(main)).isEqualTo(range(0, 20));

    // Paimon's layout: metadata under branch/branch-dev, data and manifests shared.
    Path branchDir = dir.resolve("default.db/t/branch/branch-dev");
    assertThat(branchDir.resolve("snapshot/snapshot-2")).exists();
    assertThat(branchDir.resolve("tag/tag-v1")).exists();
    assertThat(branchDir.resolve("schema/schema-0")).exists();
    assertThat(branchDir.resolve("manifest")).doesNotExist();
    assertThat(dataFiles()).isEqualTo(3);
    assertThat(new BranchManager(main).branches()).containsExactly("dev");
    assertThat(catalog.loadTable(new Identifier("default", "t$branch_dev")).branch())
        .isEqualTo("dev");
  }

  @Test
  void anEmptyBranchHasTheSchemaAndNoSnapshot() {
    append(main, 0, 3);
    new BranchManager(main).create("empty");
    FileStoreTable empty = main.switchToBranch("empty");
    assertThat(empty.snapshotManager().latest()).isNull();
    assertThat(empty.schema().rowType()).isEqualTo(main.schema().rowType());
    append(empty, 50, 52);
    assertThat(ids(empty)).containsExactly(50L, 51L);
    assertThat(ids(main)).isEqualTo(range(0, 3));
  }

  @Test
  void schemaChangesOnABranchStayOnIt() {
    new BranchManager(main).create("dev");
    catalog.alterTable(
        new Identifier("default", "t$branch_dev"),
        List.of(
            new SchemaChange.AddColumn(
                List.of("note"), DataTypes.STRING(), null, SchemaChange.Position.last())));
    assertThat(main.switchToBranch("dev").schema().rowType().fieldNames())
        .containsExactly("id", "note");
    assertThat(catalog.loadTable(new Identifier("default", "t")).schema().rowType().fieldNames())
        .containsExactly("id");
  }

  @Test
  void badNamesAndMissingThingsAreRefusedAndChangeNothing() {
    append(main, 0, 3);
    BranchManager branches = new BranchManager(main);
    branches.create("dev");
    assertThatThrownBy(() -> branches.create("dev"))
        .hasMessage(
            "Branch 'dev' already exists in table t; delete it with CALL sys.delete_branch first"
                + " or choose another name.");
    assertThatThrownBy(() -> branches.create("main"))
        .hasMessageContaining("'main' is the branch every table has");
    assertThatThrownBy(() -> branches.create("123")).hasMessageContaining("all digits");
    assertThatThrownBy(() -> branches.create("a$b")).hasMessageContaining("'$'");
    assertThatThrownBy(() -> branches.create("../x")).hasMessageContaining("path separator");
    assertThatThrownBy(() -> branches.create("x", "nope"))
        .hasMessage("Tag 'nope' doesn't exist. The table has no tags.");
    assertThat(branches.branches()).containsExactly("dev");
    assertThatThrownBy(() -> main.switchToBranch("nope"))
        .hasMessage("Branch 'nope' doesn't exist in table t. Its branches: main, dev.");
    assertThatThrownBy(() -> main.switchToBranch("")).hasMessageContaining("it is empty");
    assertThatThrownBy(() -> branches.delete(List.of("dev", "nope")))
        .hasMessageContaining("Branch 'nope' doesn't exist");
    assertThat(branches.branches()).containsExactly("dev");
    assertThatThrownBy(() -> branches.delete(List.of("main")))
        .hasMessageContaining("'main' is the table itself");
    assertThatThrownBy(() -> branches.fastForward("dev"))
        .hasMessageContaining("Cannot fast-forward to branch 'dev': it has no snapshot yet");
    FileStoreTable dev = main.switchToBranch("dev");
    assertThat(dev.switchToBranch("dev")).isSameAs(dev);
    assertThatThrownBy(() -> new BranchManager(main.switchToBranch("dev")).fastForward("dev"))
        .hasMessageContaining("into itself");
    branches.delete(List.of("dev"));
    assertThat(branches.branches()).isEmpty();
    assertThat(ids(main)).isEqualTo(range(0, 3));
  }

  @Test
  void fastForwardReplacesMainsHistoryFromTheBranchsFirstSnapshot() throws Exception {
    append(main, 0, 10); // 1
    tag(main, "v1", 1);
    append(main, 10, 20); // 2, dropped by the fast-forward
    tag(main, "v2", 2);
    new BranchManager(main).create("dev", "v1");
    FileStoreTable dev = main.switchToBranch("dev");
    append(dev, 100, 110); // dev 2
    append(dev, 110, 120); // dev 3

    new BranchManager(main).fastForward("dev");
    assertThat(main.snapshotManager().listIds()).containsExactly(1L, 2L, 3L);
    assertThat(ids(main)).containsAll(range(100, 120)).containsAll(range(0, 10)).hasSize(30);
    assertThat(main.tagManager().tags().keySet()).containsExactly("v1");
    append(main, 200, 201);
    assertThat(main.snapshotManager().latestId().getAsLong()).isEqualTo(4);
  }

  @Test
  void expiringABranchKeepsTheFilesMainReads() throws Exception {
    append(main, 0, 10); // 1
    tag(main, "v1", 1);
    new BranchManager(main).create("dev", "v1");
    FileStoreTable dev = main.switchToBranch("dev");
    append(dev, 100, 110); // dev 2
    new BranchManager(main).fastForward("dev"); // main 2 reads dev's file

    dev.newCommit("test").truncate(); // dev 3 deletes both files
    append(dev, 300, 301); // dev 4
    new TagOperations(dev, Clock.systemUTC()).delete(List.of("v1"));
    expireAllButLatest(dev);
    assertThat(dev.snapshotManager().listIds()).containsExactly(4L);
    assertThat(ids(dev)).containsExactly(300L);
    // Only main's snapshots and tag still read these files.
    assertThat(ids(main)).containsAll(range(0, 10)).containsAll(range(100, 110)).hasSize(20);
  }

  @Test
  void expiringAndRollingBackMainKeepTheFilesABranchReads() throws Exception {
    append(main, 0, 10); // 1
    tag(main, "v1", 1);
    new BranchManager(main).create("dev", "v1");
    FileStoreTable dev = main.switchToBranch("dev");
    append(dev, 100, 110); // dev 2
    new BranchManager(main).fastForward("dev");

    new Rollback(main).to(main.snapshotManager().snapshot(1));
    assertThat(ids(main)).isEqualTo(range(0, 10));
    main.newCommit("test").truncate(); // 2
    append(main, 500, 501); // 3
    expireAllButLatest(main);
    assertThat(ids(main)).containsExactly(500L);
    assertThat(ids(dev)).containsAll(range(0, 10)).containsAll(range(100, 110)).hasSize(20);
  }

  @Test
  void orphanRemovalFromABranchKeepsEveryBranchsFiles() throws Exception {
    append(main, 0, 10);
    tag(main, "v1", 1);
    new BranchManager(main).create("dev", "v1");
    FileStoreTable dev = main.switchToBranch("dev");
    append(dev, 100, 110);
    append(main, 10, 20);
    Path orphan = Files.writeString(dir.resolve("default.db/t/bucket-0/data-orphan.parquet"), "x");
    Thread.sleep(20);

    OrphanFiles.Result result = new OrphanFiles(dev).remove(System.currentTimeMillis() - 5, false);
    assertThat(result.files()).extracting(p -> p.getName()).containsExactly("data-orphan.parquet");
    assertThat(orphan).doesNotExist();
    assertThat(ids(main)).isEqualTo(range(0, 20));
    assertThat(ids(dev)).containsAll(range(0, 10)).containsAll(range(100, 110)).hasSize(20);
  }
}
