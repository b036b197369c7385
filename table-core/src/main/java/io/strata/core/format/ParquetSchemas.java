package io.strata.core.format;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Converts a {@link RowType} into the Parquet schema Paimon 1.3.1 writes: message {@code
 * paimon_schema}, every field carrying its field id, 3-level lists and maps.
 *
 * <p>Element, key and value fields of lists and maps carry derived ids: with {@code base =
 * Integer.MAX_VALUE / 4}, {@code f} the id of the enclosing named field and {@code d} the nesting
 * depth below it (1 for the first collection level), an array element or map value gets {@code base
 * + f * 1024 + d} and a map key {@code base - f * 1024 - d}. Map keys are always required.
 */
public final class ParquetSchemas {

  /** The name of the Parquet message Paimon writes. */
  public static final String MESSAGE_NAME = "paimon_schema";

  static final String LIST_REPEATED_NAME = "list";
  static final String LIST_ELEMENT_NAME = "element";
  static final String MAP_REPEATED_NAME = "key_value";
  static final String MAP_KEY_NAME = "key";
  static final String MAP_VALUE_NAME = "value";

  private static final int STRUCTURED_ID_BASE = Integer.MAX_VALUE / 4;
  private static final int STRUCTURED_DEPTH_LIMIT = 1 << 10;

  private ParquetSchemas() {}

  /** The Parquet message for rows of this type, each field with its {@link DataField#id()}. */
  public static MessageType toMessageType(RowType rowType) {
    return new MessageType(MESSAGE_NAME, toFields(rowType));
  }

  /** The Parquet type of one field (with its id), as it appears inside a message or group. */
  public static Type toParquetType(DataField field) {
    return convert(field.name(), field.type(), field.id(), 0).withId(field.id());
  }

  /** Bytes of the FIXED_LEN_BYTE_ARRAY holding a DECIMAL of this precision (precision > 18). */
  public static int decimalFixedLength(int precision) {
    int bytes = 1;
    while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
      bytes++;
    }
    return bytes;
  }

  static int arrayElementId(int fieldId, int depth) {
    return STRUCTURED_ID_BASE + fieldId * STRUCTURED_DEPTH_LIMIT + depth;
  }

  static int mapKeyId(int fieldId, int depth) {
    return STRUCTURED_ID_BASE - fieldId * STRUCTURED_DEPTH_LIMIT - depth;
  }

  static int mapValueId(int fieldId, int depth) {
    return STRUCTURED_ID_BASE + fieldId * STRUCTURED_DEPTH_LIMIT + depth;
  }

  private static List<Type> toFields(RowType rowType) {
    List<Type> types = new ArrayList<>(rowType.size());
    for (DataField field : rowType.fields()) {
      types.add(toParquetType(field));
    }
    return types;
  }

  private static Type convert(String name, DataType type, int fieldId, int depth) {
    Repetition repetition = type.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
    return switch (type.root()) {
      case ARRAY -> {
        DataType elementType = ((ArrayType) type).element();
        Type element =
            convert(LIST_ELEMENT_NAME, elementType, fieldId, depth + 1)
                .withId(arrayElementId(fieldId, depth + 1));
        GroupType repeated = new GroupType(Repetition.REPEATED, LIST_REPEATED_NAME, element);
        yield Types.buildGroup(repetition)
            .as(LogicalTypeAnnotation.listType())
            .addField(repeated)
            .named(name);
      }
      case MAP -> {
        MapType map = (MapType) type;
        Type key =
            convert(MAP_KEY_NAME, map.key().notNull(), fieldId, depth + 1)
                .withId(mapKeyId(fieldId, depth + 1));
        Type value =
            convert(MAP_VALUE_NAME, map.value(), fieldId, depth + 1)
                .withId(mapValueId(fieldId, depth + 1));
        GroupType repeated =
            Types.buildGroup(Repetition.REPEATED)
                .as(LogicalTypeAnnotation.MapKeyValueTypeAnnotation.getInstance())
                .addFields(key, value)
                .named(MAP_REPEATED_NAME);
        yield Types.buildGroup(repetition)
            .as(LogicalTypeAnnotation.mapType())
            .addField(repeated)
            .named(name);
      }
      case ROW -> new GroupType(repetition, name, toFields((RowType) type));
      default -> atomic(name, (AtomicType) type, repetition);
    };
  }

  private static Type atomic(String name, AtomicType type, Repetition repetition) {
    return switch (type.root()) {
      case BOOLEAN -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
      case TINYINT ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(8, true))
              .named(name);
      case SMALLINT ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(16, true))
              .named(name);
      case INT -> Types.primitive(PrimitiveTypeName.INT32, repetition).named(name);
      case BIGINT -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
      case FLOAT -> Types.primitive(PrimitiveTypeName.FLOAT, repetition).named(name);
      case DOUBLE -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition).named(name);
      case DECIMAL -> decimal(name, type.precision(), type.scale(), repetition);
      case CHAR, VARCHAR ->
          Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case BINARY, VARBINARY -> Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
      case DATE ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.dateType())
              .named(name);
      case TIME ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.timeType(true, TimeUnit.MILLIS))
              .named(name);
      case TIMESTAMP -> timestamp(name, type.precision(), false, repetition);
      case TIMESTAMP_LTZ -> timestamp(name, type.precision(), true, repetition);
      default -> throw ValueErrors.notAtomicType(type);
    };
  }

  private static Type decimal(String name, int precision, int scale, Repetition repetition) {
    LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(scale, precision);
    if (precision <= 9) {
      return Types.primitive(PrimitiveTypeName.INT32, repetition).as(annotation).named(name);
    }
    if (precision <= 18) {
      return Types.primitive(PrimitiveTypeName.INT64, repetition).as(annotation).named(name);
    }
    return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
        .length(decimalFixedLength(precision))
        .as(annotation)
        .named(name);
  }

  private static Type timestamp(String name, int precision, boolean utc, Repetition repetition) {
    if (precision > 6) {
      return Types.primitive(PrimitiveTypeName.INT96, repetition).named(name);
    }
    TimeUnit unit = precision <= 3 ? TimeUnit.MILLIS : TimeUnit.MICROS;
    return Types.primitive(PrimitiveTypeName.INT64, repetition)
        .as(LogicalTypeAnnotation.timestampType(utc, unit))
        .named(name);
  }
}
