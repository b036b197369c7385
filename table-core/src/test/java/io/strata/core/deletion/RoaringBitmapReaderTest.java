package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * Decodes each container kind of the portable RoaringBitmap format, built byte by byte from the
 * format's description (golden index files cover what Paimon writes).
 */
class RoaringBitmapReaderTest {

  @Test
  void arrayContainersAcrossKeys() {
    // cookie 12346, 2 containers; key 0 {3, 9}, key 2 {(2 << 16) | 1}; offsets; values
    Bytes b = new Bytes().i32(12346).i32(2).u16(0).u16(1).u16(2).u16(0).i32(0).i32(0);
    b.u16(3).u16(9).u16(1);
    assertThat(ones(RoaringBitmapReader.read(b.buffer()))).containsExactly(3, 9, (2 << 16) | 1);
  }

  @Test
  void bitmapContainerAboveFourThousandValues() {
    Bytes b = new Bytes().i32(12346).i32(1).u16(1).u16(4999).i32(0);
    long[] words = new long[1024];
    for (int v = 0; v < 5000; v++) {
      words[v / 64] |= 1L << (v % 64);
    }
    for (long w : words) {
      b.i64(w);
    }
    BitSet bits = RoaringBitmapReader.read(b.buffer());
    assertThat(bits.cardinality()).isEqualTo(5000);
    assertThat(bits.nextSetBit(0)).isEqualTo(1 << 16);
    assertThat(bits.previousSetBit(Integer.MAX_VALUE)).isEqualTo((1 << 16) + 4999);
  }

  @Test
  void runContainersWithAndWithoutOffsets() {
    // cookie 12347 with 1 container (size - 1 = 0 in the high bits), run flags 0b1, no offsets
    Bytes one = new Bytes().i32(12347).u8(1).u16(0).u16(14).u16(2).u16(10).u16(4).u16(100).u16(9);
    assertThat(ones(RoaringBitmapReader.read(one.buffer())))
        .containsExactly(10, 11, 12, 13, 14, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109);

    // 4 containers: offsets follow the headers; containers 0 and 3 are runs, 1 and 2 arrays
    Bytes four = new Bytes().i32(12347 | (3 << 16)).u8(0b1001);
    four.u16(0).u16(1).u16(1).u16(0).u16(2).u16(0).u16(3).u16(1);
    four.i32(0).i32(0).i32(0).i32(0);
    four.u16(1).u16(5).u16(1); // run 5..6
    four.u16(7); // array {7}
    four.u16(8); // array {8}
    four.u16(1).u16(0).u16(1); // run 0..1
    assertThat(ones(RoaringBitmapReader.read(four.buffer())))
        .containsExactly(5, 6, (1 << 16) | 7, (2 << 16) | 8, 3 << 16, (3 << 16) | 1);
  }

  @Test
  void refusesWhatIsNotARoaringBitmap() {
    assertThatThrownBy(() -> RoaringBitmapReader.read(new Bytes().i32(42).i32(0).buffer()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("not a portable RoaringBitmap (cookie 42)");
  }

  private static int[] ones(BitSet bits) {
    return bits.stream().toArray();
  }

  /** Little-endian bytes, as the portable format writes them. */
  private static final class Bytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Bytes u8(int v) {
      out.write(v);
      return this;
    }

    Bytes u16(int v) {
      return put(ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) v));
    }

    Bytes i32(int v) {
      return put(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v));
    }

    Bytes i64(long v) {
      return put(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v));
    }

    private Bytes put(ByteBuffer b) {
      out.write(b.array(), 0, b.capacity());
      return this;
    }

    ByteBuffer buffer() {
      return ByteBuffer.wrap(out.toByteArray());
    }
  }
}
