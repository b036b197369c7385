package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import org.apache.orc.TypeDescription;

/**
 * Converts a {@link RowType} into the ORC schema Paimon 1.3.1 writes: a struct of the fields, each
 * carrying its field id as attribute {@value #FIELD_ID}; list elements, map keys and map values get
 * the derived ids Parquet uses ({@link ParquetSchemas}). STRING is {@code string}, VARCHAR(n) and
 * CHAR(n) keep their length, TIME is an {@code int} of milliseconds, TIMESTAMP is {@code timestamp}
 * and TIMESTAMP WITH LOCAL TIME ZONE {@code timestamp with local time zone}.
 */
public final class OrcSchemas {

  /** The ORC type attribute holding a field's Paimon id. */
  public static final String FIELD_ID = "paimon.id";

  private OrcSchemas() {}

  /** The ORC struct for rows of this type. */
  public static TypeDescription toOrcSchema(RowType rowType) {
    TypeDescription struct = TypeDescription.createStruct();
    for (DataField field : rowType.fields()) {
      TypeDescription type = convert(field.type(), field.id(), 0);
      type.setAttribute(FIELD_ID, String.valueOf(field.id()));
      struct.addField(field.name(), type);
    }
    return struct;
  }

  private static TypeDescription convert(DataType type, int fieldId, int depth) {
    return switch (type.root()) {
      case ARRAY -> {
        TypeDescription element = convert(((ArrayType) type).element(), fieldId, depth + 1);
        element.setAttribute(
            FIELD_ID, String.valueOf(ParquetSchemas.arrayElementId(fieldId, depth + 1)));
        yield TypeDescription.createList(element);
      }
      case MAP -> {
        MapType map = (MapType) type;
        TypeDescription key = convert(map.key(), fieldId, depth + 1);
        key.setAttribute(FIELD_ID, String.valueOf(ParquetSchemas.mapKeyId(fieldId, depth + 1)));
        TypeDescription value = convert(map.value(), fieldId, depth + 1);
        value.setAttribute(FIELD_ID, String.valueOf(ParquetSchemas.mapValueId(fieldId, depth + 1)));
        yield TypeDescription.createMap(key, value);
      }
      case ROW -> toOrcSchema((RowType) type);
      default -> atomic((AtomicType) type);
    };
  }

  private static TypeDescription atomic(AtomicType type) {
    return switch (type.root()) {
      case BOOLEAN -> TypeDescription.createBoolean();
      case TINYINT -> TypeDescription.createByte();
      case SMALLINT -> TypeDescription.createShort();
      case INT, TIME -> TypeDescription.createInt();
      case BIGINT -> TypeDescription.createLong();
      case FLOAT -> TypeDescription.createFloat();
      case DOUBLE -> TypeDescription.createDouble();
      case DECIMAL ->
          TypeDescription.createDecimal().withScale(type.scale()).withPrecision(type.precision());
      case CHAR -> TypeDescription.createChar().withMaxLength(type.length());
      case VARCHAR ->
          type.length() == AtomicType.MAX_LENGTH
              ? TypeDescription.createString()
              : TypeDescription.createVarchar().withMaxLength(type.length());
      case BINARY, VARBINARY -> TypeDescription.createBinary();
      case DATE -> TypeDescription.createDate();
      case TIMESTAMP -> TypeDescription.createTimestamp();
      case TIMESTAMP_LTZ -> TypeDescription.createTimestampInstant();
      default -> throw new IllegalStateException("Not an atomic type: " + type);
    };
  }
}
