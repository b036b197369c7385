package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.GoldenFiles;
import io.strata.core.json.PaimonJson;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.DataTypes;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DataTypeJsonTest {

  @Test
  void everyTypeOfTheAllTypesTableRoundTrips() throws IOException {
    String json =
        Files.readString(GoldenFiles.goldenTable("append_all_types").resolve("schema/schema-0"));
    JsonNode fields = PaimonJson.parse(json).get("fields");
    assertThat(fields.size()).isEqualTo(22);
    for (JsonNode field : fields) {
      JsonNode typeNode = field.get("type");
      DataType type = DataTypeJson.fromJsonNode(typeNode);
      assertThat(PaimonJson.parse(DataTypeJson.toJson(type))).isEqualTo(typeNode);
    }
  }

  @Test
  void allTypesTableParsesToTheExpectedTypes() throws IOException {
    TableSchema schema =
        SchemaJson.fromJson(
            Files.readString(
                GoldenFiles.goldenTable("append_all_types").resolve("schema/schema-0")));
    List<DataType> types = schema.fields().stream().map(DataField::type).toList();
    assertThat(types)
        .startsWith(
            DataTypes.BOOLEAN(),
            DataTypes.TINYINT(),
            DataTypes.SMALLINT(),
            DataTypes.INT(),
            DataTypes.BIGINT(),
            DataTypes.FLOAT(),
            DataTypes.DOUBLE(),
            DataTypes.DECIMAL(10, 2),
            DataTypes.DECIMAL(38, 10),
            DataTypes.STRING(),
            DataTypes.VARCHAR(20),
            DataTypes.CHAR(5),
            DataTypes.BYTES(),
            DataTypes.DATE(),
            DataTypes.TIMESTAMP(3),
            DataTypes.TIMESTAMP(6),
            DataTypes.TIMESTAMP_LTZ(6),
            DataTypes.ARRAY(DataTypes.INT()),
            DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT()),
            DataTypes.ROW(
                List.of(
                    new DataField(20, "a", DataTypes.INT()),
                    new DataField(21, "b", DataTypes.STRING()))));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "BIGINT NOT NULL|BIGINT NOT NULL",
        "DECIMAL(10, 2)|DECIMAL(10, 2)",
        "decimal(5,2) not null|DECIMAL(5, 2) NOT NULL",
        "NUMERIC(5,2)|DECIMAL(5, 2)",
        "DEC|DECIMAL(10, 0)",
        "INTEGER|INT",
        "DOUBLE PRECISION|DOUBLE",
        "STRING NULL|STRING",
        "VARCHAR|VARCHAR(1)",
        "VARCHAR(7)|VARCHAR(7)",
        "CHAR(3) NOT NULL|CHAR(3) NOT NULL",
        "BINARY|BINARY(1)",
        "VARBINARY(9)|VARBINARY(9)",
        "BYTES NOT NULL|BYTES NOT NULL",
        "TIMESTAMP|TIMESTAMP(6)",
        "TIMESTAMP(3) WITHOUT TIME ZONE|TIMESTAMP(3)",
        "TIMESTAMP WITH LOCAL TIME ZONE|TIMESTAMP(6) WITH LOCAL TIME ZONE",
        "TIMESTAMP(9) WITH LOCAL TIME ZONE NOT NULL|TIMESTAMP(9) WITH LOCAL TIME ZONE NOT NULL",
        "TIMESTAMP_LTZ(3)|TIMESTAMP(3) WITH LOCAL TIME ZONE",
        "TIMESTAMP_LTZ|TIMESTAMP(6) WITH LOCAL TIME ZONE",
        "TIME|TIME(0)",
        "TIME(3) NOT NULL|TIME(3) NOT NULL",
        "DATE|DATE",
        "  boolean   not   null |BOOLEAN NOT NULL",
      })
  void atomicSpellingsNormalizeLikePaimon(String input, String printed) {
    AtomicType type = DataTypeJson.parseAtomic(input);
    assertThat(type.toString()).isEqualTo(printed);
    assertThat(DataTypeJson.parseAtomic(printed)).isEqualTo(type);
  }

  @Test
  void stringAndBytesAreMaximalVarcharAndVarbinary() {
    assertThat(DataTypeJson.parseAtomic("STRING"))
        .isEqualTo(new AtomicType(DataTypeRoot.VARCHAR, AtomicType.MAX_LENGTH, 0, true));
    assertThat(DataTypeJson.parseAtomic("BYTES")).isEqualTo(DataTypes.BYTES());
  }

  @Test
  void nestedNotNullGoesIntoTheTypeString() {
    DataType type =
        new MapType(
            DataTypes.STRING().notNull(),
            new ArrayType(
                new RowType(List.of(new DataField(7, "x", DataTypes.INT(), "c")), false), true),
            false);
    String json = DataTypeJson.toJson(type);
    assertThat(json)
        .isEqualTo(
            "{\"type\":\"MAP NOT NULL\",\"key\":\"STRING NOT NULL\",\"value\":{\"type\":\"ARRAY\","
                + "\"element\":{\"type\":\"ROW NOT NULL\",\"fields\":[{\"id\":7,\"name\":\"x\","
                + "\"type\":\"INT\",\"description\":\"c\"}]}}}");
    assertThat(DataTypeJson.fromJson(json)).isEqualTo(type);
  }

  @Test
  void fieldCarriesDescriptionAndDefaultValueOnlyWhenSet() {
    DataField plain = new DataField(1, "a", DataTypes.INT());
    DataField full = new DataField(2, "b", DataTypes.INT(), "d", "42");
    String plainJson = PaimonJson.compact(g -> DataTypeJson.writeField(g, plain));
    String fullJson = PaimonJson.compact(g -> DataTypeJson.writeField(g, full));
    assertThat(plainJson).isEqualTo("{\"id\":1,\"name\":\"a\",\"type\":\"INT\"}");
    assertThat(fullJson)
        .isEqualTo(
            "{\"id\":2,\"name\":\"b\",\"type\":\"INT\",\"description\":\"d\","
                + "\"defaultValue\":\"42\"}");
    assertThat(DataTypeJson.fieldFromJsonNode(PaimonJson.parse(fullJson))).isEqualTo(full);
    assertThat(DataTypeJson.fieldFromJsonNode(PaimonJson.parse(plainJson))).isEqualTo(plain);
  }

  @Test
  void unsupportedTypesFailWithTheirName() {
    assertThatThrownBy(() -> DataTypeJson.fromJson("\"VARIANT\""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("VARIANT");
    assertThatThrownBy(() -> DataTypeJson.fromJson("{\"type\":\"MULTISET\",\"element\":\"INT\"}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("MULTISET");
    assertThatThrownBy(() -> DataTypeJson.parseAtomic("DECIMAL(10, 2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DECIMAL(10, 2");
    assertThatThrownBy(() -> DataTypeJson.parseAtomic("INT NOT"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
