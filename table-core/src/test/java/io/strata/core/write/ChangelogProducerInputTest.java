package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.OrphanFiles;
import io.strata.core.expire.Rollback;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.expire.TagDeletion;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.StreamedChanges;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code changelog-producer = input}: writers also write every input record as changelog files, the
 * snapshot lists them, streams read them, and maintenance deletes them with their snapshot.
 */
class ChangelogProducerInputTest {

  private static final RowType ROWS = StreamedChanges.ID_AND_VALUE;

  @TempDir Path dir;

  private FileStoreTable table() {
    return table(Map.of());
  }

  private FileStoreTable table(Map<String, String> extra) {
    Map<String, String> options =
        new java.util.HashMap<>(
            Map.of("primary-key", "id", "bucket", "1", "changelog-producer", "input"));
    options.putAll(extra);
    return TableTestSupport.create(TableTestSupport.catalog(dir), "c", ROWS, List.of(), options);
  }

  private static Snapshot write(FileStoreTable table, Object[][] rows, RowKind... kinds) {
    TableWriter writer = table.newWrite();
    for (int i = 0; i < rows.length; i++) {
      writer.write(rows[i], kinds[i]);
    }
    return table.newCommit("test").commit(writer.prepareCommit(), CommitKind.APPEND);
  }

  private static Object[] row(long id, String v) {
    return new Object[] {id, v};
  }

  /** The changes the stream reads of snapshot {@code id}, as "kind id=v", in stream order. */
  private static List<String> changes(FileStoreTable table, long id) {
    return StreamedChanges.asKeyValues(table, ROWS, id);
  }

  private static List<ManifestEntry> changelogEntries(FileStoreTable table, Snapshot s) {
    List<ManifestEntry> entries = new ArrayList<>();
    for (ManifestFileMeta m : table.manifestFiles().readManifestList(s.changelogManifestList())) {
      entries.addAll(table.manifestFiles().readManifest(m.fileName()));
    }
    return entries;
  }

  private List<String> changelogFilesOnDisk(FileStoreTable table) throws IOException {
    try (Stream<Path> files = Files.list(Path.of(table.root().toUri()).resolve("bucket-0"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("changelog-"))
          .sorted()
          .toList();
    }
  }

  @Test
  void aWriteAlsoWritesEveryInputRecordAsChangelogAndTheStreamReadsIt() throws Exception {
    FileStoreTable table = table();
    Snapshot first =
        write(table, new Object[][] {row(1, "a"), row(2, "b")}, RowKind.INSERT, RowKind.INSERT);
    Snapshot second =
        write(
            table,
            new Object[][] {row(2, "b"), row(1, "a2"), row(1, "a3")},
            RowKind.DELETE,
            RowKind.UPDATE_AFTER,
            RowKind.UPDATE_AFTER);

    assertThat(second.changelogRecordCount()).isEqualTo(3);
    assertThat(second.changelogManifestListSize()).isPositive();
    List<ManifestEntry> entries = changelogEntries(table, second);
    assertThat(entries).hasSize(1);
    assertThat(entries.get(0).file().fileName()).matches("changelog-[0-9a-f-]{36}-\\d+\\.parquet");
    assertThat(entries.get(0).file().level()).isZero();
    assertThat(entries.get(0).file().rowCount()).isEqualTo(3);
    assertThat(changelogFilesOnDisk(table)).hasSize(2);

    // The changelog keeps both updates of key 1; the data file keeps only the last one.
    assertThat(changes(table, first.id())).containsExactly("+I 1=a", "+I 2=b");
    assertThat(changes(table, second.id())).containsExactly("+U 1=a2", "+U 1=a3", "-D 2=b");
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactly("1=a3");

    Snapshot compact = table.newCommit("test").compact(null, CompactStrategy.FULL);
    assertThat(compact.changelogManifestList()).isNull();
    assertThat(compact.changelogRecordCount()).isZero();
    assertThat(changes(table, compact.id())).isEmpty();
  }

  @Test
  void expirationDeletesTheChangelogOfExpiredSnapshotsUnlessATagHoldsThem() throws Exception {
    FileStoreTable table = table();
    write(table, new Object[][] {row(1, "a")}, RowKind.INSERT);
    Snapshot tagged = write(table, new Object[][] {row(2, "b")}, RowKind.INSERT);
    table.tagManager().create("t", Tag.of(tagged));
    write(table, new Object[][] {row(3, "c")}, RowKind.INSERT);
    String taggedFile = changelogEntries(table, tagged).get(0).file().fileName();
    assertThat(changelogFilesOnDisk(table)).hasSize(3);

    // Orphan removal knows every changelog file as live.
    assertThat(new OrphanFiles(table).remove(System.currentTimeMillis(), false).files()).isEmpty();
    assertThat(changelogFilesOnDisk(table)).hasSize(3);

    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 10));
    assertThat(table.snapshotManager().earliestId()).hasValue(3);
    // Snapshot 1's changelog went with it; the tag keeps snapshot 2's.
    List<String> left = changelogFilesOnDisk(table);
    assertThat(left).hasSize(2).contains(taggedFile);
    assertThat(new OrphanFiles(table).remove(System.currentTimeMillis(), false).files()).isEmpty();

    new TagDeletion(table).delete(List.of("t"));
    assertThat(changelogFilesOnDisk(table)).hasSize(1).doesNotContain(taggedFile);
    assertThat(changes(table, 3)).containsExactly("+I 3=c");
  }

  @Test
  void aRollbackDeletesTheChangelogOfTheSnapshotsItRemoves() throws Exception {
    FileStoreTable table = table();
    Snapshot first = write(table, new Object[][] {row(1, "a")}, RowKind.INSERT);
    write(table, new Object[][] {row(2, "b")}, RowKind.INSERT);
    write(table, new Object[][] {row(1, "a2")}, RowKind.UPDATE_AFTER);
    assertThat(changelogFilesOnDisk(table)).hasSize(3);

    new Rollback(table).to(first);
    assertThat(changelogFilesOnDisk(table))
        .containsExactly(changelogEntries(table, first).get(0).file().fileName());
    assertThat(changes(table, first.id())).containsExactly("+I 1=a");
  }

  @Test
  void aSpillingWriteStillWritesEveryInputRecordOnceInKeyOrder() throws Exception {
    FileStoreTable table = table(Map.of("write-buffer-size", "16 kb"));
    int keys = 3_000;
    Object[][] rows = new Object[2 * keys][];
    RowKind[] kinds = new RowKind[2 * keys];
    for (int i = 0; i < keys; i++) {
      // Keys in descending order, each written twice: the buffer must sort and spill.
      rows[i] = row(keys - i, "first-" + (keys - i));
      rows[keys + i] = row(keys - i, "second-" + (keys - i));
      kinds[i] = RowKind.INSERT;
      kinds[keys + i] = RowKind.UPDATE_AFTER;
    }
    Snapshot s = write(table, rows, kinds);

    assertThat(s.changelogRecordCount()).isEqualTo(2L * keys);
    List<String> changes = changes(table, s.id());
    assertThat(changes).hasSize(2 * keys);
    for (int k = 1; k <= keys; k++) {
      int at = 2 * (k - 1);
      assertThat(changes.subList(at, at + 2))
          .containsExactly("+I " + k + "=first-" + k, "+U " + k + "=second-" + k);
    }
    assertThat(TableTestSupport.readAll(table)).hasSize(keys);
  }
}
