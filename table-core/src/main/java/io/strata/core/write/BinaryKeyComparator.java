package io.strata.core.write;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.RowType;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Compares the keys of two serialized file rows (whose first fields are the key) in place, in the
 * order of {@link ValueComparator}: numbers and timestamps from their bytes, strings and byte
 * strings as unsigned bytes (UTF-8 byte order is code point order); decimals and nested values are
 * read whole and compared by value. Not thread-safe: it reuses its two read positions.
 */
final class BinaryKeyComparator {

  private final RowType keyType;
  private final RowSerializer.FieldCodec[] codecs;
  private final Comparator<Object>[] decoded;
  private final ByteInput left = new ByteInput();
  private final ByteInput right = new ByteInput();

  /** Whether each key field starts with a presence byte (false: keys are never null). */
  private final boolean presenceBytes;

  BinaryKeyComparator(RowType keyType) {
    this(keyType, true);
  }

  @SuppressWarnings("unchecked")
  BinaryKeyComparator(RowType keyType, boolean presenceBytes) {
    this.keyType = keyType;
    this.presenceBytes = presenceBytes;
    int n = keyType.size();
    this.codecs = new RowSerializer.FieldCodec[n];
    this.decoded = new Comparator[n];
    for (int i = 0; i < n; i++) {
      codecs[i] = RowSerializer.codec(keyType.typeAt(i));
      decoded[i] = ValueComparator.of(keyType.typeAt(i));
    }
  }

  /** Compares the keys of the records starting at {@code a[aOffset]} and {@code b[bOffset]}. */
  int compare(byte[] a, int aOffset, byte[] b, int bOffset) {
    left.at(a, aOffset);
    right.at(b, bOffset);
    for (int i = 0; i < codecs.length; i++) {
      if (!presenceBytes) {
        int c = compareField(i);
        if (c != 0) {
          return c;
        }
        continue;
      }
      boolean leftPresent = left.readByte() != 0;
      boolean rightPresent = right.readByte() != 0;
      if (!leftPresent || !rightPresent) {
        if (leftPresent != rightPresent) {
          return leftPresent ? 1 : -1; // nulls first
        }
        continue;
      }
      int c = compareField(i);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Compares field {@code i} at both positions and moves both past it. */
  private int compareField(int i) {
    return switch (keyType.typeAt(i).root()) {
      case BOOLEAN, TINYINT -> Byte.compare(left.readByte(), right.readByte());
      case SMALLINT -> Short.compare(left.readShort(), right.readShort());
      case INT, DATE, TIME -> Integer.compare(left.readInt(), right.readInt());
      case BIGINT -> Long.compare(left.readLong(), right.readLong());
      case FLOAT ->
          Float.compare(
              Float.intBitsToFloat(left.readInt()), Float.intBitsToFloat(right.readInt()));
      case DOUBLE ->
          Double.compare(
              Double.longBitsToDouble(left.readLong()), Double.longBitsToDouble(right.readLong()));
      case TIMESTAMP, TIMESTAMP_LTZ -> {
        int c = Long.compare(left.readLong(), right.readLong());
        int nanos = Integer.compare(left.readInt(), right.readInt());
        yield c != 0 ? c : nanos;
      }
      case CHAR, VARCHAR, BINARY, VARBINARY -> compareByteStrings();
      default -> decoded[i].compare(codecs[i].read(left), codecs[i].read(right));
    };
  }

  private int compareByteStrings() {
    int leftLength = left.readLength();
    int rightLength = right.readLength();
    int c =
        Arrays.compareUnsigned(
            left.buf,
            left.pos,
            left.pos + leftLength,
            right.buf,
            right.pos,
            right.pos + rightLength);
    left.pos += leftLength;
    right.pos += rightLength;
    return c;
  }
}
