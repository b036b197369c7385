package io.strata.core.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OptionsTest {

  @Test
  void defaultsAreApacheePaimons() {
    Options options = new Options(Map.of());
    assertThat(options.get(TableOptions.BUCKET)).isEqualTo(-1);
    assertThat(options.get(ScanOptions.SPLIT_TARGET_SIZE)).isEqualTo(128L << 20);
    assertThat(options.get(ScanOptions.SPLIT_OPEN_FILE_COST)).isEqualTo(4L << 20);
    assertThat(options.get(TableOptions.MANIFEST_MERGE_MIN_COUNT)).isEqualTo(30);
    assertThat(options.get(TableOptions.COMMIT_MAX_RETRIES)).isEqualTo(10);
    assertThat(options.get(ExpireOptions.SNAPSHOT_TIME_RETAINED)).isEqualTo(Duration.ofHours(1));
    assertThat(options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN)).isEqualTo(10);
    assertThat(options.get(PartitionExpireOptions.EXPIRATION_MAX_NUM)).isEqualTo(100);
  }

  @Test
  void aliasesAreAccepted() {
    Options options =
        new Options(Map.of("split.target-size", "64 mb", "split.open-file-cost", "1mb"));
    assertThat(options.get(ScanOptions.SPLIT_TARGET_SIZE)).isEqualTo(64L << 20);
    assertThat(options.get(ScanOptions.SPLIT_OPEN_FILE_COST)).isEqualTo(1L << 20);
  }

  @Test
  void durationsInPaimonForms() {
    assertThat(Durations.parse("3 d")).isEqualTo(Duration.ofDays(3));
    assertThat(Durations.parse("1 h")).isEqualTo(Duration.ofHours(1));
    assertThat(Durations.parse("1 min")).isEqualTo(Duration.ofMinutes(1));
    assertThat(Durations.parse("0 s")).isEqualTo(Duration.ZERO);
    assertThat(Durations.parse("10s")).isEqualTo(Duration.ofSeconds(10));
    assertThat(Durations.parse("500 ms")).isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void badValuesNameKeyValueAndExpectation() {
    assertThatThrownBy(() -> OptionRegistry.validate(Map.of("bucket", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Invalid value 'x' for table option 'bucket': expected an integer.");
    assertThatThrownBy(() -> OptionRegistry.validate(Map.of("bucket", "0")))
        .hasMessage(
            "Invalid value '0' for table option 'bucket': expected a positive number, -1 or -2.");
    assertThatThrownBy(() -> OptionRegistry.validate(Map.of("snapshot.time-retained", "soon")))
        .hasMessage(
            "Invalid value 'soon' for table option 'snapshot.time-retained': expected a duration"
                + " such as '1 h', '30 min', '10 s' or '500 ms'.");
    assertThatThrownBy(() -> OptionRegistry.validate(Map.of("merge-engine", "newest")))
        .hasMessage(
            "Invalid value 'newest' for table option 'merge-engine': expected one of"
                + " [deduplicate, partial-update, aggregation, first-row].");
  }

  @Test
  void parsersNameTheTextAndTheExpectedForm() {
    assertThatThrownBy(() -> Durations.parse("soon"))
        .hasMessage(
            "Invalid duration 'soon': expected a number and a unit, such as '500 ms', '30 s',"
                + " '10 min', '1 h' or '1 d'.");
    assertThatThrownBy(() -> Durations.parse("3 weeks"))
        .hasMessage(
            "Invalid duration '3 weeks': unknown time unit 'weeks'; use ns, us, ms, s, min, h or d.");
    assertThatThrownBy(() -> MemorySize.parse("big"))
        .hasMessage("Invalid memory size 'big': expected a number and a unit, such as '128 mb'.");
    assertThatThrownBy(() -> MemorySize.parse("3 pb"))
        .hasMessage("Invalid memory size '3 pb': unknown size unit 'pb'; use b, kb, mb, gb or tb.");
  }

  @Test
  void enumOptionsReadAsTheirJavaEnums() {
    Options options =
        new Options(
            Map.of(
                "file.format", "ORC",
                "partition.expiration-strategy", "update-time",
                "tag.creation-period", "two-hours",
                "tag.period-formatter", "without_dashes"));
    assertThat(options.get(TableOptions.FILE_FORMAT)).isEqualTo(FileFormat.ORC);
    assertThat(options.get(PartitionExpireOptions.EXPIRATION_STRATEGY))
        .isEqualTo(PartitionExpireStrategy.UPDATE_TIME);
    assertThat(options.get(TagOptions.CREATION_PERIOD).length()).isEqualTo(Duration.ofHours(2));
    assertThat(options.get(TagOptions.PERIOD_FORMATTER))
        .isEqualTo(TagPeriodFormatter.WITHOUT_DASHES);
    assertThat(new Options(Map.of()).get(TableOptions.FILE_FORMAT)).isEqualTo(FileFormat.PARQUET);
    assertThatThrownBy(() -> OptionRegistry.validate(Map.of("tag.creation-period", "weekly")))
        .hasMessage(
            "Invalid value 'weekly' for table option 'tag.creation-period': expected one of"
                + " [daily, hourly, two-hours].");
  }

  @Test
  void unknownKeysAreKept() {
    OptionRegistry.validate(Map.of("some.paimon.option", "anything"));
    assertThat(new Options(Map.of("some.paimon.option", "v")).toMap())
        .containsEntry("some.paimon.option", "v");
  }
}
