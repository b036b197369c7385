package io.strata.core.tag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AutoTagsTest {

  @TempDir Path dir;

  /** A table with one snapshot, committed now. */
  FileStoreTable table(Map<String, String> options) {
    FileStoreTable t = emptyTable(options);
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {1L});
    TableTestSupport.append(t, rows);
    return t;
  }

  static Clock at(String instant) {
    return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
  }

  /** A table with no snapshot yet: its snapshots get the commit times the tests give. */
  FileStoreTable emptyTable(Map<String, String> options) {
    return emptyTableIn(dir, options);
  }

  private static FileStoreTable emptyTableIn(Path warehouse, Map<String, String> options) {
    return TableTestSupport.create(
        TableTestSupport.catalog(warehouse),
        "t",
        new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
        List.of(),
        options);
  }

  private Map<String, Long> tagged(FileStoreTable t) {
    Map<String, Long> tags = new java.util.TreeMap<>();
    t.tagManager().tags().forEach((name, tag) -> tags.put(name, tag.snapshot().id()));
    return tags;
  }

  private static final Clock UTC = at("2030-01-01T00:00:00Z");

  @Test
  void processTimeTagsEachPeriodOnTheFirstSnapshotAfterItAndTrimsOldOnes() {
    FileStoreTable t =
        emptyTable(Map.of("tag.automatic-creation", "process-time", "tag.num-retained-max", "2"));
    // The first snapshot gets the tag of the day before its own, as Paimon's first commit does.
    appendAt(t, "2026-03-03T10:00:00Z");
    new AutoTags(t, UTC).run();
    appendAt(t, "2026-03-03T18:00:00Z");
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsExactly(Map.entry("2026-03-02", 1L));
    // Two snapshots before the next run: the first one after the day ended gets its tag.
    appendAt(t, "2026-03-04T01:00:00Z");
    appendAt(t, "2026-03-04T02:00:00Z");
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsEntry("2026-03-03", 3L);
    // Without completion, a day without a commit gets no tag.
    appendAt(t, "2026-03-06T01:00:00Z");
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsExactly(Map.entry("2026-03-03", 3L), Map.entry("2026-03-05", 5L));
  }

  @Test
  void automaticCompletionTagsEveryPeriodInTurnOnePerSnapshot() {
    FileStoreTable t =
        emptyTable(
            Map.of("tag.automatic-creation", "process-time", "tag.automatic-completion", "true"));
    appendAt(t, "2026-03-03T10:00:00Z");
    appendAt(t, "2026-03-06T01:00:00Z");
    appendAt(t, "2026-03-06T02:00:00Z");
    appendAt(t, "2026-03-06T03:00:00Z");
    new AutoTags(t, UTC).run();
    assertThat(tagged(t))
        .containsExactly(
            Map.entry("2026-03-02", 1L),
            Map.entry("2026-03-03", 2L),
            Map.entry("2026-03-04", 3L),
            Map.entry("2026-03-05", 4L));
  }

  @Test
  void aDelayLetsLateDataIntoThePeriodsTag() {
    FileStoreTable t =
        emptyTable(Map.of("tag.automatic-creation", "process-time", "tag.creation-delay", "2 h"));
    appendAt(t, "2026-03-03T10:00:00Z");
    appendAt(t, "2026-03-04T01:59:00Z");
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsExactly(Map.entry("2026-03-02", 1L));
    appendAt(t, "2026-03-04T02:00:00Z");
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsEntry("2026-03-03", 3L);

    FileStoreTable tooLong =
        t.withSchema(
            t.schema()
                .withOptions(
                    Map.of("tag.automatic-creation", "process-time", "tag.creation-delay", "1 d")));
    assertThatThrownBy(() -> new AutoTags(tooLong, UTC).run())
        .hasMessageContaining("'tag.creation-delay' (1 d) must be shorter than one tag period");
  }

  @Test
  void theCommitTimeIsReadInTheProcessTimeZone() {
    FileStoreTable t =
        emptyTable(
            Map.of(
                "tag.automatic-creation", "process-time",
                "sink.process-time-zone", "Asia/Tokyo"));
    appendAt(t, "2026-03-03T20:00:00Z"); // 2026-03-04 05:00 in Tokyo
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsOnlyKeys("2026-03-03");
  }

  @Test
  void batchTagsAreNamedByTheDayInTheProcessTimeZoneAsPaimonsAre() {
    FileStoreTable t =
        emptyTable(
            Map.of(
                "tag.automatic-creation", "batch",
                "sink.process-time-zone", "Asia/Tokyo"));
    appendAt(t, "2026-03-03T20:00:00Z"); // 2026-03-04 05:00 in Tokyo
    new AutoTags(t, UTC).run();
    assertThat(tagged(t)).containsOnlyKeys("batch-write-2026-03-04");
  }

  @Test
  void periodsAndNamesAsPaimonFormsThem() {
    String[][] cases = {
      {"hourly", "with_dashes", null, "2026-03-03 09"},
      {"hourly", "without_dashes", null, "20260303 09"},
      {"hourly", "without_dashes_and_spaces", null, "2026030309"},
      {"daily", "without_dashes_and_spaces", null, "20260302"},
      {"two-hours", "without_dashes", null, "2026-03-03 08"},
      {"daily", "with_dashes", "30 min", "202603031000"},
    };
    for (String[] c : cases) {
      Map<String, String> options = new java.util.HashMap<>();
      options.put("tag.automatic-creation", "process-time");
      options.put("tag.creation-period", c[0]);
      options.put("tag.period-formatter", c[1]);
      if (c[2] != null) {
        options.put("tag.creation-period-duration", c[2]);
      }
      FileStoreTable t = emptyTableIn(dir.resolve(String.join("_", c).replace(' ', '_')), options);
      appendAt(t, "2026-03-03T10:45:00Z");
      new AutoTags(t, UTC).run();
      assertThat(tagged(t)).as(String.join(", ", c)).containsOnlyKeys(c[3]);
    }
  }

  @Test
  void batchTagsEveryWriteAndRetentionExpires() {
    FileStoreTable t =
        table(
            Map.of(
                "tag.automatic-creation", "batch",
                "tag.batch.customized-name", "nightly",
                "tag.default-time-retained", "1 h"));
    new AutoTags(t, at("2026-03-03T10:00:00Z")).run();
    Tag tag = t.tagManager().tag("nightly").orElseThrow();
    assertThat(tag.timeRetained()).isEqualTo(java.time.Duration.ofHours(1));
    new AutoTags(t, at("2026-03-03T12:00:00Z")).run(); // re-tags, then the old retention is gone
    assertThat(t.tagManager().exists("nightly")).isTrue();
    new TagOperations(t, at("2026-03-03T14:00:01Z")).expire(null);
    assertThat(t.tagManager().exists("nightly")).isFalse();
  }

  private static void appendAt(FileStoreTable t, String instant) {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {2L});
    new io.strata.core.commit.FileStoreCommit(t, "test", at(instant))
        .commit(TableTestSupport.write(t, rows), io.strata.core.snapshot.CommitKind.APPEND);
  }

  @Test
  void batchTagsAreNamedByTheCommitDayAsPaimonNamesThemAndTrimmedToTheMaximum() {
    FileStoreTable t =
        table(Map.of("tag.automatic-creation", "batch", "tag.num-retained-max", "2"));
    new TagOperations(t, Clock.systemUTC()).create("kept_by_hand", 1L, null);
    // The day is the commit's, in the clock's zone (Paimon's sink.process-time-zone default).
    Clock tokyo = Clock.fixed(Instant.parse("2026-03-10T00:00:00Z"), ZoneOffset.ofHours(9));
    appendAt(t, "2026-03-03T20:00:00Z");
    new AutoTags(t, tokyo).run();
    assertThat(t.tagManager().tags()).containsOnlyKeys("kept_by_hand", "batch-write-2026-03-04");

    appendAt(t, "2026-03-04T01:00:00Z"); // the same day in Tokyo: the tag moves to it
    new AutoTags(t, tokyo).run();
    assertThat(t.tagManager().tag("batch-write-2026-03-04").orElseThrow().snapshot().id())
        .isEqualTo(t.snapshotManager().latest().id());

    appendAt(t, "2026-03-05T01:00:00Z");
    new AutoTags(t, tokyo).run();
    appendAt(t, "2026-03-06T01:00:00Z");
    new AutoTags(t, tokyo).run();
    assertThat(t.tagManager().tags())
        .containsOnlyKeys("kept_by_hand", "batch-write-2026-03-05", "batch-write-2026-03-06");
  }

  @Test
  void dailyTagsWithoutDashesAreAllDigitsAsPaimonNamesThemAndVersionAsOfFindsThem() {
    FileStoreTable t =
        emptyTable(
            Map.of(
                "tag.automatic-creation", "process-time",
                "tag.period-formatter", "without_dashes"));
    appendAt(t, "2026-03-03T10:00:00Z");
    new AutoTags(t, UTC).run();

    assertThat(t.tagManager().tags().keySet()).containsExactly("20260302");
    assertThat(new io.strata.core.scan.SnapshotSelector(t).byVersion("20260302").id())
        .isEqualTo(t.snapshotManager().latest().id());
    // A name a user chooses still may not be all digits.
    assertThatThrownBy(() -> new TagOperations(t, Clock.systemUTC()).create("20260304", 1L, null))
        .isInstanceOf(io.strata.core.paths.InvalidNameException.class)
        .hasMessageContaining("ambiguous with snapshot ids");
  }
}
