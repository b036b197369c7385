package io.strata.core.fileindex;

import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.Timestamp;
import java.nio.charset.StandardCharsets;
import org.apache.parquet.io.api.Binary;

/**
 * The 64-bit hash Paimon's bloom-filter file index takes of a value of each type: xxHash64 of the
 * UTF-8 or binary bytes, and Thomas Wang's 64-bit mix of every integral, floating point (its bits),
 * date, time and timestamp (milliseconds up to precision 3, else microseconds) value.
 */
final class FileIndexHash {

  private FileIndexHash() {}

  /** Whether Paimon builds bloom filters of this type. */
  static boolean supports(DataType type) {
    return switch (type.root()) {
      case CHAR,
          VARCHAR,
          BINARY,
          VARBINARY,
          TINYINT,
          SMALLINT,
          INT,
          BIGINT,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMP_LTZ ->
          true;
      default -> false;
    };
  }

  /** The hash of a non-null value of {@code type}, which {@link #supports} it. */
  static long hash(DataType type, Object value) {
    return switch (type.root()) {
      case CHAR, VARCHAR -> XxHash64.hash(utf8(value));
      case BINARY, VARBINARY -> XxHash64.hash((byte[]) value);
      case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> mix(((Number) value).longValue());
      case FLOAT -> mix(Float.floatToIntBits((Float) value));
      case DOUBLE -> mix(Double.doubleToLongBits((Double) value));
      case TIMESTAMP, TIMESTAMP_LTZ -> mix(timestampKey(type, (Timestamp) value));
      // supports() is asked first; other types have no bloom filter to test.
      default -> 0L;
    };
  }

  /**
   * A string value's UTF-8 bytes. A rewrite or a key-table flush hands strings on as their bytes,
   * never decoded.
   */
  static byte[] utf8(Object value) {
    return value instanceof Binary encoded
        ? encoded.getBytesUnsafe()
        : ((String) value).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * How Paimon's file indexes see a timestamp: its milliseconds up to precision 3, else its
   * microseconds.
   */
  static long timestampKey(DataType type, Timestamp t) {
    return ((AtomicType) type).precision() <= 3
        ? t.millis()
        : t.millis() * 1000 + t.nanoOfMillisecond() / 1000;
  }

  /** Thomas Wang's 64-bit integer hash. */
  static long mix(long key) {
    key = ~key + (key << 21);
    key = key ^ (key >> 24);
    key = (key + (key << 3)) + (key << 8);
    key = key ^ (key >> 14);
    key = (key + (key << 2)) + (key << 4);
    key = key ^ (key >> 28);
    key = key + (key << 31);
    return key;
  }
}
