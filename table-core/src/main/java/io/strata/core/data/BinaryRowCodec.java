package io.strata.core.data;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Converts canonical {@code Object[]} rows (see {@link DataType}) to and from Paimon's BinaryRow
 * bytes (FORMAT.md §5). Nested types are supported only as NULL values, which is what stats rows
 * hold for them.
 */
public final class BinaryRowCodec {

  /** Row kind byte of an INSERT row, the kind of every partition, key and stats row. */
  public static final byte INSERT = 0;

  private static final int ARITY_PREFIX = 4;
  private static final int MAX_COMPACT_PRECISION = 18;
  private static final int MAX_COMPACT_TIMESTAMP_PRECISION = 3;
  private static final int BIG_DECIMAL_BYTES = 16;

  private BinaryRowCodec() {}

  /** Serializes an INSERT row. */
  public static BinaryRow serialize(RowType type, Object[] values) {
    return serialize(type, values, INSERT);
  }

  /** Serializes a row with the given row kind byte (0 INSERT … 3 DELETE). */
  public static BinaryRow serialize(RowType type, Object[] values, byte rowKind) {
    int arity = type.size();
    if (values.length != arity) {
      throw ValueErrors.rowArity(values.length, type, arity);
    }
    int fixed = nullBitsSize(arity) + 8 * arity;
    int size = fixed;
    for (int i = 0; i < arity; i++) {
      size += variableSize(type.field(i), values[i]);
    }
    byte[] buf = new byte[ARITY_PREFIX + size];
    buf[0] = (byte) (arity >>> 24);
    buf[1] = (byte) (arity >>> 16);
    buf[2] = (byte) (arity >>> 8);
    buf[3] = (byte) arity;
    buf[ARITY_PREFIX] = rowKind;
    int cursor = fixed;
    for (int i = 0; i < arity; i++) {
      cursor = write(buf, type.field(i), i, values[i], slotOffset(arity, i), cursor);
    }
    return new BinaryRow(buf);
  }

  /** Deserializes every field to its canonical value. */
  public static Object[] deserialize(RowType type, BinaryRow row) {
    int arity = checkArity(type, row);
    Object[] values = new Object[arity];
    for (int i = 0; i < arity; i++) {
      values[i] = read(row.bytes(), type.field(i), i, arity);
    }
    return values;
  }

  /** Deserializes one field, for readers that need a single stats column. */
  public static Object getField(RowType type, BinaryRow row, int pos) {
    int arity = checkArity(type, row);
    return read(row.bytes(), type.field(pos), pos, arity);
  }

  /** The row kind byte of a serialized row. */
  public static byte rowKind(BinaryRow row) {
    return row.bytes()[ARITY_PREFIX];
  }

  /** Whether field {@code pos} is NULL. */
  public static boolean isNullAt(BinaryRow row, int pos) {
    return isNull(row.bytes(), pos);
  }

  private static int checkArity(RowType type, BinaryRow row) {
    int arity = row.arity();
    if (arity != type.size()) {
      throw ValueErrors.binaryRowArity(arity, type, type.size());
    }
    return arity;
  }

  static int nullBitsSize(int arity) {
    return ((arity + 63 + 8) / 64) * 8;
  }

  private static int slotOffset(int arity, int pos) {
    return ARITY_PREFIX + nullBitsSize(arity) + 8 * pos;
  }

  private static int roundUp8(int n) {
    return (n + 7) & ~7;
  }

  /** Bytes this field takes in the variable part; must agree with {@link #write}. */
  private static int variableSize(DataField field, Object value) {
    DataType type = field.type();
    switch (type.root()) {
      case CHAR, VARCHAR -> {
        if (value == null) {
          return 0;
        }
        int len = RowBytes.utf8Length(castString(field, value));
        return len <= 7 ? 0 : roundUp8(len);
      }
      case BINARY, VARBINARY -> {
        if (value == null) {
          return 0;
        }
        int len = castBytes(field, value).length;
        return len <= 7 ? 0 : roundUp8(len);
      }
      case DECIMAL -> {
        return ((AtomicType) type).precision() > MAX_COMPACT_PRECISION ? BIG_DECIMAL_BYTES : 0;
      }
      case TIMESTAMP, TIMESTAMP_LTZ -> {
        return ((AtomicType) type).precision() > MAX_COMPACT_TIMESTAMP_PRECISION ? 8 : 0;
      }
      case ARRAY, MAP, ROW -> {
        if (value != null) {
          throw unsupported(field);
        }
        return 0;
      }
      default -> {
        return 0;
      }
    }
  }

  /** Writes field {@code pos}; returns the new end of the variable part (relative to row). */
  private static int write(
      byte[] buf, DataField field, int pos, Object value, int slot, int cursor) {
    DataType type = field.type();
    if (value == null) {
      buf[ARITY_PREFIX + ((pos + 8) >>> 3)] |= (byte) (1 << ((pos + 8) & 7));
      // Paimon keeps the variable-part space of large decimals and timestamps even for NULL
      // (so the row could be updated in place) and points the slot at it; bytes must match.
      int reserved = variableSize(field, null);
      if (reserved > 0) {
        RowBytes.putLong(buf, slot, (long) cursor << 32);
        return cursor + reserved;
      }
      return cursor;
    }
    try {
      switch (type.root()) {
        case BOOLEAN -> buf[slot] = (byte) (((Boolean) value) ? 1 : 0);
        case TINYINT -> buf[slot] = (Byte) value;
        case SMALLINT -> RowBytes.putShort(buf, slot, (Short) value);
        case INT, DATE, TIME -> RowBytes.putInt(buf, slot, (Integer) value);
        case BIGINT -> RowBytes.putLong(buf, slot, (Long) value);
        // Raw bits as Paimon writes them: a NaN keeps its payload (bytes, hash, bucket agree).
        case FLOAT -> RowBytes.putInt(buf, slot, Float.floatToRawIntBits((Float) value));
        case DOUBLE -> RowBytes.putLong(buf, slot, Double.doubleToRawLongBits((Double) value));
        case CHAR, VARCHAR -> {
          String s = (String) value;
          int len = RowBytes.utf8Length(s);
          if (len <= 7) {
            RowBytes.encodeUtf8(s, buf, slot);
            buf[slot + 7] = (byte) (0x80 | len);
          } else {
            RowBytes.encodeUtf8(s, buf, ARITY_PREFIX + cursor);
            RowBytes.putLong(buf, slot, ((long) cursor << 32) | len);
            cursor += roundUp8(len);
          }
        }
        case BINARY, VARBINARY -> {
          byte[] b = (byte[]) value;
          if (b.length <= 7) {
            System.arraycopy(b, 0, buf, slot, b.length);
            buf[slot + 7] = (byte) (0x80 | b.length);
          } else {
            System.arraycopy(b, 0, buf, ARITY_PREFIX + cursor, b.length);
            RowBytes.putLong(buf, slot, ((long) cursor << 32) | b.length);
            cursor += roundUp8(b.length);
          }
        }
        case DECIMAL -> cursor = writeDecimal(buf, field, (BigDecimal) value, slot, cursor);
        case TIMESTAMP, TIMESTAMP_LTZ -> {
          Timestamp ts = (Timestamp) value;
          if (((AtomicType) type).precision() <= MAX_COMPACT_TIMESTAMP_PRECISION) {
            RowBytes.putLong(buf, slot, ts.millis());
          } else {
            RowBytes.putLong(buf, ARITY_PREFIX + cursor, ts.millis());
            RowBytes.putLong(buf, slot, ((long) cursor << 32) | ts.nanoOfMillisecond());
            cursor += 8;
          }
        }
        default -> throw unsupported(field);
      }
    } catch (ClassCastException e) {
      throw ValueErrors.wrongValueType(field.name(), type, value, e);
    }
    return cursor;
  }

  private static int writeDecimal(
      byte[] buf, DataField field, BigDecimal value, int slot, int cursor) {
    AtomicType type = (AtomicType) field.type();
    BigInteger unscaled = unscaled(field, type, value);
    if (type.precision() <= MAX_COMPACT_PRECISION) {
      RowBytes.putLong(buf, slot, unscaled.longValue());
      return cursor;
    }
    byte[] bytes = unscaled.toByteArray();
    System.arraycopy(bytes, 0, buf, ARITY_PREFIX + cursor, bytes.length);
    RowBytes.putLong(buf, slot, ((long) cursor << 32) | bytes.length);
    return cursor + BIG_DECIMAL_BYTES;
  }

  private static BigInteger unscaled(DataField field, AtomicType type, BigDecimal value) {
    BigDecimal scaled;
    try {
      scaled = value.setScale(type.scale(), RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw ValueErrors.decimalDoesNotFit(value, field.name(), type, e);
    }
    if (scaled.precision() > type.precision()) {
      throw ValueErrors.decimalDoesNotFit(value, field.name(), type, null);
    }
    return scaled.unscaledValue();
  }

  private static Object read(byte[] buf, DataField field, int pos, int arity) {
    if (isNull(buf, pos)) {
      return null;
    }
    int slot = slotOffset(arity, pos);
    DataType type = field.type();
    return switch (type.root()) {
      case BOOLEAN -> buf[slot] != 0;
      case TINYINT -> buf[slot];
      case SMALLINT -> (short) ((buf[slot] & 0xff) | (buf[slot + 1] << 8));
      case INT, DATE, TIME -> RowBytes.getInt(buf, slot);
      case BIGINT -> RowBytes.getLong(buf, slot);
      case FLOAT -> Float.intBitsToFloat(RowBytes.getInt(buf, slot));
      case DOUBLE -> Double.longBitsToDouble(RowBytes.getLong(buf, slot));
      case CHAR, VARCHAR -> {
        int mark = buf[slot + 7] & 0xff;
        if ((mark & 0x80) != 0) {
          yield new String(buf, slot, mark & 0x7f, StandardCharsets.UTF_8);
        }
        long ref = RowBytes.getLong(buf, slot);
        yield new String(buf, varStart(ref), (int) ref, StandardCharsets.UTF_8);
      }
      case BINARY, VARBINARY -> {
        int mark = buf[slot + 7] & 0xff;
        if ((mark & 0x80) != 0) {
          byte[] b = new byte[mark & 0x7f];
          System.arraycopy(buf, slot, b, 0, b.length);
          yield b;
        }
        long ref = RowBytes.getLong(buf, slot);
        byte[] b = new byte[(int) ref];
        System.arraycopy(buf, varStart(ref), b, 0, b.length);
        yield b;
      }
      case DECIMAL -> {
        AtomicType t = (AtomicType) type;
        if (t.precision() <= MAX_COMPACT_PRECISION) {
          yield BigDecimal.valueOf(RowBytes.getLong(buf, slot), t.scale());
        }
        long ref = RowBytes.getLong(buf, slot);
        yield new BigDecimal(new BigInteger(buf, varStart(ref), (int) ref), t.scale());
      }
      case TIMESTAMP, TIMESTAMP_LTZ -> {
        if (((AtomicType) type).precision() <= MAX_COMPACT_TIMESTAMP_PRECISION) {
          yield Timestamp.fromMillis(RowBytes.getLong(buf, slot));
        }
        long ref = RowBytes.getLong(buf, slot);
        yield new Timestamp(RowBytes.getLong(buf, varStart(ref)), (int) ref);
      }
      default -> throw unsupported(field);
    };
  }

  private static boolean isNull(byte[] buf, int pos) {
    return (buf[ARITY_PREFIX + ((pos + 8) >>> 3)] & (1 << ((pos + 8) & 7))) != 0;
  }

  private static int varStart(long ref) {
    return ARITY_PREFIX + (int) (ref >>> 32);
  }

  private static UnsupportedOperationException unsupported(DataField field) {
    return ValueErrors.nestedBinaryRowValue(field.type(), field.name());
  }

  private static String castString(DataField field, Object value) {
    if (value instanceof String s) {
      return s;
    }
    throw wrongType(field, value);
  }

  private static byte[] castBytes(DataField field, Object value) {
    if (value instanceof byte[] b) {
      return b;
    }
    throw wrongType(field, value);
  }

  private static IllegalArgumentException wrongType(DataField field, Object value) {
    return ValueErrors.wrongValueType(field.name(), field.type(), value, null);
  }
}
