package io.strata.spark.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How many tasks a write asks Spark for: {@code sink.parallelism}, write option first. */
class SinkParallelismTest {

  @TempDir File dir;

  @Test
  void writeOptionWinsOverTheTableProperty() {
    FileStoreTable table = table("t1", Map.of("bucket", "8", "sink.parallelism", "2"));
    assertThat(StrataWrite.sinkParallelism(table, Map.of())).isEqualTo(2);
    assertThat(StrataWrite.sinkParallelism(table, Map.of("SINK.parallelism", "4"))).isEqualTo(4);
  }

  @Test
  void sparkChoosesWithoutTheOptionOrWithoutFixedBuckets() {
    assertThat(StrataWrite.sinkParallelism(table("t2", Map.of("bucket", "8")), Map.of())).isZero();
    FileStoreTable unaware = appendTable("t3");
    assertThat(StrataWrite.sinkParallelism(unaware, Map.of("sink.parallelism", "3"))).isZero();
  }

  @Test
  void nonPositiveParallelismIsRejected() {
    FileStoreTable table = table("t4", Map.of("bucket", "8"));
    assertThatThrownBy(() -> StrataWrite.sinkParallelism(table, Map.of("sink.parallelism", "0")))
        .hasMessageContaining("sink.parallelism")
        .hasMessageContaining("a positive number");
  }

  private FileStoreTable table(String name, Map<String, String> options) {
    return create(name, List.of("id"), options);
  }

  /** An append table of bucket -1. */
  private FileStoreTable appendTable(String name) {
    return create(name, List.of(), Map.of());
  }

  private FileStoreTable create(
      String name, List<String> primaryKeys, Map<String, String> options) {
    WarehouseCatalog catalog = new WarehouseCatalog(HadoopFileIO.local(), new Path(dir.toURI()));
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "v", DataTypes.STRING())));
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(columns, List.of(), primaryKeys, options, null, 1L));
  }
}
