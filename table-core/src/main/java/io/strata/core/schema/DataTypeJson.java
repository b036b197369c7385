package io.strata.core.schema;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.errors.SchemaErrors;
import io.strata.core.json.PaimonJson;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Paimon's JSON form of data types and fields: atomic types as strings ({@code "DECIMAL(10, 2) NOT
 * NULL"}), ARRAY/MAP/ROW as objects whose {@code type} carries the nullability.
 */
public final class DataTypeJson {

  private static final String NOT_NULL = " NOT NULL";

  private DataTypeJson() {}

  /** Parses a type from its JSON text, e.g. {@code "\"INT\""} or an ARRAY object. */
  public static DataType fromJson(String json) {
    return fromJsonNode(PaimonJson.parse(json));
  }

  /** Renders a type as compact JSON text. */
  public static String toJson(DataType type) {
    return PaimonJson.compact(gen -> write(gen, type));
  }

  /** Parses a type from a JSON string node (atomic) or object node (nested). */
  public static DataType fromJsonNode(JsonNode node) {
    if (node.isTextual()) {
      return parseAtomic(node.asText());
    }
    if (!node.isObject()) {
      throw SchemaErrors.dataTypeNotStringOrObject(node);
    }
    String typeString = PaimonJson.required(node, "type", "Data type " + node).asText().trim();
    boolean nullable = true;
    String upper = typeString.toUpperCase(Locale.ROOT);
    if (upper.endsWith(NOT_NULL)) {
      nullable = false;
      upper = upper.substring(0, upper.length() - NOT_NULL.length()).trim();
    } else if (upper.endsWith(" NULL")) {
      upper = upper.substring(0, upper.length() - " NULL".length()).trim();
    }
    return switch (upper) {
      case "ARRAY" ->
          new ArrayType(fromJsonNode(PaimonJson.required(node, "element", "ARRAY type")), nullable);
      case "MAP" ->
          new MapType(
              fromJsonNode(PaimonJson.required(node, "key", "MAP type")),
              fromJsonNode(PaimonJson.required(node, "value", "MAP type")),
              nullable);
      case "ROW" ->
          new RowType(fieldsFromJsonNode(PaimonJson.required(node, "fields", "ROW")), nullable);
      default -> throw SchemaErrors.unsupportedNestedType(typeString);
    };
  }

  /** Parses a field object {@code {id, name, type, description?, defaultValue?}}. */
  public static DataField fieldFromJsonNode(JsonNode node) {
    String what = "Field " + node;
    return new DataField(
        Math.toIntExact(PaimonJson.requiredLong(node, "id", what)),
        PaimonJson.required(node, "name", what).asText(),
        fromJsonNode(PaimonJson.required(node, "type", what)),
        PaimonJson.optionalText(node, "description"),
        PaimonJson.optionalText(node, "defaultValue"));
  }

  /** Parses a JSON array of field objects. */
  public static List<DataField> fieldsFromJsonNode(JsonNode array) {
    List<DataField> fields = new ArrayList<>(array.size());
    for (JsonNode f : array) {
      fields.add(fieldFromJsonNode(f));
    }
    return fields;
  }

  /** Writes a type as the value at the generator's current position. */
  public static void write(JsonGenerator gen, DataType type) throws IOException {
    String suffix = type.nullable() ? "" : NOT_NULL;
    if (type instanceof AtomicType atomic) {
      gen.writeString(atomic.toString());
    } else if (type instanceof ArrayType array) {
      gen.writeStartObject();
      gen.writeStringField("type", "ARRAY" + suffix);
      gen.writeFieldName("element");
      write(gen, array.element());
      gen.writeEndObject();
    } else if (type instanceof MapType map) {
      gen.writeStartObject();
      gen.writeStringField("type", "MAP" + suffix);
      gen.writeFieldName("key");
      write(gen, map.key());
      gen.writeFieldName("value");
      write(gen, map.value());
      gen.writeEndObject();
    } else {
      RowType row = (RowType) type;
      gen.writeStartObject();
      gen.writeStringField("type", "ROW" + suffix);
      writeFields(gen, "fields", row.fields());
      gen.writeEndObject();
    }
  }

  /** Writes one field object; description and default value only when set. */
  public static void writeField(JsonGenerator gen, DataField field) throws IOException {
    gen.writeStartObject();
    gen.writeNumberField("id", field.id());
    gen.writeStringField("name", field.name());
    gen.writeFieldName("type");
    write(gen, field.type());
    if (field.description() != null) {
      gen.writeStringField("description", field.description());
    }
    if (field.defaultValue() != null) {
      gen.writeStringField("defaultValue", field.defaultValue());
    }
    gen.writeEndObject();
  }

  /** Writes {@code "key" : [ field, ... ]}. */
  public static void writeFields(JsonGenerator gen, String key, List<DataField> fields)
      throws IOException {
    gen.writeArrayFieldStart(key);
    for (DataField f : fields) {
      writeField(gen, f);
    }
    gen.writeEndArray();
  }

  /**
   * Parses an atomic type string. Besides what Paimon writes it accepts, like Paimon's own parser,
   * any letter case, {@code INTEGER}, {@code DEC}/{@code NUMERIC}, {@code DOUBLE PRECISION}, {@code
   * TIMESTAMP_LTZ(p)}, {@code ... WITHOUT TIME ZONE}, a trailing {@code NULL}, and omitted
   * parameters (TIMESTAMP = 6, TIME = 0, DECIMAL = (10, 0), CHAR/VARCHAR/BINARY/VARBINARY = 1).
   */
  public static AtomicType parseAtomic(String typeString) {
    return new AtomicTypeParser(typeString).parse();
  }

  /** Hand-rolled tokenizer: the grammar is tiny and errors should name the offending input. */
  private static final class AtomicTypeParser {
    private final String input;
    private final List<String> tokens = new ArrayList<>();
    private int pos;

    AtomicTypeParser(String input) {
      this.input = input;
      int i = 0;
      while (i < input.length()) {
        char c = input.charAt(i);
        if (Character.isWhitespace(c)) {
          i++;
        } else if (c == '(' || c == ')' || c == ',') {
          tokens.add(String.valueOf(c));
          i++;
        } else if (Character.isLetterOrDigit(c) || c == '_') {
          int start = i;
          while (i < input.length()
              && (Character.isLetterOrDigit(input.charAt(i)) || input.charAt(i) == '_')) {
            i++;
          }
          tokens.add(input.substring(start, i).toUpperCase(Locale.ROOT));
        } else {
          throw error("unexpected character '" + c + "'");
        }
      }
    }

    AtomicType parse() {
      String root = next();
      AtomicType type =
          switch (root) {
            case "BOOLEAN" -> simple(DataTypeRoot.BOOLEAN);
            case "TINYINT" -> simple(DataTypeRoot.TINYINT);
            case "SMALLINT" -> simple(DataTypeRoot.SMALLINT);
            case "INT", "INTEGER" -> simple(DataTypeRoot.INT);
            case "BIGINT" -> simple(DataTypeRoot.BIGINT);
            case "FLOAT" -> simple(DataTypeRoot.FLOAT);
            case "DOUBLE" -> {
              accept("PRECISION");
              yield simple(DataTypeRoot.DOUBLE);
            }
            case "DATE" -> simple(DataTypeRoot.DATE);
            case "STRING" -> new AtomicType(DataTypeRoot.VARCHAR, AtomicType.MAX_LENGTH, 0, true);
            case "BYTES" -> new AtomicType(DataTypeRoot.VARBINARY, AtomicType.MAX_LENGTH, 0, true);
            case "CHAR", "VARCHAR", "BINARY", "VARBINARY" ->
                new AtomicType(DataTypeRoot.valueOf(root), optionalParam(1), 0, true);
            case "DECIMAL", "DEC", "NUMERIC" -> decimal();
            case "TIME" -> {
              int p = optionalParam(0);
              withoutTimeZone();
              yield new AtomicType(DataTypeRoot.TIME, p, 0, true);
            }
            case "TIMESTAMP" -> timestamp();
            case "TIMESTAMP_LTZ" ->
                new AtomicType(DataTypeRoot.TIMESTAMP_LTZ, optionalParam(6), 0, true);
            default -> throw error("unsupported type '" + root + "'");
          };
      if (accept("NOT")) {
        expect("NULL");
        type = type.withNullable(false);
      } else {
        accept("NULL");
      }
      if (pos != tokens.size()) {
        throw error("unexpected '" + tokens.get(pos) + "'");
      }
      return type;
    }

    private static AtomicType simple(DataTypeRoot root) {
      return new AtomicType(root, 0, 0, true);
    }

    private AtomicType decimal() {
      int precision = 10;
      int scale = 0;
      if (accept("(")) {
        precision = number();
        if (accept(",")) {
          scale = number();
        }
        expect(")");
      }
      return new AtomicType(DataTypeRoot.DECIMAL, precision, scale, true);
    }

    private AtomicType timestamp() {
      int p = optionalParam(6);
      if (accept("WITH")) {
        expect("LOCAL");
        expect("TIME");
        expect("ZONE");
        return new AtomicType(DataTypeRoot.TIMESTAMP_LTZ, p, 0, true);
      }
      withoutTimeZone();
      return new AtomicType(DataTypeRoot.TIMESTAMP, p, 0, true);
    }

    private void withoutTimeZone() {
      if (accept("WITHOUT")) {
        expect("TIME");
        expect("ZONE");
      }
    }

    private int optionalParam(int dflt) {
      if (!accept("(")) {
        return dflt;
      }
      int n = number();
      expect(")");
      return n;
    }

    private int number() {
      String t = next();
      try {
        return Integer.parseInt(t);
      } catch (NumberFormatException e) {
        throw error("expected a number but found '" + t + "'");
      }
    }

    private String next() {
      if (pos >= tokens.size()) {
        throw error("unexpected end");
      }
      return tokens.get(pos++);
    }

    private boolean accept(String token) {
      if (pos < tokens.size() && tokens.get(pos).equals(token)) {
        pos++;
        return true;
      }
      return false;
    }

    private void expect(String token) {
      if (!accept(token)) {
        throw error("expected '" + token + "'");
      }
    }

    private IllegalArgumentException error(String why) {
      return SchemaErrors.unparsableType(input, why);
    }
  }
}
