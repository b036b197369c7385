package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.merge.RowKind;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.StreamedChanges;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code changelog-producer = full-compaction}: a compaction into the top level writes, for every
 * key it changed, the change against the key's top-level row, as the COMPACT snapshot's changelog;
 * other compactions and writes write none.
 */
class ChangelogProducerFullCompactionTest {

  private static final RowType ROWS = StreamedChanges.ID_AND_VALUE;

  @TempDir Path dir;

  private FileStoreTable table(String name, Map<String, String> extra) {
    Map<String, String> options =
        new HashMap<>(
            Map.of("primary-key", "id", "bucket", "1", "changelog-producer", "full-compaction"));
    options.putAll(extra);
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, ROWS, List.of(), options);
  }

  private static Snapshot write(FileStoreTable table, Object[][] rows, RowKind... kinds) {
    TableWriter writer = table.newWrite();
    for (int i = 0; i < rows.length; i++) {
      writer.write(rows[i], kinds.length == 0 ? RowKind.INSERT : kinds[i]);
    }
    return table.newCommit("test").commit(writer.prepareCommit(), CommitKind.APPEND);
  }

  private static List<String> changes(FileStoreTable table, long id) {
    return StreamedChanges.asKeyValues(table, ROWS, id);
  }

  @Test
  void aFullCompactionWritesWhatChangedSinceTheTopLevel() {
    FileStoreTable table = table("full", Map.of());
    Snapshot first = write(table, new Object[][] {{1L, "a"}, {2L, "b"}, {4L, "d"}});
    Snapshot second = write(table, new Object[][] {{1L, "a2"}});
    assertThat(first.changelogManifestList()).isNull();
    assertThat(second.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(second.changelogManifestList()).isNull();

    Snapshot compacted = table.newCommit("test").compact(null, CompactStrategy.FULL);
    assertThat(changes(table, compacted.id())).containsExactly("+I 1=a2", "+I 2=b", "+I 4=d");

    write(
        table,
        new Object[][] {{2L, "b2"}, {3L, "c"}, {1L, "a2"}},
        RowKind.INSERT,
        RowKind.INSERT,
        RowKind.DELETE);
    Snapshot again = table.newCommit("test").compact(null, CompactStrategy.FULL);
    // Key 4 kept its top-level row: no change.
    assertThat(changes(table, again.id()))
        .containsExactly("-D 1=a2", "-U 2=b", "+U 2=b2", "+I 3=c");
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactly("2=b2", "3=c", "4=d");
  }

  @Test
  void aWritersCompactionIntoTheTopLevelWritesTheChangelogToo() {
    // More than two sorted runs trigger a compaction, and at this size it takes the whole bucket.
    FileStoreTable table = table("writer", Map.of("num-sorted-run.compaction-trigger", "2"));
    write(table, new Object[][] {{1L, "a"}, {2L, "b"}});
    Snapshot second = write(table, new Object[][] {{1L, "a2"}});
    assertThat(second.commitKind()).isEqualTo(CommitKind.APPEND);
    Snapshot third = write(table, new Object[][] {{3L, "c"}});
    assertThat(third.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(changes(table, third.id())).containsExactly("+I 1=a2", "+I 2=b", "+I 3=c");
    write(table, new Object[][] {{2L, "b4"}});
    Snapshot fifth = write(table, new Object[][] {{3L, "c5"}});
    assertThat(fifth.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(changes(table, fifth.id()))
        .containsExactly("-U 2=b", "+U 2=b4", "-U 3=c", "+U 3=c5");
  }
}
