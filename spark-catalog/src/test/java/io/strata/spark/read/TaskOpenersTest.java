package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class TaskOpenersTest {

  private static final StructType DATA =
      SparkReadSchema.of(new RowType(List.of(new DataField(0, "k", DataTypes.BIGINT()))));
  private static final StructType OTHER_DATA =
      SparkReadSchema.of(new RowType(List.of(new DataField(1, "s", DataTypes.STRING()))));
  private static final StructType NO_PARTITIONS = SparkReadSchema.of(new RowType(List.of()));

  @Test
  void splitsReadingTheSameColumnsShareOneOpenerAndOthersGetTheirOwn() {
    Configuration conf = new Configuration(false);
    ColumnarReadSettings settings = new ColumnarReadSettings(1024, false);
    TaskOpeners openers = new TaskOpeners();
    ParquetBatchFile first = openers.parquet(conf, DATA, NO_PARTITIONS, settings);

    assertThat(openers.parquet(conf, DATA, NO_PARTITIONS, settings)).isSameAs(first);
    assertThat(openers.parquet(conf, OTHER_DATA, NO_PARTITIONS, settings)).isNotSameAs(first);
    assertThat(openers.parquet(new Configuration(false), OTHER_DATA, NO_PARTITIONS, settings))
        .isNotSameAs(first);
    assertThat(
            openers.parquet(conf, OTHER_DATA, NO_PARTITIONS, new ColumnarReadSettings(4096, false)))
        .isNotSameAs(first);
  }
}
