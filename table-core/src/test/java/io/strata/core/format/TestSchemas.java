package io.strata.core.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A minimal test-only reader of Paimon schema JSON (the real codec lives elsewhere). */
final class TestSchemas {

  private static final Pattern PARAMS = Pattern.compile("([A-Z]+)\\((\\d+)(?:, (\\d+))?\\)(.*)");

  private TestSchemas() {}

  /** The table row type of {@code <table>/schema/schema-<id>}. */
  static RowType read(Path table, int schemaId) throws IOException {
    JsonNode root =
        new ObjectMapper().readTree(table.resolve("schema").resolve("schema-" + schemaId).toFile());
    return new RowType(fields(root.get("fields")));
  }

  private static List<DataField> fields(JsonNode fields) {
    List<DataField> out = new ArrayList<>();
    for (JsonNode f : fields) {
      out.add(new DataField(f.get("id").asInt(), f.get("name").asText(), type(f.get("type"))));
    }
    return out;
  }

  static DataType type(JsonNode node) {
    if (node.isTextual()) {
      return atomic(node.asText());
    }
    String kind = node.get("type").asText();
    boolean nullable = !kind.endsWith(" NOT NULL");
    DataType t =
        switch (kind.replace(" NOT NULL", "")) {
          case "ARRAY" -> DataTypes.ARRAY(type(node.get("element")));
          case "MAP" -> DataTypes.MAP(type(node.get("key")), type(node.get("value")));
          case "ROW" -> DataTypes.ROW(fields(node.get("fields")));
          default -> throw new IllegalArgumentException(kind);
        };
    return t.withNullable(nullable);
  }

  static DataType atomic(String text) {
    boolean nullable = !text.endsWith(" NOT NULL");
    String s = text.replace(" NOT NULL", "");
    DataType t;
    Matcher m = PARAMS.matcher(s);
    if (m.matches()) {
      int a = Integer.parseInt(m.group(2));
      boolean ltz = m.group(4).equals(" WITH LOCAL TIME ZONE");
      t =
          switch (m.group(1)) {
            case "DECIMAL" -> DataTypes.DECIMAL(a, Integer.parseInt(m.group(3)));
            case "VARCHAR" -> DataTypes.VARCHAR(a);
            case "CHAR" -> DataTypes.CHAR(a);
            case "BINARY" -> DataTypes.BINARY(a);
            case "VARBINARY" -> DataTypes.VARBINARY(a);
            case "TIME" -> DataTypes.TIME(a);
            case "TIMESTAMP" -> ltz ? DataTypes.TIMESTAMP_LTZ(a) : DataTypes.TIMESTAMP(a);
            default -> throw new IllegalArgumentException(text);
          };
    } else {
      t =
          switch (s) {
            case "STRING" -> DataTypes.STRING();
            case "BYTES" -> DataTypes.BYTES();
            case "INT" -> DataTypes.INT();
            default -> DataTypes.of(io.strata.core.types.DataTypeRoot.valueOf(s));
          };
    }
    return t.withNullable(nullable);
  }
}
