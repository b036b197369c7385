package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.snapshot.SnapshotJson;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SchemaJsonTest {

  static Stream<Path> goldenSchemaFiles() throws IOException {
    try (Stream<Path> files = Files.walk(GoldenFiles.goldenDir().resolve("warehouse"))) {
      List<Path> list =
          files
              .filter(p -> p.getParent().getFileName().toString().equals("schema"))
              .filter(p -> p.getFileName().toString().startsWith("schema-"))
              .sorted()
              .toList();
      assertThat(list).hasSizeGreaterThanOrEqualTo(17);
      return list.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("goldenSchemaFiles")
  void goldenSchemaRoundTripsByteForByte(Path file) throws IOException {
    String json = Files.readString(file);
    TableSchema schema = SchemaJson.fromJson(json);
    assertThat(SchemaJson.toJson(schema)).isEqualTo(json);
    assertThat(SchemaJson.fromJson(SchemaJson.toJson(schema))).isEqualTo(schema);
  }

  @Test
  void ordersSeed004Schema() throws IOException {
    TableSchema s =
        SchemaJson.fromJson(
            Files.readString(GoldenFiles.goldenTable("orders_seed004").resolve("schema/schema-0")));
    assertThat(s.version()).isEqualTo(3);
    assertThat(s.id()).isZero();
    assertThat(s.fields())
        .containsExactly(
            new DataField(0, "order_id", DataTypes.BIGINT().notNull()),
            new DataField(1, "user_id", DataTypes.BIGINT()),
            new DataField(2, "amount", DataTypes.DECIMAL(10, 2)),
            new DataField(3, "status", DataTypes.STRING()),
            new DataField(4, "dt", DataTypes.STRING().notNull()));
    assertThat(s.fields().stream().map(f -> f.type().toString()))
        .containsExactly(
            "BIGINT NOT NULL", "BIGINT", "DECIMAL(10, 2)", "STRING", "STRING NOT NULL");
    assertThat(s.highestFieldId()).isEqualTo(4);
    assertThat(s.partitionKeys()).containsExactly("dt");
    assertThat(s.primaryKeys()).containsExactly("dt", "order_id");
    assertThat(s.options()).containsExactly(Map.entry("bucket", "2"));
    assertThat(s.comment()).isNull();
    // Written when the table was created: before its first commit.
    assertThat(s.timeMillis())
        .isPositive()
        .isLessThanOrEqualTo(
            SnapshotJson.fromJson(
                    Files.readString(
                        GoldenFiles.goldenTable("orders_seed004").resolve("snapshot/snapshot-1")))
                .timeMillis());
  }

  @Test
  void evolvedSchemaKeepsFieldIds() throws IOException {
    TableSchema s =
        SchemaJson.fromJson(
            Files.readString(GoldenFiles.goldenTable("schema_evolved").resolve("schema/schema-2")));
    assertThat(s.id()).isEqualTo(2);
    assertThat(s.fields().stream().map(f -> f.id() + ":" + f.name()))
        .containsExactly("0:id", "1:a_renamed", "3:c", "4:b");
    assertThat(s.highestFieldId()).isEqualTo(4);
  }

  /** Written by Paimon 1.3.1 itself: comment, descriptions, default values, escapes, rare types. */
  @Test
  void paimonEdgeCaseSchemaRoundTripsByteForByte() throws IOException {
    String json = resource("schema-edge-cases.json");
    TableSchema s = SchemaJson.fromJson(json);
    assertThat(SchemaJson.toJson(s)).isEqualTo(json);
    assertThat(s.comment()).isEqualTo("a comment");
    assertThat(s.options()).containsEntry("k", "v\"/\\ü\u0001");
    assertThat(s.fields().get(0))
        .isEqualTo(new DataField(0, "t0", DataTypes.TIME(0), "a \"desc\" ü"));
    assertThat(s.fields().get(1).type()).isEqualTo(DataTypes.TIME(3).notNull());
    assertThat(s.fields().get(2).type()).isEqualTo(DataTypes.VARBINARY(7));
    assertThat(s.fields().get(3).type()).isEqualTo(DataTypes.BINARY(3).notNull());
    assertThat(s.fields().get(5).type()).isEqualTo(DataTypes.TIMESTAMP_LTZ(3).notNull());
    assertThat(s.fields().get(7).type()).isEqualTo(DataTypes.TIMESTAMP(9));
    RowType row = (RowType) s.fields().get(10).type();
    assertThat(row.nullable()).isFalse();
    assertThat(row.field(0)).isEqualTo(new DataField(100, "x", DataTypes.INT(), "inner"));
    assertThat(s.fields().get(12)).isEqualTo(new DataField(12, "dv2", DataTypes.INT(), "d", "42"));
  }

  @Test
  void writesCommentBeforeTimeMillisAndOmitsItWhenNull() {
    TableSchema s =
        new TableSchema(
            3,
            1,
            List.of(new DataField(0, "k", new AtomicType(DataTypes.INT().root(), 0, 0, false))),
            0,
            List.of(),
            List.of("k"),
            Map.of(),
            "c",
            5);
    assertThat(SchemaJson.toJson(s))
        .isEqualTo(
            "{\n  \"version\" : 3,\n  \"id\" : 1,\n  \"fields\" : [ {\n    \"id\" : 0,\n"
                + "    \"name\" : \"k\",\n    \"type\" : \"INT NOT NULL\"\n  } ],\n"
                + "  \"highestFieldId\" : 0,\n  \"partitionKeys\" : [ ],\n"
                + "  \"primaryKeys\" : [ \"k\" ],\n  \"options\" : { },\n"
                + "  \"comment\" : \"c\",\n  \"timeMillis\" : 5\n}");
  }

  @Test
  void ignoresUnknownKeysAndDefaultsLegacyOnes() {
    TableSchema s =
        SchemaJson.fromJson(
            "{\"id\":4,\"fields\":[{\"id\":0,\"name\":\"a\",\"type\":\"INT\",\"x\":1}],"
                + "\"highestFieldId\":0,\"partitionKeys\":[],\"primaryKeys\":[],"
                + "\"options\":{},\"comment\":null,\"future\":{\"a\":[1]}}");
    assertThat(s.version()).isEqualTo(1);
    assertThat(s.id()).isEqualTo(4);
    assertThat(s.comment()).isNull();
    assertThat(s.timeMillis()).isZero();
    assertThat(s.fields()).containsExactly(new DataField(0, "a", DataTypes.INT()));
  }

  static String resource(String name) throws IOException {
    // Written by Paimon's serializers (scripts/golden), next to the golden tables.
    return Files.readString(GoldenFiles.resolve("json", name), StandardCharsets.UTF_8);
  }
}
