package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Encodes canonical values with the schema {@link AvroSchemas} makes of their type: one writer per
 * column, built once per file, so no Avro records are allocated per row.
 */
final class AvroValueWriters {

  /** Encodes one value (null only where the type is nullable). */
  @FunctionalInterface
  interface ValueWriter {
    void write(Object value, Encoder out) throws IOException;
  }

  private AvroValueWriters() {}

  /** A datum writer of whole rows of {@code rowType}. */
  static DatumWriter<Object[]> rows(RowType rowType) {
    ValueWriter row = row(rowType);
    return new DatumWriter<>() {
      @Override
      public void setSchema(Schema schema) {
        // Built from the row type; the schema is the one AvroSchemas makes of it.
      }

      @Override
      public void write(Object[] datum, Encoder out) throws IOException {
        row.write(datum, out);
      }
    };
  }

  static ValueWriter of(DataType type) {
    ValueWriter value = nonNull(type);
    if (!type.nullable()) {
      return value;
    }
    return (v, out) -> {
      if (v == null) {
        out.writeIndex(0);
        out.writeNull();
      } else {
        out.writeIndex(1);
        value.write(v, out);
      }
    };
  }

  private static ValueWriter nonNull(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> (v, out) -> out.writeBoolean((Boolean) v);
      case TINYINT, SMALLINT, INT, DATE, TIME -> (v, out) -> out.writeInt(((Number) v).intValue());
      case BIGINT -> (v, out) -> out.writeLong((Long) v);
      case FLOAT -> (v, out) -> out.writeFloat((Float) v);
      case DOUBLE -> (v, out) -> out.writeDouble((Double) v);
      case DECIMAL -> {
        int scale = ((AtomicType) type).scale();
        yield (v, out) ->
            out.writeBytes(
                ((BigDecimal) v)
                    .setScale(scale, RoundingMode.UNNECESSARY)
                    .unscaledValue()
                    .toByteArray());
      }
      case CHAR, VARCHAR -> (v, out) -> out.writeString((String) v);
      case BINARY, VARBINARY -> (v, out) -> out.writeBytes((byte[]) v);
      case TIMESTAMP, TIMESTAMP_LTZ ->
          ((AtomicType) type).precision() <= 3
              ? (v, out) -> out.writeLong(((Timestamp) v).millis())
              : (v, out) -> out.writeLong(((Timestamp) v).toMicros());
      case ARRAY -> array((ArrayType) type);
      case MAP -> map((MapType) type);
      case ROW -> row((RowType) type);
    };
  }

  private static ValueWriter array(ArrayType type) {
    ValueWriter element = of(type.element());
    return (v, out) -> {
      List<?> list = (List<?>) v;
      out.writeArrayStart();
      out.setItemCount(list.size());
      for (Object item : list) {
        out.startItem();
        element.write(item, out);
      }
      out.writeArrayEnd();
    };
  }

  private static ValueWriter map(MapType type) {
    ValueWriter key = of(type.key());
    ValueWriter value = of(type.value());
    boolean avroMap = AvroSchemas.isStringKey(type);
    return (v, out) -> {
      Map<?, ?> map = (Map<?, ?>) v;
      if (avroMap) {
        out.writeMapStart();
      } else {
        out.writeArrayStart();
      }
      out.setItemCount(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.startItem();
        if (avroMap) {
          out.writeString((String) e.getKey());
        } else {
          key.write(e.getKey(), out);
        }
        value.write(e.getValue(), out);
      }
      if (avroMap) {
        out.writeMapEnd();
      } else {
        out.writeArrayEnd();
      }
    };
  }

  private static ValueWriter row(RowType type) {
    ValueWriter[] fields = new ValueWriter[type.size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = of(type.typeAt(i));
    }
    return (v, out) -> {
      Object[] values = (Object[]) v;
      for (int i = 0; i < fields.length; i++) {
        fields[i].write(values[i], out);
      }
    };
  }
}
