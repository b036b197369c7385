package io.strata.core.tag;

import static org.assertj.core.api.Assertions.assertThat;

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

  FileStoreTable table(Map<String, String> options) {
    FileStoreTable t =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "t",
            new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
            List.of(),
            options);
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {1L});
    TableTestSupport.append(t, rows);
    return t;
  }

  static Clock at(String instant) {
    return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
  }

  @Test
  void processTimeTagsEachCompletedDayOnceAndTrimsOldOnes() {
    FileStoreTable t =
        table(Map.of("tag.automatic-creation", "process-time", "tag.num-retained-max", "2"));
    new AutoTags(t, at("2026-03-03T10:00:00Z")).run();
    new AutoTags(t, at("2026-03-03T18:00:00Z")).run();
    assertThat(t.tagManager().tags().keySet()).containsExactly("2026-03-02");
    new AutoTags(t, at("2026-03-04T01:00:00Z")).run();
    new AutoTags(t, at("2026-03-05T01:00:00Z")).run();
    assertThat(t.tagManager().tags().keySet()).containsExactly("2026-03-03", "2026-03-04");
  }

  @Test
  void hourlyWithoutDashesAndTwoHours() {
    FileStoreTable hourly =
        table(
            Map.of(
                "tag.automatic-creation", "process-time",
                "tag.creation-period", "hourly",
                "tag.period-formatter", "without_dashes"));
    new AutoTags(hourly, at("2026-03-03T10:30:00Z")).run();
    assertThat(hourly.tagManager().tags().keySet()).containsExactly("20260303 09");
    AutoTags twoHours =
        new AutoTags(
            hourly.withSchema(
                hourly.schema().withOptions(Map.of("tag.creation-period", "two-hours"))),
            at("2026-03-03T11:30:00Z"));
    assertThat(
            twoHours.periodName(
                twoHours.lastCompletedPeriodStart(
                    java.time.LocalDateTime.parse("2026-03-03T11:30:00"))))
        .isEqualTo("2026-03-03 08");
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
}
