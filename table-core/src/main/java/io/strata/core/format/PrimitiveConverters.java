package io.strata.core.format;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.AtomicType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.function.Function;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** Converters from Parquet primitive columns to canonical values of an atomic read type. */
final class PrimitiveConverters {

  private PrimitiveConverters() {}

  static Converter create(String column, PrimitiveType parquet, AtomicType type, ValueSink sink) {
    PrimitiveTypeName physical = parquet.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = parquet.getLogicalTypeAnnotation();
    if (!compatible(physical, type)) {
      throw ValueErrors.storedAs(column, parquet, type);
    }
    return switch (type.root()) {
      case BOOLEAN -> new Simple(sink);
      case TINYINT -> new IntConverter(sink, v -> (byte) v);
      case SMALLINT -> new IntConverter(sink, v -> (short) v);
      case INT, DATE -> new IntConverter(sink, v -> v);
      case TIME ->
          logical instanceof TimeLogicalTypeAnnotation t && t.getUnit() != TimeUnit.MILLIS
              ? new LongConverter(
                  sink, v -> (int) (t.getUnit() == TimeUnit.MICROS ? v / 1000 : v / 1_000_000))
              : new IntConverter(sink, v -> v);
      case BIGINT -> new LongConverter(sink, v -> v);
      case FLOAT -> new Simple(sink);
      case DOUBLE -> new DoubleConverter(sink);
      case DECIMAL -> decimal(parquet, type, sink);
      case CHAR, VARCHAR -> new BinaryConverter(sink, Binary::toStringUsingUTF8, false);
      case BINARY, VARBINARY -> new BinaryConverter(sink, PrimitiveConverters::copyBytes, true);
      case TIMESTAMP, TIMESTAMP_LTZ -> timestamp(physical, logical, type, sink);
      default -> throw ValueErrors.notAtomicColumn(column);
    };
  }

  /**
   * A string column read as the file's UTF-8 bytes (a Parquet {@link Binary}, never a reused one)
   * instead of a {@code String}; null when the column is not stored as BINARY, so the caller reads
   * it as usual. Only for values nothing inspects before they are written again.
   */
  static Converter encodedString(PrimitiveType parquet, ValueSink sink) {
    if (parquet.getPrimitiveTypeName() != PrimitiveTypeName.BINARY) {
      return null;
    }
    return new BinaryConverter(sink, b -> b.isBackingBytesReused() ? b.copy() : b, false);
  }

  /** Whether a physical column type can be read as the atomic type (with widening). */
  private static boolean compatible(PrimitiveTypeName physical, AtomicType type) {
    return switch (type.root()) {
      case BOOLEAN -> physical == PrimitiveTypeName.BOOLEAN;
      case TINYINT, SMALLINT, INT, DATE -> physical == PrimitiveTypeName.INT32;
      case TIME, BIGINT ->
          physical == PrimitiveTypeName.INT32 || physical == PrimitiveTypeName.INT64;
      case FLOAT -> physical == PrimitiveTypeName.FLOAT;
      case DOUBLE -> physical == PrimitiveTypeName.FLOAT || physical == PrimitiveTypeName.DOUBLE;
      case DECIMAL ->
          physical != PrimitiveTypeName.BOOLEAN
              && physical != PrimitiveTypeName.INT96
              && physical != PrimitiveTypeName.FLOAT
              && physical != PrimitiveTypeName.DOUBLE;
      case CHAR, VARCHAR, BINARY, VARBINARY ->
          physical == PrimitiveTypeName.BINARY
              || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
      case TIMESTAMP, TIMESTAMP_LTZ ->
          physical == PrimitiveTypeName.INT64 || physical == PrimitiveTypeName.INT96;
      default -> false;
    };
  }

  private static Converter decimal(PrimitiveType parquet, AtomicType type, ValueSink sink) {
    int fileScale =
        parquet.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation d
            ? d.getScale()
            : type.scale();
    int readScale = type.scale();
    Function<BigDecimal, BigDecimal> rescale =
        fileScale == readScale ? d -> d : d -> d.setScale(readScale, RoundingMode.HALF_UP);
    return switch (parquet.getPrimitiveTypeName()) {
      case INT32 -> new IntConverter(sink, v -> rescale.apply(BigDecimal.valueOf(v, fileScale)));
      case INT64 -> new LongConverter(sink, v -> rescale.apply(BigDecimal.valueOf(v, fileScale)));
      default ->
          new BinaryConverter(
              sink,
              b -> rescale.apply(new BigDecimal(new BigInteger(b.getBytesUnsafe()), fileScale)),
              false);
    };
  }

  private static Converter timestamp(
      PrimitiveTypeName physical, LogicalTypeAnnotation logical, AtomicType type, ValueSink sink) {
    if (physical == PrimitiveTypeName.INT96) {
      return new BinaryConverter(sink, Int96Timestamps::decode, false);
    }
    TimeUnit unit =
        logical instanceof TimestampLogicalTypeAnnotation t
            ? t.getUnit()
            : (type.precision() <= 3 ? TimeUnit.MILLIS : TimeUnit.MICROS);
    return switch (unit) {
      case MILLIS -> new LongConverter(sink, Timestamp::fromMillis);
      case MICROS -> new LongConverter(sink, Timestamp::fromMicros);
      case NANOS ->
          new LongConverter(
              sink,
              v -> new Timestamp(Math.floorDiv(v, 1_000_000L), (int) Math.floorMod(v, 1_000_000L)));
    };
  }

  /** A fresh copy of the bytes of a binary value. */
  private static byte[] copyBytes(Binary value) {
    byte[] bytes = new byte[value.length()];
    value.toByteBuffer().get(bytes);
    return bytes;
  }

  /** Maps an int column value to a canonical value. */
  @FunctionalInterface
  interface IntMapper {
    Object map(int value);
  }

  /** Maps a long column value to a canonical value. */
  @FunctionalInterface
  interface LongMapper {
    Object map(long value);
  }

  /** Booleans and floats, kept as they are. */
  private static final class Simple extends PrimitiveConverter {
    private final ValueSink sink;

    Simple(ValueSink sink) {
      this.sink = sink;
    }

    @Override
    public void addBoolean(boolean value) {
      sink.set(value);
    }

    @Override
    public void addFloat(float value) {
      sink.set(value);
    }
  }

  /** Doubles; a float column widens to DOUBLE. */
  private static final class DoubleConverter extends PrimitiveConverter {
    private final ValueSink sink;

    DoubleConverter(ValueSink sink) {
      this.sink = sink;
    }

    @Override
    public void addFloat(float value) {
      sink.set((double) value);
    }

    @Override
    public void addDouble(double value) {
      sink.set(value);
    }
  }

  private static final class IntConverter extends PrimitiveConverter {
    private final ValueSink sink;
    private final IntMapper mapper;

    IntConverter(ValueSink sink, IntMapper mapper) {
      this.sink = sink;
      this.mapper = mapper;
    }

    @Override
    public void addInt(int value) {
      sink.set(mapper.map(value));
    }
  }

  private static final class LongConverter extends PrimitiveConverter {
    private final ValueSink sink;
    private final LongMapper mapper;

    LongConverter(ValueSink sink, LongMapper mapper) {
      this.sink = sink;
      this.mapper = mapper;
    }

    @Override
    public void addLong(long value) {
      sink.set(mapper.map(value));
    }

    @Override
    public void addInt(int value) {
      sink.set(mapper.map(value));
    }
  }

  /** Binary columns, decoding each dictionary entry once; mutable byte[] values are copied. */
  private static final class BinaryConverter extends PrimitiveConverter {
    private final ValueSink sink;
    private final Function<Binary, Object> decoder;
    private final boolean mutable;
    private Object[] dictionary;

    BinaryConverter(ValueSink sink, Function<Binary, Object> decoder, boolean mutable) {
      this.sink = sink;
      this.decoder = decoder;
      this.mutable = mutable;
    }

    @Override
    public boolean hasDictionarySupport() {
      return true;
    }

    @Override
    public void setDictionary(Dictionary dict) {
      dictionary = new Object[dict.getMaxId() + 1];
      for (int i = 0; i < dictionary.length; i++) {
        dictionary[i] = decoder.apply(dict.decodeToBinary(i));
      }
    }

    @Override
    public void addValueFromDictionary(int dictionaryId) {
      Object v = dictionary[dictionaryId];
      sink.set(mutable ? ((byte[]) v).clone() : v);
    }

    @Override
    public void addBinary(Binary value) {
      sink.set(decoder.apply(value));
    }
  }
}
