package io.strata.core.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays what Paimon 1.3.1 did to golden table {@code partition_expired}: from its first snapshot,
 * our check at the time of Paimon's OVERWRITE drops the same files and keeps {@code not-a-date}.
 */
class GoldenPartitionExpirationTest {

  @TempDir Path dir;

  static WarehouseCatalog catalog(Path warehouse) {
    return new WarehouseCatalog(
        HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
  }

  @Test
  void dropsWhatPaimonDroppedFromTheSameSnapshot() throws Exception {
    FileStoreTable golden =
        catalog(GoldenFiles.dir().resolve("warehouse"))
            .loadTable(new Identifier("golden", "partition_expired"));
    Snapshot paimons = golden.snapshotManager().snapshot(2);
    List<String> paimonDeletes = deletedFiles(golden, paimons);

    copyWithoutSnapshot2(golden.root(), dir.resolve("golden.db/partition_expired"));
    FileStoreTable table = catalog(dir).loadTable(new Identifier("golden", "partition_expired"));
    Clock atPaimonsCommit = Clock.fixed(Instant.ofEpochMilli(paimons.timeMillis()), ZoneOffset.UTC);
    PartitionExpiration expiration =
        new PartitionExpiration(
            table,
            PartitionExpireConfig.fromOptions(table.options()).orElseThrow(),
            atPaimonsCommit,
            "test");

    List<PartitionEntry> expired = expiration.expire();

    assertThat(expired.stream().map(expiration::describe))
        .containsExactly("dt=20200101", "dt=20200102");
    Snapshot ours = table.snapshotManager().latest();
    assertThat(ours.id()).isEqualTo(2);
    assertThat(ours.commitKind()).isEqualTo(CommitKind.OVERWRITE).isEqualTo(paimons.commitKind());
    assertThat(ours.deltaRecordCount()).isEqualTo(paimons.deltaRecordCount());
    assertThat(ours.totalRecordCount()).isEqualTo(paimons.totalRecordCount());
    assertThat(deletedFiles(table, ours)).containsExactlyInAnyOrderElementsOf(paimonDeletes);
    assertThat(PartitionTestTables.partitions(table))
        .containsExactly("dt=20991231", "dt=not-a-date");
  }

  /** Data files a snapshot's delta marks DELETE. */
  static List<String> deletedFiles(FileStoreTable table, Snapshot snapshot) {
    ManifestFiles manifests = table.manifestFiles();
    List<String> deleted = new ArrayList<>();
    for (ManifestFileMeta m : manifests.readManifestList(snapshot.deltaManifestList())) {
      for (ManifestEntry e : manifests.readManifest(m.fileName())) {
        assertThat(e.kind()).isEqualTo(FileKind.DELETE);
        deleted.add(e.file().fileName());
      }
    }
    return deleted;
  }

  static void copyWithoutSnapshot2(org.apache.hadoop.fs.Path from, Path to) throws Exception {
    Path source = Path.of(from.toUri());
    try (Stream<Path> files = Files.walk(source)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Path target = to.resolve(source.relativize(p).toString());
        Files.createDirectories(target.getParent());
        Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    Files.delete(to.resolve("snapshot/snapshot-2"));
    Files.writeString(to.resolve("snapshot/LATEST"), "1");
  }
}
