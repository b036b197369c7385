package io.strata.core.format;

import io.strata.core.types.Timestamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.io.api.Binary;

/**
 * The 12-byte INT96 timestamp layout (Impala/Hive): nanos of day as a little-endian long, then the
 * Julian day number as a little-endian int. Paimon uses it for timestamps of precision above 6.
 */
public final class Int96Timestamps {

  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final long NANOS_PER_MILLI = 1_000_000L;

  private Int96Timestamps() {}

  /** Encodes a timestamp as INT96 bytes. */
  public static Binary encode(Timestamp ts) {
    long days = Math.floorDiv(ts.millis(), MILLIS_PER_DAY);
    long millisOfDay = Math.floorMod(ts.millis(), MILLIS_PER_DAY);
    long nanosOfDay = millisOfDay * NANOS_PER_MILLI + ts.nanoOfMillisecond();
    ByteBuffer buf = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    buf.putLong(nanosOfDay).putInt(Math.toIntExact(days + JULIAN_DAY_OF_EPOCH));
    return Binary.fromConstantByteArray(buf.array());
  }

  /** Decodes INT96 bytes into a timestamp. */
  public static Timestamp decode(Binary value) {
    ByteBuffer buf = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buf.getLong(buf.position());
    long julianDay = buf.getInt(buf.position() + 8);
    long millis =
        (julianDay - JULIAN_DAY_OF_EPOCH) * MILLIS_PER_DAY
            + Math.floorDiv(nanosOfDay, NANOS_PER_MILLI);
    return new Timestamp(millis, (int) Math.floorMod(nanosOfDay, NANOS_PER_MILLI));
  }
}
