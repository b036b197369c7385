package io.strata.core.format;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/** Builds the functions that feed canonical values of a type into a Parquet RecordConsumer. */
final class ParquetValueWriters {

  /** Writes one non-null value of a fixed type. */
  @FunctionalInterface
  interface ValueWriter {
    void write(RecordConsumer consumer, Object value);
  }

  /** Writes the fields of a row (top level or nested) in the layout of {@link ParquetSchemas}. */
  static final class FieldsWriter {
    private final String[] names;
    private final boolean[] required;
    private final ValueWriter[] writers;

    FieldsWriter(RowType rowType) {
      int n = rowType.size();
      names = new String[n];
      required = new boolean[n];
      writers = new ValueWriter[n];
      for (int i = 0; i < n; i++) {
        DataField field = rowType.field(i);
        names[i] = field.name();
        required[i] = !field.type().nullable();
        writers[i] = forType(field.type());
      }
    }

    void write(RecordConsumer consumer, Object[] row) {
      checkWidth(row.length);
      for (int i = 0; i < names.length; i++) {
        Object value = row[i];
        if (value == null) {
          requireNullable(i);
          continue;
        }
        consumer.startField(names[i], i);
        writeValue(consumer, i, value);
        consumer.endField(names[i], i);
      }
    }

    /**
     * Writes a row of top-level primitive fields straight into their columns, {@code columns[i]}
     * being field {@code i}'s.
     */
    void write(ColumnConsumer[] columns, Object[] row) {
      checkWidth(row.length);
      for (int i = 0; i < names.length; i++) {
        Object value = row[i];
        if (value == null) {
          requireNullable(i);
          columns[i].addNull();
          continue;
        }
        writeValue(columns[i], i, value);
      }
    }

    /**
     * Writes row {@code row} of {@code batch}, whose columns are this writer's fields, straight
     * into the file's columns.
     */
    void write(ColumnConsumer[] columns, ColumnBatch batch, int row) {
      checkWidth(batch.width());
      for (int i = 0; i < names.length; i++) {
        ColumnConsumer column = columns[i];
        if (batch.isNull(i, row)) {
          requireNullable(i);
          column.addNull();
          continue;
        }
        switch (batch.kind(i)) {
          case BOOLEAN -> column.addBoolean(batch.getLong(i, row) != 0);
          case TINYINT, SMALLINT, INT, DECIMAL_INT ->
              column.addInteger((int) batch.getLong(i, row));
          case BIGINT, DECIMAL_LONG, TIMESTAMP -> column.addLong(batch.getLong(i, row));
          case FLOAT -> column.addFloat((float) batch.getDouble(i, row));
          case DOUBLE -> column.addDouble(batch.getDouble(i, row));
          case STRING -> column.addBinary(batch.getString(i, row));
        }
      }
    }

    private void checkWidth(int width) {
      if (width != names.length) {
        throw ValueErrors.writeArity(width, names.length);
      }
    }

    private void requireNullable(int field) {
      if (required[field]) {
        throw ValueErrors.nullNotAllowed("Field '" + names[field] + "'");
      }
    }

    private void writeValue(RecordConsumer consumer, int field, Object value) {
      try {
        writers[field].write(consumer, value);
      } catch (ClassCastException e) {
        throw ValueErrors.writeWrongClass(names[field], value, e);
      }
    }
  }

  /**
   * A top-level primitive column seen as a record consumer, so that the value writers feed its
   * column writer directly; only the calls that add one value reach it.
   */
  static final class ColumnConsumer extends RecordConsumer {
    private final int definitionLevel;
    private ColumnWriter writer;

    /** A consumer for a required (definition level 0) or optional (1) top-level column. */
    ColumnConsumer(boolean optional) {
      this.definitionLevel = optional ? 1 : 0;
    }

    /** Points this consumer at the column's writer of the current row group. */
    void writeTo(ColumnWriter writer) {
      this.writer = writer;
    }

    void addNull() {
      writer.writeNull(0, 0);
    }

    @Override
    public void addInteger(int value) {
      writer.write(value, 0, definitionLevel);
    }

    @Override
    public void addLong(long value) {
      writer.write(value, 0, definitionLevel);
    }

    @Override
    public void addBoolean(boolean value) {
      writer.write(value, 0, definitionLevel);
    }

    @Override
    public void addBinary(Binary value) {
      writer.write(value, 0, definitionLevel);
    }

    @Override
    public void addFloat(float value) {
      writer.write(value, 0, definitionLevel);
    }

    @Override
    public void addDouble(double value) {
      writer.write(value, 0, definitionLevel);
    }

    @Override
    public void startMessage() {
      throw notOneValue();
    }

    @Override
    public void endMessage() {
      throw notOneValue();
    }

    @Override
    public void startField(String field, int index) {
      throw notOneValue();
    }

    @Override
    public void endField(String field, int index) {
      throw notOneValue();
    }

    @Override
    public void startGroup() {
      throw notOneValue();
    }

    @Override
    public void endGroup() {
      throw notOneValue();
    }

    // Nested values go through parquet-mr's record assembly, never through a column consumer.
    private static IllegalStateException notOneValue() {
      return new IllegalStateException("A top-level primitive column takes single values only");
    }
  }

  private ParquetValueWriters() {}

  static ValueWriter forType(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> (c, v) -> c.addBoolean((Boolean) v);
      case TINYINT -> (c, v) -> c.addInteger((Byte) v);
      case SMALLINT -> (c, v) -> c.addInteger((Short) v);
      case INT, DATE, TIME -> (c, v) -> c.addInteger((Integer) v);
      case BIGINT -> (c, v) -> c.addLong((Long) v);
      case FLOAT -> (c, v) -> c.addFloat((Float) v);
      case DOUBLE -> (c, v) -> c.addDouble((Double) v);
      case DECIMAL -> decimal((AtomicType) type);
      // A Binary is a string a rewrite read as its UTF-8 bytes, mostly a slice of a whole page:
      // passed on as reused, so that what the writer keeps of it (dictionary entries, bounds) is
      // copied instead of keeping the page alive. fromString would wrap the bytes in a ByteBuffer
      // as well: one more object per value.
      case CHAR, VARCHAR ->
          (c, v) ->
              c.addBinary(
                  v instanceof Binary encoded
                      ? asReused(encoded)
                      : Binary.fromConstantByteArray(
                          ((String) v).getBytes(StandardCharsets.UTF_8)));
      case BINARY, VARBINARY -> (c, v) -> c.addBinary(Binary.fromReusedByteArray((byte[]) v));
      case TIMESTAMP, TIMESTAMP_LTZ -> timestamp(((AtomicType) type).precision());
      case ARRAY -> array((ArrayType) type);
      case MAP -> map((MapType) type);
      case ROW -> row((RowType) type);
    };
  }

  /**
   * A constant Binary over a whole array of its own (a string the write buffer read back) is kept
   * as is: the writer then keeps it without a copy, and a reused one would be copied into every
   * bound it raises, which for an ascending column is every value.
   */
  private static final Class<?> OWN_ARRAY_BINARY =
      Binary.fromConstantByteArray(new byte[0]).getClass();

  private static Binary asReused(Binary bytes) {
    if (bytes.isBackingBytesReused() || bytes.getClass() == OWN_ARRAY_BINARY) {
      return bytes;
    }
    return Binary.fromReusedByteBuffer(bytes.toByteBuffer());
  }

  private static ValueWriter decimal(AtomicType type) {
    int precision = type.precision();
    int scale = type.scale();
    int fixedLength = precision > 18 ? ParquetSchemas.decimalFixedLength(precision) : 0;
    return (c, v) -> {
      BigDecimal d = (BigDecimal) v;
      if (d.scale() != scale) {
        d = d.setScale(scale, RoundingMode.UNNECESSARY);
      }
      if (d.precision() > precision) {
        throw ValueErrors.decimalOverflow(d, precision, scale);
      }
      BigInteger unscaled = d.unscaledValue();
      if (precision <= 9) {
        c.addInteger(unscaled.intValue());
      } else if (precision <= 18) {
        c.addLong(unscaled.longValue());
      } else {
        c.addBinary(Binary.fromConstantByteArray(signExtend(unscaled.toByteArray(), fixedLength)));
      }
    };
  }

  /** Big-endian two's complement bytes widened to exactly {@code length} bytes. */
  static byte[] signExtend(byte[] bytes, int length) {
    if (bytes.length == length) {
      return bytes;
    }
    byte[] out = new byte[length];
    byte pad = bytes[0] < 0 ? (byte) -1 : 0;
    int offset = length - bytes.length;
    for (int i = 0; i < offset; i++) {
      out[i] = pad;
    }
    System.arraycopy(bytes, 0, out, offset, bytes.length);
    return out;
  }

  private static ValueWriter timestamp(int precision) {
    if (precision <= 3) {
      return (c, v) -> c.addLong(((Timestamp) v).millis());
    }
    if (precision <= 6) {
      return (c, v) -> c.addLong(((Timestamp) v).toMicros());
    }
    return (c, v) -> c.addBinary(Int96Timestamps.encode((Timestamp) v));
  }

  private static ValueWriter array(ArrayType type) {
    ValueWriter element = forType(type.element());
    boolean elementRequired = !type.element().nullable();
    String repeated = ParquetSchemas.LIST_REPEATED_NAME;
    String name = ParquetSchemas.LIST_ELEMENT_NAME;
    return (c, v) -> {
      List<?> list = (List<?>) v;
      c.startGroup();
      if (!list.isEmpty()) {
        c.startField(repeated, 0);
        for (Object e : list) {
          c.startGroup();
          if (e != null) {
            c.startField(name, 0);
            element.write(c, e);
            c.endField(name, 0);
          } else if (elementRequired) {
            throw ValueErrors.nullNotAllowed("ARRAY element");
          }
          c.endGroup();
        }
        c.endField(repeated, 0);
      }
      c.endGroup();
    };
  }

  private static ValueWriter map(MapType type) {
    ValueWriter keyWriter = forType(type.key());
    ValueWriter valueWriter = forType(type.value());
    boolean valueRequired = !type.value().nullable();
    String repeated = ParquetSchemas.MAP_REPEATED_NAME;
    String keyName = ParquetSchemas.MAP_KEY_NAME;
    String valueName = ParquetSchemas.MAP_VALUE_NAME;
    return (c, v) -> {
      Map<?, ?> map = (Map<?, ?>) v;
      c.startGroup();
      if (!map.isEmpty()) {
        c.startField(repeated, 0);
        for (Map.Entry<?, ?> e : map.entrySet()) {
          if (e.getKey() == null) {
            throw ValueErrors.nullMapKey();
          }
          c.startGroup();
          c.startField(keyName, 0);
          keyWriter.write(c, e.getKey());
          c.endField(keyName, 0);
          if (e.getValue() != null) {
            c.startField(valueName, 1);
            valueWriter.write(c, e.getValue());
            c.endField(valueName, 1);
          } else if (valueRequired) {
            throw ValueErrors.nullNotAllowed("MAP value");
          }
          c.endGroup();
        }
        c.endField(repeated, 0);
      }
      c.endGroup();
    };
  }

  private static ValueWriter row(RowType type) {
    FieldsWriter fields = new FieldsWriter(type);
    return (c, v) -> {
      c.startGroup();
      fields.write(c, (Object[]) v);
      c.endGroup();
    };
  }
}
