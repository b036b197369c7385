package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sorted positions serialize exactly as the same bits do, and read back as them. */
class RoaringBitmapWriterTest {

  @Test
  void sortedPositionsSerializeAsTheirBitSet() {
    Random random = new Random(7);
    for (int round = 0; round < 30; round++) {
      BitSet bits = new BitSet();
      // Sparse containers, a dense one (more than 4096 values) and values far apart.
      int dense = round % 3 == 0 ? 6000 : 0;
      for (int i = 0; i < dense; i++) {
        bits.set(70_000 + random.nextInt(60_000));
      }
      for (int i = 0; i < random.nextInt(500); i++) {
        bits.set(random.nextInt(5_000_000));
      }
      int[] sorted = bits.stream().toArray();
      int[] padded = java.util.Arrays.copyOf(sorted, sorted.length + 3);
      byte[] fromPositions = RoaringBitmapWriter.write(padded, sorted.length);
      assertThat(fromPositions).isEqualTo(RoaringBitmapWriter.write(bits));
      assertThat(
              RoaringBitmapReader.read(
                  ByteBuffer.wrap(fromPositions).order(ByteOrder.LITTLE_ENDIAN)))
          .isEqualTo(bits);
    }
    assertThat(RoaringBitmapWriter.write(new int[0], 0))
        .isEqualTo(RoaringBitmapWriter.write(new BitSet()));
  }
}
