package io.strata.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TablePropertiesTest {

  @Test
  void createKeepsOptionsAndDropsSparkBookkeeping() {
    TableProperties.Create create =
        TableProperties.fromCreate(
            Map.of(
                "provider", "paimon",
                "owner", "me",
                "is_managed_location", "true",
                "comment", "a table",
                "option.file.compression", "snappy",
                "bucket", "2"));
    assertThat(create.options())
        .containsOnly(Map.entry("file.compression", "snappy"), Map.entry("bucket", "2"));
    assertThat(create.comment()).isEqualTo("a table");
  }

  @Test
  void otherProvidersAndLocationsAreRejected() {
    assertThatThrownBy(() -> TableProperties.fromCreate(Map.of("provider", "csv")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Catalog tables are Strata (Paimon-format) tables; USING csv is not supported."
                + " Omit USING or write USING paimon (a DataFrame writer:"
                + " format(\"paimon\")).");
    assertThatThrownBy(() -> TableProperties.fromCreate(Map.of("provider", "parquet")))
        .hasMessageContaining("USING parquet is not supported");
    assertThat(TableProperties.fromCreate(Map.of("provider", "PAIMON")).options()).isEmpty();
    assertThatThrownBy(() -> TableProperties.fromCreate(Map.of("location", "/tmp/x")))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith("CREATE TABLE ... LOCATION is not supported");
  }

  @Test
  void sparkSeesOptionsPrimaryKeyCommentProviderAndManagedLocation() {
    TableSchema schema =
        SchemaFactory.create(
            new RowType(
                List.of(
                    new DataField(0, "id", DataTypes.INT()),
                    new DataField(1, "v", DataTypes.STRING()))),
            List.of(),
            List.of(),
            Map.of("primary-key", "id", "bucket", "2"),
            "kv",
            1L);
    assertThat(TableProperties.toSpark(schema, "file:/w/db.db/t"))
        .containsExactly(
            Map.entry("bucket", "2"),
            Map.entry("primary-key", "id"),
            Map.entry("comment", "kv"),
            Map.entry("provider", "paimon"),
            Map.entry("location", "file:/w/db.db/t"),
            Map.entry("is_managed_location", "true"));
  }
}
