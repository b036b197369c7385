package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * The portable RoaringBitmap serialization of deleted positions, byte for byte as the RoaringBitmap
 * library (which Paimon uses) writes it without run containers, and back.
 */
class DeletionBitmapTest {

  @Test
  void serializesTwoPositionsAsPaimonsGoldenVector() {
    // The bitmap inside golden pk_deletion_vectors' first index file, after the magic number.
    assertThat(HexFormat.of().formatHex(DeletionBitmap.of(5, 50).serialize()))
        .isEqualTo("3a300000" + "01000000" + "00000100" + "10000000" + "0500" + "3200");
  }

  @Test
  void emptyBitmap() {
    assertRoundTripEqualsLibrary(new DeletionBitmap());
    assertThat(new DeletionBitmap().serialize()).hasSize(8);
  }

  @Test
  void arrayContainerUpTo4096ValuesBitmapContainerFrom4097() {
    DeletionBitmap array =
        DeletionBitmap.of(LongStream.range(0, 8192).filter(v -> v % 2 == 0).toArray());
    assertThat(array.cardinality()).isEqualTo(4096);
    assertThat(array.serialize()).hasSize(8 + 8 + 2 * 4096);
    assertRoundTripEqualsLibrary(array);

    DeletionBitmap bitmap = DeletionBitmap.of(LongStream.range(0, 4097).toArray());
    assertThat(bitmap.serialize()).hasSize(8 + 8 + 8192);
    assertRoundTripEqualsLibrary(bitmap);
  }

  @Test
  void positionsAcrossManyContainers() {
    assertRoundTripEqualsLibrary(
        DeletionBitmap.of(0, 65535, 65536, 65537, 3L << 16, 1_000_000_000));
    assertRoundTripEqualsLibrary(DeletionBitmap.of(DeletionBitmap.MAX_POSITION - 1));
  }

  @Test
  void largeRandomBitmapMixesContainerKinds() {
    Random random = new Random(42);
    DeletionBitmap bitmap = new DeletionBitmap();
    for (int i = 0; i < 200_000; i++) {
      bitmap.add(random.nextInt(3_000_000)); // dense: bitmap containers
    }
    for (int i = 0; i < 5_000; i++) {
      bitmap.add(100_000_000 + random.nextInt(50_000_000)); // sparse: array containers
    }
    assertRoundTripEqualsLibrary(bitmap);
  }

  @Test
  void unionKeepsEveryPosition() {
    DeletionBitmap a = DeletionBitmap.of(1, 70_000);
    a.addAll(DeletionBitmap.of(2, 70_000, 200_000));
    assertThat(a.toArray()).containsExactly(1, 2, 70_000, 200_000);
    a.addAll(DeletionBitmap.of(9).toVector());
    assertThat(a.toArray()).containsExactly(1, 2, 9, 70_000, 200_000);
    assertThat(DeletionBitmap.copyOf(a.toVector())).isEqualTo(a);
    assertThat(a.toVector().isDeleted(70_000)).isTrue();
    assertThat(a.contains(3)).isFalse();
  }

  @Test
  void refusesPositionsA32BitVectorCannotHold() {
    assertThatThrownBy(() -> new DeletionBitmap().add(DeletionBitmap.MAX_POSITION))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot mark row position 2147483647 deleted: a 32-bit deletion vector holds"
                + " positions 0 to 2147483646; split the data file into smaller files.");
    assertThatThrownBy(() -> new DeletionBitmap().add(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot mark row position -1 deleted");
  }

  private static void assertRoundTripEqualsLibrary(DeletionBitmap bitmap) {
    byte[] ours = bitmap.serialize();
    RoaringBitmap library = new RoaringBitmap();
    for (long p : bitmap.toArray()) {
      library.add((int) p);
    }
    assertThat(ours).isEqualTo(librarySerialization(library));
    assertThat(DeletionBitmap.deserialize(ours)).isEqualTo(bitmap);

    RoaringBitmap back = new RoaringBitmap();
    try {
      back.deserialize(ByteBuffer.wrap(ours));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    assertThat(back).isEqualTo(library);
  }

  private static byte[] librarySerialization(RoaringBitmap bitmap) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      bitmap.serialize(out);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return bytes.toByteArray();
  }
}
