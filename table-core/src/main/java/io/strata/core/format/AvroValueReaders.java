package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * Converts values Avro's generic reader decodes (Utf8, ByteBuffer, raw longs of timestamps, ...)
 * into canonical values of a read type, guided by the file's schema: record fields are matched by
 * name, and a timestamp's unit comes from the file's logical type.
 */
final class AvroValueReaders {

  /** Converts one decoded value (null included). */
  @FunctionalInterface
  interface ValueReader {
    Object read(Object value);
  }

  private AvroValueReaders() {}

  static ValueReader of(DataType type, Schema fileSchema) {
    ValueReader nonNull = nonNull(type, nonNullBranch(fileSchema));
    return v -> v == null ? null : nonNull.read(v);
  }

  /** The non-null branch of a {@code ["null", T]} union, or the schema itself. */
  static Schema nonNullBranch(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        return branch;
      }
    }
    return schema;
  }

  private static ValueReader nonNull(DataType type, Schema schema) {
    return switch (type.root()) {
      case BOOLEAN, INT, DATE, TIME, BIGINT, FLOAT, DOUBLE -> v -> v;
      case TINYINT -> v -> ((Number) v).byteValue();
      case SMALLINT -> v -> ((Number) v).shortValue();
      case DECIMAL -> {
        int scale = ((AtomicType) type).scale();
        yield v -> new BigDecimal(new BigInteger(bytes(v)), scale);
      }
      case CHAR, VARCHAR -> Object::toString;
      case BINARY, VARBINARY -> AvroValueReaders::bytes;
      case TIMESTAMP, TIMESTAMP_LTZ -> timestamp(schema.getLogicalType());
      case ARRAY -> array((ArrayType) type, schema);
      case MAP -> map((MapType) type, schema);
      case ROW -> row((RowType) type, schema);
    };
  }

  private static byte[] bytes(Object v) {
    if (v instanceof ByteBuffer b) {
      byte[] bytes = new byte[b.remaining()];
      b.duplicate().get(bytes);
      return bytes;
    }
    return ((GenericFixed) v).bytes().clone();
  }

  private static ValueReader timestamp(LogicalType logical) {
    String name = logical == null ? "" : logical.getName();
    if (name.endsWith("-millis")) {
      return v -> Timestamp.fromMillis((Long) v);
    }
    if (name.endsWith("-nanos")) {
      return v -> {
        long nanos = (Long) v;
        return new Timestamp(
            Math.floorDiv(nanos, 1_000_000L), (int) Math.floorMod(nanos, 1_000_000L));
      };
    }
    return v -> Timestamp.fromMicros((Long) v);
  }

  private static ValueReader array(ArrayType type, Schema schema) {
    ValueReader element = of(type.element(), schema.getElementType());
    return v -> {
      Collection<?> items = (Collection<?>) v;
      List<Object> list = new ArrayList<>(items.size());
      for (Object item : items) {
        list.add(element.read(item));
      }
      return list;
    };
  }

  private static ValueReader map(MapType type, Schema schema) {
    if (schema.getType() == Schema.Type.MAP) {
      ValueReader key = of(type.key(), Schema.create(Schema.Type.STRING));
      ValueReader value = of(type.value(), schema.getValueType());
      return v -> {
        Map<Object, Object> map = new LinkedHashMap<>();
        ((Map<?, ?>) v).forEach((k, x) -> map.put(key.read(k), value.read(x)));
        return map;
      };
    }
    Schema entry = schema.getElementType();
    ValueReader key = of(type.key(), entry.getField(AvroSchemas.KEY).schema());
    ValueReader value = of(type.value(), entry.getField(AvroSchemas.VALUE).schema());
    return v -> {
      Map<Object, Object> map = new LinkedHashMap<>();
      for (Object e : (Collection<?>) v) {
        GenericRecord r = (GenericRecord) e;
        map.put(key.read(r.get(AvroSchemas.KEY)), value.read(r.get(AvroSchemas.VALUE)));
      }
      return map;
    };
  }

  /** Reads a record as a row of {@code type}: fields by name, missing ones NULL. */
  static ValueReader row(RowType type, Schema record) {
    int[] positions = new int[type.size()];
    ValueReader[] fields = new ValueReader[type.size()];
    for (int i = 0; i < fields.length; i++) {
      Schema.Field field = record.getField(type.field(i).name());
      positions[i] = field == null ? -1 : field.pos();
      if (field != null) {
        fields[i] = of(type.typeAt(i), field.schema());
      }
    }
    return v -> {
      GenericRecord r = (GenericRecord) v;
      Object[] values = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        if (positions[i] >= 0) {
          values[i] = fields[i].read(r.get(positions[i]));
        }
      }
      return values;
    };
  }
}
