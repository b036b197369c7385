package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * Converts a {@link RowType} into the Avro schema Paimon 1.3.1 writes: record {@code
 * org.apache.paimon.avro.generated.record}, a nullable field as the union {@code ["null", T]} with
 * default null, nested records named {@code <parent>_<field>} (list elements and map values keep
 * their field's name, map entries add {@code _value} for their value). TINYINT and SMALLINT are
 * ints, DECIMAL is bytes with the decimal logical type, TIME is time-millis, TIMESTAMP(p ≤ 3)
 * timestamp-millis and (p ≤ 6) timestamp-micros, TIMESTAMP WITH LOCAL TIME ZONE the local-timestamp
 * ones. A map with a non-string key is an array of key/value records marked with logical type
 * {@code map}.
 */
public final class AvroSchemas {

  static final String NAMESPACE = "org.apache.paimon.avro.generated";
  static final String ROOT_NAME = "record";

  /** The logical type Paimon marks an array of map entries with. */
  static final String MAP_LOGICAL_TYPE = "map";

  static final String KEY = "key";
  static final String VALUE = "value";

  private AvroSchemas() {}

  /** The Avro record for rows of this type. */
  public static Schema toAvroSchema(RowType rowType) {
    return record(rowType, ROOT_NAME, NAMESPACE);
  }

  /**
   * The first field (top-level or nested) whose type Avro data files cannot hold, or null: Paimon
   * refuses timestamps of precision above 6 for Avro.
   */
  public static DataField unsupportedField(RowType rowType) {
    for (DataField field : rowType.fields()) {
      if (!supported(field.type())) {
        return field;
      }
    }
    return null;
  }

  private static boolean supported(DataType type) {
    return switch (type.root()) {
      case TIMESTAMP, TIMESTAMP_LTZ -> ((AtomicType) type).precision() <= 6;
      case ARRAY -> supported(((ArrayType) type).element());
      case MAP -> supported(((MapType) type).key()) && supported(((MapType) type).value());
      case ROW -> unsupportedField((RowType) type) == null;
      default -> true;
    };
  }

  private static Schema record(RowType rowType, String name, String namespace) {
    List<Schema.Field> fields = new ArrayList<>(rowType.size());
    for (DataField field : rowType.fields()) {
      Schema schema = convert(field.type(), name + "_" + field.name());
      Object defaultValue = field.type().nullable() ? JsonProperties.NULL_VALUE : null;
      fields.add(new Schema.Field(field.name(), schema, null, defaultValue));
    }
    return Schema.createRecord(name, null, namespace, false, fields);
  }

  /** The schema of a value of {@code type}, nullable as a union; {@code name} names records. */
  static Schema convert(DataType type, String name) {
    Schema schema = nonNull(type, name);
    return type.nullable() ? Schema.createUnion(Schema.create(Schema.Type.NULL), schema) : schema;
  }

  private static Schema nonNull(DataType type, String name) {
    return switch (type.root()) {
      case ARRAY -> Schema.createArray(convert(((ArrayType) type).element(), name));
      case MAP -> map((MapType) type, name);
      case ROW -> record((RowType) type, name, null);
      default -> atomic((AtomicType) type);
    };
  }

  private static Schema map(MapType type, String name) {
    if (isStringKey(type)) {
      return Schema.createMap(convert(type.value(), name));
    }
    Object valueDefault = type.value().nullable() ? JsonProperties.NULL_VALUE : null;
    Schema entry =
        Schema.createRecord(
            name,
            null,
            null,
            false,
            List.of(
                new Schema.Field(KEY, convert(type.key(), name + "_" + KEY), null, null),
                new Schema.Field(
                    VALUE, convert(type.value(), name + "_" + VALUE), null, valueDefault)));
    Schema array = Schema.createArray(entry);
    new LogicalType(MAP_LOGICAL_TYPE).addToSchema(array);
    return array;
  }

  /** Whether a map is written as an Avro map (string keys) rather than an array of entries. */
  static boolean isStringKey(MapType type) {
    DataTypeRoot key = type.key().root();
    return key == DataTypeRoot.VARCHAR || key == DataTypeRoot.CHAR;
  }

  private static Schema atomic(AtomicType type) {
    return switch (type.root()) {
      case BOOLEAN -> Schema.create(Schema.Type.BOOLEAN);
      case TINYINT, SMALLINT, INT -> Schema.create(Schema.Type.INT);
      case BIGINT -> Schema.create(Schema.Type.LONG);
      case FLOAT -> Schema.create(Schema.Type.FLOAT);
      case DOUBLE -> Schema.create(Schema.Type.DOUBLE);
      case DECIMAL ->
          LogicalTypes.decimal(type.precision(), type.scale())
              .addToSchema(Schema.create(Schema.Type.BYTES));
      case CHAR, VARCHAR -> Schema.create(Schema.Type.STRING);
      case BINARY, VARBINARY -> Schema.create(Schema.Type.BYTES);
      case DATE -> LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case TIME -> LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
      case TIMESTAMP ->
          timestamp(
              type.precision() <= 3
                  ? LogicalTypes.timestampMillis()
                  : LogicalTypes.timestampMicros());
      case TIMESTAMP_LTZ ->
          timestamp(
              type.precision() <= 3
                  ? LogicalTypes.localTimestampMillis()
                  : LogicalTypes.localTimestampMicros());
      default -> throw new IllegalStateException("Not an atomic type: " + type);
    };
  }

  private static Schema timestamp(LogicalType logicalType) {
    return logicalType.addToSchema(Schema.create(Schema.Type.LONG));
  }
}
