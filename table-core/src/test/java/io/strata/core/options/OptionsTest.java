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
  void unknownKeysAreKept() {
    OptionRegistry.validate(Map.of("some.paimon.option", "anything"));
    assertThat(new Options(Map.of("some.paimon.option", "v")).toMap())
        .containsEntry("some.paimon.option", "v");
  }
}
