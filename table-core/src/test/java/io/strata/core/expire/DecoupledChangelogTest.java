package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.merge.RowKind;
import io.strata.core.snapshot.ChangelogManager;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.StreamedChanges;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Changelog kept longer than snapshots ({@code changelog.num-retained.max} above {@code
 * snapshot.num-retained.max}): expiration keeps each expired snapshot's changelog as {@code
 * changelog/changelog-N} with its files, streams still read it, and the changelog expires by its
 * own retention, counting snapshots and changelogs together, as Paimon's does.
 */
class DecoupledChangelogTest {

  private static final RowType ROWS = StreamedChanges.ID_AND_VALUE;

  @TempDir Path dir;

  private FileStoreTable table(String name, Map<String, String> extra) {
    Map<String, String> options =
        new HashMap<>(
            Map.of(
                "bucket",
                "1",
                "snapshot.num-retained.min",
                "1",
                "snapshot.num-retained.max",
                "2",
                "changelog.num-retained.max",
                "4"));
    options.putAll(extra);
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, ROWS, List.of(), options);
  }

  private static Snapshot upsert(FileStoreTable table, long id, String v) {
    return TableTestSupport.write(
        table, List.<Object[]>of(new Object[] {id, v}), List.of(RowKind.INSERT));
  }

  private static void expire(FileStoreTable table) {
    new SnapshotExpiration(table)
        .expire(ExpireConfig.fromOptions(table.options(), System.currentTimeMillis()));
  }

  private long changelogFiles() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("changelog-"))
          .filter(p -> p.toString().contains("bucket-"))
          .count();
    }
  }

  @Test
  void expiredSnapshotsLeaveTheirChangelogWhichExpiresByItsOwnRetention() throws Exception {
    FileStoreTable table =
        table(
            "kept",
            Map.of("primary-key", "id", "changelog-producer", "input", "write-only", "true"));
    List<List<String>> changes = new ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      Snapshot s = upsert(table, i % 3, "v" + i);
      assertThat(s.id()).isEqualTo(i);
      changes.add(StreamedChanges.asKeyValues(table, ROWS, i));
    }
    new TagOperations(table, Clock.systemUTC()).create("t3", 3L, null);
    expire(table);

    assertThat(table.snapshotManager().listIds()).containsExactly(5L, 6L);
    ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
    // Four changelog versions in all: changelog 3 and 4, snapshots 5 and 6.
    assertThat(changelogs.listIds()).containsExactly(3L, 4L);
    for (int i = 3; i <= 6; i++) {
      assertThat(StreamedChanges.asKeyValues(table, ROWS, i))
          .as("changes of %d", i)
          .isEqualTo(changes.get(i - 1));
    }
    assertThat(changelogFiles()).isEqualTo(4);
    assertThat(Files.readString(dir.resolve("default.db/kept/changelog/EARLIEST"))).isEqualTo("3");
    assertThat(Files.readString(dir.resolve("default.db/kept/changelog/LATEST"))).isEqualTo("4");
    assertThatThrownBy(() -> StreamedChanges.asKeyValues(table, ROWS, 2))
        .hasMessageContaining("snapshot 2");

    // The tag's snapshot expired, but changelog/ still keeps its changelog.
    new TagOperations(table, Clock.systemUTC()).delete(List.of("t3"));
    assertThat(StreamedChanges.asKeyValues(table, ROWS, 3)).isEqualTo(changes.get(2));
    Thread.sleep(20);
    assertThat(new OrphanFiles(table).remove(System.currentTimeMillis() - 5, false).files())
        .isEmpty();

    // Later commits push the changelog out: 4 versions at most.
    upsert(table, 7, "v7");
    expire(table);
    assertThat(changelogs.listIds()).containsExactly(4L, 5L);
    assertThat(table.snapshotManager().listIds()).containsExactly(6L, 7L);
    assertThat(changelogFiles()).isEqualTo(4);
    assertThat(TableTestSupport.readAll(table)).hasSize(4);
  }

  @Test
  void aRollbackDropsTheChangelogKeptOfWhatItRollsBack() throws Exception {
    FileStoreTable table =
        table(
            "rolled",
            Map.of("primary-key", "id", "changelog-producer", "input", "write-only", "true"));
    for (int i = 1; i <= 6; i++) {
      upsert(table, i, "v" + i);
    }
    new TagOperations(table, Clock.systemUTC()).create("t3", 3L, null);
    expire(table);
    ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
    assertThat(changelogs.listIds()).containsExactly(3L, 4L);

    new Rollback(table).to(table.tagManager().tag("t3").orElseThrow().snapshot());
    assertThat(table.snapshotManager().listIds()).containsExactly(3L);
    assertThat(changelogs.listIds()).containsExactly(3L);
    assertThat(Files.readString(dir.resolve("default.db/rolled/changelog/LATEST"))).isEqualTo("3");
    assertThat(changelogFiles()).isEqualTo(1);
    assertThat(TableTestSupport.readAll(table)).hasSize(3);
  }

  /**
   * An append table and a primary-key table without a changelog producer: their changelog is the
   * files their writes added. Expired snapshots keep their manifest lists and the written files a
   * compaction removed, streams read the kept changelog as they read the snapshots, and the
   * changelog's expiration deletes those files and manifests, leaving nothing orphaned.
   */
  @Test
  void aChangelogOfWrittenFilesKeepsThemUntilItExpires() throws Exception {
    for (Map<String, String> options :
        List.of(
            Map.of("bucket", "-1", "write-only", "true"),
            Map.of("primary-key", "id", "write-only", "true"))) {
      String name = options.containsKey("primary-key") ? "written_pk" : "written_append";
      FileStoreTable table = table(name, options);
      List<List<String>> changes = new ArrayList<>();
      for (int i = 1; i <= 4; i++) {
        upsert(table, i, "v" + i);
        changes.add(StreamedChanges.asKeyValues(table, ROWS, i));
      }
      Snapshot compacted =
          new io.strata.core.compact.FullCompaction(table, "test", Clock.systemUTC()).run(null);
      assertThat(compacted.id()).as(name).isEqualTo(5L);
      upsert(table, 6, "v6");
      changes.add(StreamedChanges.asKeyValues(table, ROWS, 5));
      changes.add(StreamedChanges.asKeyValues(table, ROWS, 6));
      expire(table);

      assertThat(table.snapshotManager().listIds()).as(name).containsExactly(5L, 6L);
      ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
      assertThat(changelogs.listIds()).as(name).containsExactly(3L, 4L);
      // Snapshots 3 and 4 wrote files the compaction (snapshot 5) replaced: their changelog still
      // streams them.
      for (int i = 3; i <= 6; i++) {
        assertThat(StreamedChanges.asKeyValues(table, ROWS, i))
            .as("%s: changes of %d", name, i)
            .isEqualTo(changes.get(i - 1));
      }
      assertThat(StreamedChanges.asKeyValues(table, ROWS, 3)).as(name).isNotEmpty();
      Thread.sleep(20);
      assertThat(new OrphanFiles(table).remove(System.currentTimeMillis() - 5, false).files())
          .as(name)
          .isEmpty();

      // Later commits push the changelogs out. The written files the compaction replaced stay
      // until the compaction's own changelog (5) expires, as in Paimon: its delta removed them.
      long before = dataFiles(name);
      upsert(table, 7, "v7");
      upsert(table, 8, "v8");
      expire(table);
      assertThat(changelogs.listIds()).as(name).containsExactly(5L, 6L);
      assertThat(dataFiles(name)).as(name).isEqualTo(before + 2);
      upsert(table, 9, "v9");
      expire(table);
      assertThat(changelogs.listIds()).as(name).containsExactly(6L, 7L);
      assertThat(dataFiles(name)).as(name).isEqualTo(before + 3 - 4);
      assertThat(StreamedChanges.asKeyValues(table, ROWS, 6)).isEqualTo(changes.get(5));
      assertThat(TableTestSupport.readAll(table)).as(name).hasSize(8);
      Thread.sleep(20);
      assertThat(new OrphanFiles(table).remove(System.currentTimeMillis() - 5, false).files())
          .as(name)
          .isEmpty();
    }
  }

  private long dataFiles(String table) throws Exception {
    try (Stream<Path> files = Files.walk(dir.resolve("default.db").resolve(table))) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("data-"))
          .filter(p -> !p.getFileName().toString().endsWith(".crc"))
          .count();
    }
  }
}
