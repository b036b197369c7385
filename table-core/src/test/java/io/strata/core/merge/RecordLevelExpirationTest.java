package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.compact.FullCompaction;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.options.Options;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code record-level.expire-time}: compactions drop the records whose {@code
 * record-level.time-field} is older than the expire time, reads before a compaction still return
 * them, and a full compaction rewrites a lone top-level file whose statistics show expired records.
 */
class RecordLevelExpirationTest {

  private static final long DAY_MILLIS = 86_400_000L;

  @TempDir Path dir;

  @Test
  void timesConvertToSecondsAsPaimonConvertsThem() {
    long now = 2_000_000_000_000L; // epoch millis
    RecordLevelExpiration expiration =
        RecordLevelExpiration.of(
            new Options(
                Map.of("record-level.expire-time", "100 s", "record-level.time-field", "t")),
            new RowType(List.of(new DataField(0, "t", DataTypes.BIGINT()))),
            now);
    long nowSeconds = now / 1000;
    // Kept while now <= time + expire-time.
    assertThat(expiration.expired(nowSeconds - 100)).isFalse();
    assertThat(expiration.expired(nowSeconds - 101)).isTrue();
    assertThat(expiration.expired((int) (nowSeconds - 101))).isTrue();
    assertThat(expiration.expired((int) (nowSeconds - 100))).isFalse();
    // BIGINT from 10^12 on is milliseconds.
    assertThat(expiration.expired((nowSeconds - 100) * 1000)).isFalse();
    assertThat(expiration.expired((nowSeconds - 101) * 1000 + 999)).isTrue();
    assertThat(expiration.expired(Timestamp.fromMillis((nowSeconds - 101) * 1000))).isTrue();
    assertThat(expiration.expired(Timestamp.fromMillis((nowSeconds - 100) * 1000))).isFalse();
    assertThat(expiration.expired(null)).isFalse();
  }

  @Test
  void tablesThatCannotExpireRecordsAreRefused() {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "s", DataTypes.STRING()),
                new DataField(2, "ts", DataTypes.TIMESTAMP(3))));
    assertThatThrownBy(() -> create(columns, Map.of("record-level.expire-time", "1 d")))
        .hasMessage(
            "Table option 'record-level.expire-time' is set but 'record-level.time-field' is not:"
                + " set it to the column a record's age counts from (INT or BIGINT epoch seconds,"
                + " BIGINT epoch milliseconds, TIMESTAMP or TIMESTAMP_LTZ).");
    assertThatThrownBy(
            () ->
                create(
                    columns,
                    Map.of("record-level.expire-time", "1 d", "record-level.time-field", "t")))
        .hasMessage(
            "Table option 'record-level.time-field' names column 't', which does not exist;"
                + " columns are [id, s, ts].");
    assertThatThrownBy(
            () ->
                create(
                    columns,
                    Map.of("record-level.expire-time", "1 d", "record-level.time-field", "s")))
        .hasMessageStartingWith(
            "Table option 'record-level.time-field' names column 's' of type STRING; a record's"
                + " age counts from an INT or BIGINT");
    assertThatThrownBy(
            () ->
                SchemaFactory.create(
                    columns,
                    List.of(),
                    List.of(),
                    Map.of("record-level.expire-time", "1 d", "record-level.time-field", "ts"),
                    null,
                    1L))
        .hasMessageStartingWith(
            "Table option 'record-level.expire-time' applies to primary-key tables only");
    assertThatThrownBy(
            () ->
                create(
                    columns,
                    Map.of("record-level.expire-time", "soon", "record-level.time-field", "ts")))
        .hasMessageContaining("record-level.expire-time");
  }

  @Test
  void bigintMillisecondTimesExpireInCompactions() {
    assertCompactionsExpire(DataTypes.BIGINT(), millis -> millis, Map.of());
  }

  @Test
  void intSecondTimesExpireInCompactions() {
    assertCompactionsExpire(DataTypes.INT(), millis -> (int) (millis / 1000), Map.of());
  }

  @Test
  void timestampTimesExpireInCompactions() {
    assertCompactionsExpire(DataTypes.TIMESTAMP(3), Timestamp::fromMillis, Map.of());
    assertCompactionsExpire(DataTypes.TIMESTAMP_LTZ(6), Timestamp::fromMillis, Map.of());
  }

  @Test
  void partialUpdateAndDeletionVectorTablesExpireInCompactions() {
    assertCompactionsExpire(
        DataTypes.BIGINT(), millis -> millis, Map.of("merge-engine", "partial-update"));
    assertCompactionsExpire(
        DataTypes.BIGINT(), millis -> millis, Map.of("deletion-vectors.enabled", "true"));
  }

  /**
   * Keys 0-14 are written with a time 10 days old and 15-19 with a NULL time; then 0-4 again with
   * the current time; then 20-24, 3 days old, in a file of expired records only. A one-day
   * expiration keeps 0-4 (the newer record) and 15-19 after a full compaction; the reads before it
   * return all 25.
   */
  private void assertCompactionsExpire(
      DataType timeType, LongFunction<Object> time, Map<String, String> extra) {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "v", DataTypes.STRING()),
                new DataField(2, "t", timeType)));
    long now = System.currentTimeMillis();
    Map<String, String> options = new HashMap<>(extra);
    options.putAll(
        Map.of(
            "primary-key", "id",
            "bucket", "1",
            "write-only", "true",
            "record-level.expire-time", "1 d",
            "record-level.time-field", "t"));
    FileStoreTable table = create(columns, options);
    List<Object[]> old = new ArrayList<>();
    for (long k = 0; k < 15; k++) {
      old.add(new Object[] {k, "old-" + k, time.apply(now - 10 * DAY_MILLIS)});
    }
    for (long k = 15; k < 20; k++) {
      old.add(new Object[] {k, "untimed-" + k, null});
    }
    TableTestSupport.write(table, old, old.stream().map(r -> RowKind.INSERT).toList());
    List<Object[]> fresh = new ArrayList<>();
    for (long k = 0; k < 5; k++) {
      fresh.add(new Object[] {k, "new-" + k, time.apply(now)});
    }
    TableTestSupport.write(table, fresh, fresh.stream().map(r -> RowKind.INSERT).toList());
    // A file whose every record expired: the merge reads past all of it.
    List<Object[]> allOld = new ArrayList<>();
    for (long k = 20; k < 25; k++) {
      allOld.add(new Object[] {k, "gone-" + k, time.apply(now - 3 * DAY_MILLIS)});
    }
    TableTestSupport.write(table, allOld, allOld.stream().map(r -> RowKind.INSERT).toList());
    if (!extra.containsKey("deletion-vectors.enabled")) {
      // (Deletion-vector tables show level 0 only once compacted.)
      assertThat(values(table)).as("%s before compaction", timeType).hasSize(25);
    }

    new FullCompaction(table, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    Map<Long, String> expected = new TreeMap<>();
    for (long k = 0; k < 5; k++) {
      expected.put(k, "new-" + k);
    }
    for (long k = 15; k < 20; k++) {
      expected.put(k, "untimed-" + k);
    }
    assertThat(values(table)).as("%s %s", timeType, extra).isEqualTo(expected);
  }

  /**
   * A full compaction under a long expiration keeps every row in one top-level file; shortening the
   * expiration makes the next full compaction rewrite that lone file, though nothing else needs it.
   */
  @Test
  void aFullCompactionRewritesALoneTopLevelFileHoldingExpiredRecords() {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "t", DataTypes.BIGINT())));
    long now = System.currentTimeMillis();
    FileStoreTable table =
        create(
            columns,
            Map.of(
                "primary-key", "id",
                "bucket", "1",
                "write-only", "true",
                "record-level.expire-time", "100 d",
                "record-level.time-field", "t"));
    List<Object[]> rows = new ArrayList<>();
    for (long k = 0; k < 10; k++) {
      rows.add(new Object[] {k, now - (k < 3 ? 10 : 0) * DAY_MILLIS});
    }
    TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
    new FullCompaction(table, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    assertThat(TableTestSupport.readAll(table)).hasSize(10);
    long compacted = table.snapshotManager().latest().id();
    // Without an expiration the lone top-level file needs no compaction.
    FileStoreTable plain = withOptions(table, Map.of("record-level.expire-time", "100 d"));
    new FullCompaction(plain, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    assertThat(table.snapshotManager().latest().id()).isEqualTo(compacted);

    FileStoreTable shorter = withOptions(table, Map.of("record-level.expire-time", "1 d"));
    new FullCompaction(shorter, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    assertThat(table.snapshotManager().latest().id()).isGreaterThan(compacted);
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> (Long) r[0])
        .containsExactlyInAnyOrder(3L, 4L, 5L, 6L, 7L, 8L, 9L);
  }

  /**
   * The time column added after some files were written, then renamed and widened: those files lack
   * it (NULL, never expired); newer files' times expire by the column's id, whatever its name or
   * stored type now.
   */
  @Test
  void aTimeColumnAddedRenamedAndWidenedLaterExpiresByItsId() {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "v", DataTypes.STRING())));
    String name = "evolved" + System.nanoTime();
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable table =
        TableTestSupport.create(
            catalog,
            name,
            columns,
            List.of(),
            Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
    List<Object[]> before = List.of(new Object[] {1L, "untimed"}, new Object[] {2L, "untimed"});
    TableTestSupport.write(table, before, List.of(RowKind.INSERT, RowKind.INSERT));
    Identifier id = new Identifier("default", name);
    table =
        catalog.alterTable(
            id,
            List.of(
                new SchemaChange.AddColumn(
                    List.of("t"), DataTypes.INT(), null, SchemaChange.Position.last())));
    int old = (int) (System.currentTimeMillis() / 1000 - 10 * 86_400);
    int fresh = (int) (System.currentTimeMillis() / 1000);
    List<Object[]> timed =
        List.of(new Object[] {3L, "old", old}, new Object[] {4L, "fresh", fresh});
    TableTestSupport.write(table, timed, List.of(RowKind.INSERT, RowKind.INSERT));
    table =
        catalog.alterTable(
            id,
            List.of(
                new SchemaChange.RenameColumn(List.of("t"), "at"),
                new SchemaChange.UpdateColumnType(List.of("at"), DataTypes.BIGINT()),
                new SchemaChange.SetOption("record-level.expire-time", "1 d"),
                new SchemaChange.SetOption("record-level.time-field", "at")));
    new FullCompaction(table, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    assertThat(values(table)).containsOnlyKeys(1L, 2L, 4L);
  }

  private static FileStoreTable withOptions(FileStoreTable table, Map<String, String> set) {
    Map<String, String> options = new HashMap<>(table.schema().options());
    options.putAll(set);
    return table.withSchema(table.schema().withOptions(options));
  }

  private static Map<Long, String> values(FileStoreTable table) {
    Map<Long, String> values = new TreeMap<>();
    for (Object[] row : TableTestSupport.readAll(table)) {
      values.put((Long) row[0], (String) row[1]);
    }
    return values;
  }

  private FileStoreTable create(RowType columns, Map<String, String> options) {
    Map<String, String> withKey = new HashMap<>(options);
    withKey.putIfAbsent("primary-key", "id");
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "t" + System.nanoTime(), columns, List.of(), withKey);
  }
}
