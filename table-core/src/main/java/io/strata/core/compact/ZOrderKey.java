package io.strata.core.compact;

import io.strata.core.types.DataField;
import java.io.Serializable;
import java.util.List;

/**
 * The z-value of a row over the order columns of a zorder sort compaction: each column's value
 * becomes its {@link OrderedBytes} and the key interleaves their bits, most significant first, one
 * bit of each column in turn (a narrower column drops out once its bits are used). Sorting by the
 * key (unsigned, lexicographic) walks a z-shaped curve, so rows close in every column land close
 * together and files cover small ranges of each column instead of one.
 *
 * <p>Worked example with two columns of 1-byte encodings a = {@code 1010_0000} and b = {@code
 * 0110_0000}: the key takes a7 b7 a6 b6 ... = {@code 1001 1100 0000 0000}.
 */
public final class ZOrderKey implements Serializable {

  private static final long serialVersionUID = 1L;

  private final List<DataField> columns;
  private final int[] widths;
  private final int keyBytes;

  /**
   * @param varLengthBytes the bytes a string or binary contributes ({@code
   *     zorder.var-length-contribution})
   */
  public ZOrderKey(List<DataField> columns, int varLengthBytes) {
    this.columns = List.copyOf(columns);
    this.widths = new int[columns.size()];
    int total = 0;
    for (int i = 0; i < widths.length; i++) {
      widths[i] = OrderedBytes.width(columns.get(i).type(), varLengthBytes);
      total += widths[i];
    }
    this.keyBytes = total;
  }

  /** The key of one row's order-column values, in the order of the columns. */
  public byte[] of(Object[] values) {
    byte[][] encoded = new byte[widths.length][];
    int maxBits = 0;
    for (int i = 0; i < widths.length; i++) {
      encoded[i] = OrderedBytes.encode(columns.get(i).type(), values[i], widths[i]);
      maxBits = Math.max(maxBits, widths[i] * 8);
    }
    byte[] key = new byte[keyBytes];
    int out = 0;
    for (int bit = 0; bit < maxBits; bit++) {
      for (int i = 0; i < encoded.length; i++) {
        if (bit < widths[i] * 8) {
          if ((encoded[i][bit >>> 3] & (0x80 >>> (bit & 7))) != 0) {
            key[out >>> 3] |= (byte) (0x80 >>> (out & 7));
          }
          out++;
        }
      }
    }
    return key;
  }
}
