package io.strata.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Partition times from values, and formatters or patterns refused at CREATE and ALTER. */
class PartitionTimeExtractorTest {

  static final RowType DT_HOUR =
      new RowType(
          List.of(
              new DataField(0, "dt", DataTypes.STRING()),
              new DataField(1, "hour", DataTypes.STRING()),
              new DataField(2, "hourly", DataTypes.INT())));

  static LocalDateTime at(int y, int m, int d, int h) {
    return LocalDateTime.of(y, m, d, h, 0);
  }

  @Test
  void defaultFormatterTakesDateTimeOrDateOnlyAsMidnight() {
    PartitionTimeExtractor extractor = PartitionTimeExtractor.of(DT_HOUR, null, null);
    assertThat(extractor.extract(new Object[] {"2026-03-01 07:30:00", "x", 1}))
        .contains(LocalDateTime.of(2026, 3, 1, 7, 30));
    assertThat(extractor.extract(new Object[] {"2026-03-01", "x", 1})).contains(at(2026, 3, 1, 0));
    assertThat(extractor.extract(new Object[] {"20260301", "x", 1})).isEmpty();
    assertThat(extractor.extract(new Object[] {null, "x", 1})).isEmpty();
  }

  @Test
  void formatterParsesDateOnlyFormsAsMidnightAndSkipsMismatches() {
    PartitionTimeExtractor hourly = PartitionTimeExtractor.of(DT_HOUR, "yyyyMMddHH", null);
    assertThat(hourly.extract(new Object[] {"2026022815", null, null}))
        .contains(at(2026, 2, 28, 15));
    assertThat(hourly.extract(new Object[] {"2026-03-01", null, null})).isEmpty();
    assertThat(hourly.extract(new Object[] {"abc", null, null})).isEmpty();
    assertThat(hourly.describe()).isEqualTo("formatter 'yyyyMMddHH'");
    PartitionTimeExtractor daily = PartitionTimeExtractor.of(DT_HOUR, "yyyyMMdd", null);
    assertThat(daily.extract(new Object[] {"20260228", null, null})).contains(at(2026, 2, 28, 0));
  }

  @Test
  void patternJoinsFieldsAndPrefersTheLongestFieldName() {
    PartitionTimeExtractor extractor = PartitionTimeExtractor.of(DT_HOUR, null, "$dt $hour:00:00");
    assertThat(extractor.extract(new Object[] {"2026-03-01", "07", 1})).contains(at(2026, 3, 1, 7));
    assertThat(extractor.describe())
        .isEqualTo("formatter 'yyyy-MM-dd HH:mm:ss', pattern '$dt $hour:00:00'");
    // $hourly is the INT field, not $hour followed by "ly".
    PartitionTimeExtractor longest = PartitionTimeExtractor.of(DT_HOUR, "yyyyMMddHH", "$dt$hourly");
    assertThat(longest.extract(new Object[] {"20260301", "99", 7})).isEmpty();
    assertThat(longest.extract(new Object[] {"20260301", "99", 17})).contains(at(2026, 3, 1, 17));
  }

  @Test
  void dateAndTimestampFieldsAreTheirOwnTime() {
    RowType typed =
        new RowType(
            List.of(
                new DataField(0, "d", DataTypes.DATE()),
                new DataField(1, "ts", DataTypes.TIMESTAMP(6))));
    Timestamp ts = Timestamp.fromLocalDateTime(LocalDateTime.of(2026, 3, 1, 8, 15));
    int days = (int) java.time.LocalDate.of(2026, 2, 1).toEpochDay();
    assertThat(PartitionTimeExtractor.of(typed, "yyyyMMdd", null).extract(new Object[] {days, ts}))
        .contains(at(2026, 2, 1, 0));
    assertThat(PartitionTimeExtractor.of(typed, null, "$ts").extract(new Object[] {days, ts}))
        .contains(LocalDateTime.of(2026, 3, 1, 8, 15));
  }

  static TableSchema create(Map<String, String> options) {
    return SchemaFactory.create(
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "dt", DataTypes.STRING()),
                new DataField(2, "hour", DataTypes.STRING()))),
        List.of("dt", "hour"),
        List.of(),
        options,
        null,
        1L);
  }

  @Test
  void createRejectsFormattersThatCannotParseTheirOwnOutput() {
    assertThatThrownBy(() -> create(Map.of("partition.timestamp-formatter", "yyyy-MM-ddQQQQQQ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Invalid 'partition.timestamp-formatter' value 'yyyy-MM-ddQQQQQQ': Too many pattern"
                + " letters: Q; use a java.time pattern such as 'yyyyMMdd' or 'yyyyMMddHH'.");
    assertThatThrownBy(() -> create(Map.of("partition.timestamp-formatter", "yyyy")))
        .hasMessage(
            "Invalid 'partition.timestamp-formatter' value 'yyyy': it cannot parse the text it"
                + " formats itself ('2026' for 2026-01-02T03:04:05); it needs at least a year,"
                + " month and day, e.g. 'yyyyMMdd'.");
    assertThatThrownBy(() -> create(Map.of("partition.timestamp-formatter", "yyyyMMdd HH z")))
        .hasMessage(
            "Invalid 'partition.timestamp-formatter' value 'yyyyMMdd HH z': Unable to extract"
                + " ZoneId from temporal 2026-01-02T03:04:05.");
  }

  @Test
  void createAndAlterRejectPatternsNamingUnknownOrNoFields() {
    assertThatThrownBy(() -> create(Map.of("partition.timestamp-pattern", "$dt $hr:00:00")))
        .hasMessage(
            "Invalid 'partition.timestamp-pattern' value '$dt $hr:00:00': '$hr' is not a"
                + " partition field; partition fields are [dt, hour].");
    assertThatThrownBy(() -> create(Map.of("partition.timestamp-pattern", "2026-01-01")))
        .hasMessage(
            "Invalid 'partition.timestamp-pattern' value '2026-01-01': it names no partition"
                + " field; write fields as $name, e.g. '$dt'.");
    TableSchema valid = create(Map.of("partition.timestamp-pattern", "$dt $hour:00:00"));
    assertThatThrownBy(
            () ->
                SchemaFactory.alterOptions(
                    valid, Map.of("partition.timestamp-pattern", "$day"), List.of(), 2L))
        .hasMessage(
            "Invalid 'partition.timestamp-pattern' value '$day': '$day' is not a partition"
                + " field; partition fields are [dt, hour].");
  }

  @Test
  void createRejectsBadDurationsAndStrategies() {
    assertThatThrownBy(() -> create(Map.of("partition.expiration-time", "3 dayz")))
        .hasMessage(
            "Invalid value '3 dayz' for table option 'partition.expiration-time': expected a"
                + " duration such as '1 h', '30 min', '10 s' or '500 ms'.");
    assertThatThrownBy(() -> create(Map.of("partition.expiration-strategy", "age")))
        .hasMessage(
            "Invalid value 'age' for table option 'partition.expiration-strategy': expected one"
                + " of [values-time, update-time].");
    assertThat(create(Map.of("partition.expiration-time", "10s")).options())
        .containsEntry("partition.expiration-time", "10s");
  }
}
