package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.GoldenRows;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.options.Options;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expiring snapshots of a deletion-vector table written by Paimon 1.3.1 deletes the index files and
 * index manifests only expired snapshots read, and keeps those of retained snapshots and tags;
 * orphan removal treats {@code index/} like data, deleting only files no version names.
 */
class ExpiredIndexFilesTest {

  private static final String NAME = "pk_deletion_vectors_levels";

  @TempDir Path warehouse;

  @Test
  void keepsOnlyTheRetainedSnapshotsIndexFiles() throws Exception {
    FileStoreTable table = copy();
    Snapshot latest = table.snapshotManager().latest();
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));

    assertThat(table.snapshotManager().listIds()).containsExactly(latest.id());
    assertThat(list("index")).isEqualTo(indexFiles(table, latest)).isNotEmpty();
    assertThat(indexManifests()).containsExactly(latest.indexManifest());
    assertReads(table, latest, "latest");
  }

  @Test
  void keepsWhatATagReads() throws Exception {
    FileStoreTable table = copy();
    Snapshot tagged = table.snapshotManager().snapshot(6);
    table.tagManager().create("t6", Tag.of(tagged));
    Snapshot latest = table.snapshotManager().latest();
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));

    Set<String> kept = indexFiles(table, latest);
    kept.addAll(indexFiles(table, tagged));
    assertThat(list("index")).isEqualTo(kept);
    assertThat(indexManifests())
        .containsExactlyInAnyOrder(latest.indexManifest(), tagged.indexManifest());
    assertReads(table, latest, "latest");
    assertReads(table, tagged, "snapshot-6");
  }

  @Test
  void orphanRemovalDeletesOnlyUnreferencedIndexFiles() throws Exception {
    FileStoreTable table = copy();
    Set<String> live = new HashSet<>();
    for (long id : table.snapshotManager().listIds()) {
      Snapshot s = table.snapshotManager().snapshot(id);
      if (s.indexManifest() != null) {
        live.addAll(indexFiles(table, s));
      }
    }
    Path indexDir = warehouse.resolve("golden.db").resolve(NAME).resolve("index");
    Files.writeString(indexDir.resolve("index-planted-0"), "left by a crashed writer");
    Files.setLastModifiedTime(
        indexDir.resolve("index-planted-0"), java.nio.file.attribute.FileTime.fromMillis(0));
    assertThat(list("index")).containsAll(live).contains("index-planted-0");

    OrphanFiles.Result result = new OrphanFiles(table).remove(System.currentTimeMillis(), false);

    assertThat(result.files()).extracting(p -> p.getName()).containsExactly("index-planted-0");
    assertThat(list("index")).isEqualTo(live);
    assertReads(table, table.snapshotManager().latest(), "latest");
  }

  private FileStoreTable copy() throws Exception {
    GoldenFiles.copyTable(NAME, warehouse);
    return new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()))
        .loadTable(new Identifier("golden", NAME));
  }

  private static Set<String> indexFiles(FileStoreTable table, Snapshot s) {
    Set<String> names = new HashSet<>();
    for (IndexManifestEntry e : table.manifestFiles().readIndexManifest(s.indexManifest())) {
      names.add(e.indexFile().fileName());
    }
    return names;
  }

  private Set<String> indexManifests() throws Exception {
    Set<String> names = new HashSet<>();
    for (String n : list("manifest")) {
      if (n.startsWith("index-manifest-")) {
        names.add(n);
      }
    }
    return names;
  }

  private Set<String> list(String dir) throws Exception {
    Set<String> names = new HashSet<>();
    try (Stream<Path> files =
        Files.list(warehouse.resolve("golden.db").resolve(NAME).resolve(dir))) {
      files.forEach(p -> names.add(p.getFileName().toString()));
    }
    return names;
  }

  private static void assertReads(FileStoreTable table, Snapshot s, String version)
      throws Exception {
    List<String> actual = new ArrayList<>();
    for (Object[] row :
        TableTestSupport.read(table, new TableScan(table, new Options(Map.of())), s)) {
      actual.add(GoldenRows.render(table.schema().rowType(), row));
    }
    actual.sort(null);
    List<String> expected =
        Files.readAllLines(
            GoldenFiles.dir().resolve("expected").resolve(NAME).resolve(version + ".tsv"));
    assertThat(actual).containsExactlyElementsOf(expected.subList(1, expected.size()));
  }
}
