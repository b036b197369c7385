package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.format.CloseableIterator;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamScanTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "v", DataTypes.STRING())));

  @TempDir Path dir;

  private FileStoreTable keyed(Map<String, String> more) {
    Map<String, String> options = new HashMap<>(more);
    options.put("primary-key", "id");
    options.put("bucket", "2");
    return TableTestSupport.create(TableTestSupport.catalog(dir), "k", ROWS, List.of(), options);
  }

  private FileStoreTable append() {
    return TableTestSupport.create(TableTestSupport.catalog(dir), "a", ROWS, List.of(), Map.of());
  }

  private static Object[] row(long id, String v) {
    return new Object[] {id, v};
  }

  private static Snapshot write(FileStoreTable table, RowKind kind, Object[]... rows) {
    TableWriter writer = table.newWrite();
    for (Object[] r : rows) {
      writer.write(r, kind);
    }
    return table.newCommit("test").commit(writer.prepareCommit(), CommitKind.APPEND);
  }

  /** Every row the stream step at {@code position} emits, as "id=v". */
  private static List<String> read(FileStoreTable table, StreamPosition position) {
    List<String> rows = new ArrayList<>();
    for (DataSplit split : new StreamScan(table, new Options(Map.of())).plan(position)) {
      try (CloseableIterator<Object[]> it =
          position.full()
              ? TableRead.open(table, split, ROWS)
              : TableRead.openChanges(table, split, ROWS)) {
        it.forEachRemaining(r -> rows.add(r[0] + "=" + r[1]));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return rows;
  }

  @Test
  void changesOfAKeyTableAreItsUpsertsInCommitOrderWithoutDeletes() {
    FileStoreTable table = keyed(Map.of());
    write(table, RowKind.INSERT, row(1, "a"), row(2, "b"), row(3, "c"));
    Snapshot second = write(table, RowKind.INSERT, row(2, "b2"), row(4, "d"));
    Snapshot third = write(table, RowKind.DELETE, row(3, "c"));

    assertThat(read(table, StreamPosition.wholeOf(1)))
        .containsExactlyInAnyOrder("1=a", "2=b", "3=c");
    assertThat(read(table, StreamPosition.changesOf(second.id())))
        .containsExactlyInAnyOrder("2=b2", "4=d");
    assertThat(read(table, StreamPosition.changesOf(third.id()))).isEmpty();
    // One split per bucket, never packed across buckets.
    List<DataSplit> splits =
        new StreamScan(table, new Options(Map.of())).plan(StreamPosition.changesOf(second.id()));
    assertThat(splits).extracting(DataSplit::bucket).doesNotHaveDuplicates();
  }

  /** Every record the changes of snapshot {@code id} hold, as "kind id=v". */
  private static List<String> readWithKinds(FileStoreTable table, long id) {
    return io.strata.core.table.StreamedChanges.asKeyValues(table, ROWS, id);
  }

  @Test
  void changesWithRowKindsKeepEveryKindTheyWereWrittenWith() {
    FileStoreTable table = keyed(Map.of());
    Snapshot first = write(table, RowKind.INSERT, row(1, "a"), row(2, "b"), row(3, "c"));
    Snapshot update = write(table, RowKind.UPDATE_AFTER, row(2, "b2"));
    Snapshot before = write(table, RowKind.UPDATE_BEFORE, row(1, "a"));
    Snapshot delete = write(table, RowKind.DELETE, row(3, "c"));

    assertThat(readWithKinds(table, first.id()))
        .containsExactlyInAnyOrder("+I 1=a", "+I 2=b", "+I 3=c");
    assertThat(readWithKinds(table, update.id())).containsExactly("+U 2=b2");
    assertThat(readWithKinds(table, before.id())).containsExactly("-U 1=a");
    assertThat(readWithKinds(table, delete.id())).containsExactly("-D 3=c");
    // Without kinds, retractions cannot be rows.
    assertThat(read(table, StreamPosition.changesOf(delete.id()))).isEmpty();
  }

  @Test
  void appendTableChangesWithRowKindsAreInserts() {
    FileStoreTable table = append();
    Snapshot first = TableTestSupport.append(table, List.<Object[]>of(row(1, "a"), row(2, "b")));
    assertThat(readWithKinds(table, first.id())).containsExactlyInAnyOrder("+I 1=a", "+I 2=b");
  }

  @Test
  void compactionsAndOverwritesEmitNothingUnlessOverwritesAreAsked() {
    FileStoreTable table = keyed(Map.of());
    write(table, RowKind.INSERT, row(1, "a"));
    write(table, RowKind.INSERT, row(1, "a2"));
    Snapshot compact = table.newCommit("test").compact(null, CompactStrategy.FULL);
    assertThat(compact.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(read(table, StreamPosition.changesOf(compact.id()))).isEmpty();

    TableWriter writer = table.newWrite();
    writer.write(row(9, "z"), RowKind.INSERT);
    Snapshot overwrite = table.newCommit("test").overwrite(writer.prepareCommit(), null);
    assertThat(read(table, StreamPosition.changesOf(overwrite.id()))).isEmpty();
    StreamScan withOverwrites =
        new StreamScan(table, new Options(Map.of("streaming-read-overwrite", "true")));
    assertThat(withOverwrites.plan(StreamPosition.changesOf(overwrite.id()))).hasSize(1);
  }

  @Test
  void appendTableChangesAreTheAddedFiles() {
    FileStoreTable table = append();
    TableTestSupport.append(table, List.<Object[]>of(row(1, "a")));
    Snapshot second = TableTestSupport.append(table, List.<Object[]>of(row(2, "b"), row(3, "c")));
    assertThat(read(table, StreamPosition.changesOf(second.id())))
        .containsExactlyInAnyOrder("2=b", "3=c");
  }

  @Test
  void startPositionsFollowScanMode() {
    FileStoreTable table = append();
    StreamStart start = new StreamStart(table);
    assertThat(start.resolve(new Options(Map.of()))).isEqualTo(StreamPosition.changesOf(1));
    TableTestSupport.append(table, List.<Object[]>of(row(1, "a")));
    Snapshot second = TableTestSupport.append(table, List.<Object[]>of(row(2, "b")));

    assertThat(start.resolve(new Options(Map.of()))).isEqualTo(StreamPosition.wholeOf(2));
    assertThat(start.resolve(opts("scan.mode", "latest"))).isEqualTo(StreamPosition.changesOf(3));
    assertThat(start.resolve(opts("scan.snapshot-id", "1"))).isEqualTo(StreamPosition.changesOf(1));
    assertThat(
            start.resolve(
                new Options(Map.of("scan.mode", "from-snapshot-full", "scan.snapshot-id", "1"))))
        .isEqualTo(StreamPosition.wholeOf(1));
    assertThat(start.resolve(opts("scan.timestamp-millis", String.valueOf(second.timeMillis()))))
        .isEqualTo(StreamPosition.changesOf(second.id()));
    assertThat(start.resolve(opts("scan.timestamp-millis", "0")))
        .isEqualTo(StreamPosition.changesOf(1));
    assertThatThrownBy(() -> start.resolve(opts("scan.mode", "from-snapshot")))
        .hasMessage(
            "The streaming scan.mode 'from-snapshot' needs the option 'scan.snapshot-id'; set it.");
  }

  @Test
  void aKnownConsumerGoesOnWhereItStoppedUnlessItIgnoresItsProgress() {
    FileStoreTable table = append();
    for (int i = 1; i <= 3; i++) {
      TableTestSupport.append(table, List.<Object[]>of(row(i, "r" + i)));
    }
    table.consumerManager().write("reader1", 2);
    StreamStart start = new StreamStart(table);

    assertThat(start.resolve(opts("consumer-id", "reader1")))
        .isEqualTo(StreamPosition.changesOf(2));
    assertThat(
            start.resolve(
                new Options(Map.of("consumer-id", "reader1", "consumer.ignore-progress", "true"))))
        .isEqualTo(StreamPosition.wholeOf(3));
    assertThat(start.resolve(opts("consumer-id", "new_reader")))
        .isEqualTo(StreamPosition.wholeOf(3));
    // A consumer behind the earliest snapshot still kept starts from that one, as in Paimon.
    table.consumerManager().write("reader1", 0);
    assertThat(start.resolve(opts("consumer-id", "reader1")))
        .isEqualTo(StreamPosition.changesOf(1));
  }

  @Test
  void aTagStartReadsTheTaggedSnapshotWholeThenTheLaterChanges() {
    FileStoreTable table = keyed(Map.of());
    Snapshot tagged = write(table, RowKind.INSERT, row(1, "a"), row(2, "b"));
    table.tagManager().create("v1", Tag.of(tagged));
    Snapshot later = write(table, RowKind.INSERT, row(2, "b2"));
    write(table, RowKind.INSERT, row(3, "c"));
    // The tag keeps its snapshot readable after expiration removed it.
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 10, Long.MAX_VALUE, 1));
    assertThat(table.snapshotManager().exists(tagged.id())).isFalse();

    StreamPosition start = new StreamStart(table).resolve(opts("scan.tag-name", "v1"));
    assertThat(start).isEqualTo(StreamPosition.wholeOf(tagged.id()));
    assertThat(read(table, start)).containsExactlyInAnyOrder("1=a", "2=b");
    assertThat(read(table, start.nextSnapshot())).containsExactly("2=b2");
    assertThat(start.nextSnapshot().snapshotId()).isEqualTo(later.id());
    assertThat(
            new StreamStart(table)
                .resolve(new Options(Map.of("scan.mode", "from-snapshot", "scan.tag-name", "v1"))))
        .isEqualTo(start);

    assertThatThrownBy(() -> new StreamStart(table).resolve(opts("scan.tag-name", "nope")))
        .hasMessage("Tag 'nope' doesn't exist. Existing tags: v1.");
  }

  @Test
  void anExpiredSnapshotFailsTheStreamNamingItAndTheFix() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "r",
            ROWS,
            List.of(),
            Map.of("snapshot.num-retained.min", "1", "snapshot.num-retained.max", "1"));
    for (int i = 0; i < 3; i++) {
      table
          .newCommit("test")
          .commit(TableTestSupport.write(table, List.<Object[]>of(row(i, "x"))), CommitKind.APPEND);
    }
    assertThatThrownBy(
            () -> new StreamScan(table, new Options(Map.of())).plan(StreamPosition.changesOf(1)))
        .hasMessageStartingWith(
            "Cannot continue the streaming read of r: snapshot 1, the next one it reads, has"
                + " expired (the earliest snapshot is 3).")
        .hasMessageContaining("'consumer-id'")
        .hasMessageContaining("snapshot.time-retained is ");
  }

  private static Options opts(String key, String value) {
    return new Options(Map.of(key, value));
  }
}
