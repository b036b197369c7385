package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.paths.UnsafePathException;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metadata that names a path outside the table (a corrupted or hand-edited manifest or snapshot)
 * never makes expiration, orphan removal or a read touch that path: they refuse with an error
 * naming it, and the outside file survives.
 */
class HostileMetadataTest {

  @TempDir Path sandbox;
  FileStoreTable table;
  Path outside;

  @BeforeEach
  void setUp() throws Exception {
    WarehouseCatalog catalog =
        TableTestSupport.catalog(Files.createDirectories(sandbox.resolve("w")));
    RowType row = new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT())));
    table = TableTestSupport.create(catalog, "t", row, List.of(), Map.of());
    // <sandbox>/w/default.db/t/bucket-0/../../../../outside.parquet is <sandbox>/outside.parquet
    outside = Files.writeString(sandbox.resolve("outside.parquet"), "not Strata's");
  }

  /** Commits one real file, then one whose manifest entry names {@code name} instead. */
  private DataFileMeta commitHostileFile(String name, String externalPath) {
    List<CommitMessage> real = TableTestSupport.write(table, List.<Object[]>of(new Object[] {1L}));
    CommitMessage m = real.get(0);
    DataFileMeta f = m.newFiles().get(0);
    DataFileMeta hostile = f.withLocation(name, externalPath);
    FileStoreCommit commit = new FileStoreCommit(table, "test", Clock.systemUTC());
    commit.commit(real, CommitKind.APPEND);
    commit.commit(
        List.of(
            new CommitMessage(
                m.partition(), m.bucket(), m.totalBuckets(), List.of(hostile), List.of())),
        CommitKind.APPEND);
    // Then replace every file, so that expiring the old snapshots deletes the hostile one.
    commit.overwrite(List.of(), null);
    return hostile;
  }

  @Test
  void expirationRefusesADataFileNameThatEscapes() {
    commitHostileFile("../../../../outside.parquet", null);
    assertThatThrownBy(
            () -> new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50)))
        .isInstanceOf(UnsafePathException.class)
        .hasMessageStartingWith(
            "Refusing the data file name '../../../../outside.parquet': it contains '/'");
    assertThat(outside).hasContent("not Strata's");
  }

  @Test
  void orphanRemovalRefusesADataFileNameThatEscapes() {
    commitHostileFile("../../../../outside.parquet", null);
    assertThatThrownBy(() -> new OrphanFiles(table).remove(System.currentTimeMillis(), false))
        .isInstanceOf(UnsafePathException.class)
        .hasMessageContaining("'../../../../outside.parquet'");
    assertThat(outside).hasContent("not Strata's");
  }

  @Test
  void readsRefuseADataFileNameThatEscapes() {
    commitHostileFile("../../../../outside.parquet", null);
    FileStoreTable atHostile = table;
    assertThatThrownBy(
            () ->
                TableTestSupport.read(
                    atHostile,
                    new io.strata.core.scan.TableScan(
                        atHostile, new io.strata.core.options.Options(Map.of())),
                    atHostile.snapshotManager().snapshot(2)))
        .isInstanceOf(UnsafePathException.class);
  }

  @Test
  void expirationKeepsDataFilesAtExternalPaths() throws Exception {
    commitHostileFile("data-external.parquet", outside.toUri().toString());
    int expired = new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
    assertThat(expired).isEqualTo(2);
    assertThat(outside).hasContent("not Strata's");
  }

  @Test
  void expirationRefusesAManifestListNameThatEscapes() throws Exception {
    Path victim = Files.writeString(sandbox.resolve("victim"), "precious");
    commitHostileFile("data-x.parquet", null);
    Path snapshot1 = sandbox.resolve("w/default.db/t/snapshot/snapshot-1");
    String json = Files.readString(snapshot1);
    Files.writeString(
        snapshot1,
        json.replaceFirst(
            "\"baseManifestList\" : \"[^\"]+\"", "\"baseManifestList\" : \"../../../../victim\""));
    assertThatThrownBy(
            () -> new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50)))
        .isInstanceOf(UnsafePathException.class)
        .hasMessageStartingWith("Refusing the manifest name '../../../../victim'");
    assertThat(victim).hasContent("precious");
  }

  @Test
  void tableFileIoChangesNothingOutsideTheTable() {
    org.apache.hadoop.fs.Path escape = new org.apache.hadoop.fs.Path(outside.toUri());
    assertThatThrownBy(() -> table.fileIO().delete(escape))
        .isInstanceOf(UnsafePathException.class)
        .hasMessageStartingWith("Refusing to delete " + escape + ": it is not below");
    assertThatThrownBy(() -> table.fileIO().deleteRecursively(table.root()))
        .isInstanceOf(UnsafePathException.class);
    assertThatThrownBy(() -> table.fileIO().overwriteFile(escape, new byte[0]))
        .isInstanceOf(UnsafePathException.class);
    assertThat(outside).hasContent("not Strata's");
  }
}
