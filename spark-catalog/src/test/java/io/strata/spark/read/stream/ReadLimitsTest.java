package io.strata.spark.read.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.scan.StreamPosition;
import io.strata.core.split.DataSplit;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.junit.jupiter.api.Test;

class ReadLimitsTest {

  /** A split of {@code files} files of 10 rows and 1 MB each. */
  private static DataSplit split(int files) {
    List<DataFileMeta> metas =
        IntStream.range(0, files)
            .mapToObj(
                i ->
                    new DataFileMeta(
                        "f" + i,
                        1L << 20,
                        10,
                        BinaryRow.EMPTY,
                        BinaryRow.EMPTY,
                        SimpleStats.EMPTY,
                        SimpleStats.EMPTY,
                        0,
                        9,
                        0,
                        0,
                        List.of(),
                        null,
                        0L,
                        null,
                        FileSource.APPEND,
                        null,
                        null,
                        null,
                        null))
            .toList();
    return new DataSplit(1, BinaryRow.EMPTY, 0, 1, metas, true);
  }

  private static int admitted(ReadLimits budget, DataSplit... splits) {
    int n = 0;
    for (DataSplit s : splits) {
      if (!budget.admit(s)) {
        break;
      }
      n++;
    }
    return n;
  }

  @Test
  void optionsBecomeSparkLimitsAndBudgetsAdmitWholeSplits() {
    ReadLimit files = ReadLimits.of(Map.of("read.stream.maxFilesPerTrigger", "3"));
    assertThat(files).isEqualTo(ReadLimit.maxFiles(3));
    assertThat(admitted(ReadLimits.budget(files, Map.of()), split(2), split(1), split(1)))
        .isEqualTo(2);
    // The first split is admitted even when it alone exceeds the limit.
    assertThat(admitted(ReadLimits.budget(files, Map.of()), split(5), split(1))).isEqualTo(1);

    ReadLimit rows = ReadLimits.of(Map.of("read.stream.maxRowsPerTrigger", "25"));
    assertThat(admitted(ReadLimits.budget(rows, Map.of()), split(1), split(1), split(1)))
        .isEqualTo(2);

    Map<String, String> bytes = Map.of("read.stream.maxBytesPerTrigger", "3mb");
    assertThat(ReadLimits.of(bytes)).isEqualTo(ReadLimit.allAvailable());
    assertThat(
            admitted(
                ReadLimits.budget(ReadLimit.allAvailable(), bytes), split(2), split(1), split(1)))
        .isEqualTo(2);
    assertThat(
            admitted(ReadLimits.budget(ReadLimit.allAvailable(), Map.of()), split(99), split(99)))
        .isEqualTo(2);
  }

  @Test
  void offsetsRoundTripThroughTheirJson() {
    StreamOffset offset = new StreamOffset(new StreamPosition(7, true, 2));
    assertThat(offset.json()).isEqualTo("{\"snapshot\":7,\"full\":true,\"split\":2}");
    assertThat(StreamOffset.fromJson(offset.json()).position()).isEqualTo(offset.position());
  }
}
