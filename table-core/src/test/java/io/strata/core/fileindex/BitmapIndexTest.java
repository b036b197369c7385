package io.strata.core.fileindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.Timestamp;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Bitmap indexes of both versions, laid out as Paimon's file-index specification describes, give
 * their values and whether they hold a null. (PaimonInteropTest reads the ones Paimon writes.)
 */
class BitmapIndexTest {

  @Test
  void versionOneListsEveryValueInItsHead() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(1);
    out.writeInt(10); // rows
    out.writeInt(2); // distinct values
    out.writeBoolean(true);
    out.writeInt(0); // the null bitmap's offset
    writeString(out, "apple");
    out.writeInt(12);
    writeString(out, "kiwi");
    out.writeInt(-4); // one row: its position, negated
    BitmapIndex index = BitmapIndex.parse(bytes.toByteArray(), DataTypes.STRING());

    assertThat(index.hasNull()).isTrue();
    assertThat(index.hasNonNull()).isTrue();
    assertThat(index.contains(DataTypes.STRING(), "apple")).isTrue();
    assertThat(index.contains(DataTypes.STRING(), "kiwi")).isTrue();
    assertThat(index.contains(DataTypes.STRING(), "pear")).isFalse();
  }

  @Test
  void versionTwoKeepsItsValuesInBlocksAfterTheHead() throws IOException {
    ByteArrayOutputStream blocks = new ByteArrayOutputStream();
    DataOutputStream block = new DataOutputStream(blocks);
    block.writeInt(2);
    for (long v : new long[] {3, 5}) {
      block.writeLong(v);
      block.writeInt(0);
      block.writeInt(8);
    }
    int second = blocks.size();
    block.writeInt(1);
    block.writeLong(9);
    block.writeInt(-2);
    block.writeInt(0);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(2);
    out.writeInt(7);
    out.writeInt(3);
    out.writeBoolean(false);
    out.writeInt(2); // blocks
    out.writeLong(3);
    out.writeInt(0);
    out.writeLong(9);
    out.writeInt(second);
    out.writeInt(blocks.size()); // where the bitmaps start
    out.write(blocks.toByteArray());
    BitmapIndex index = BitmapIndex.parse(bytes.toByteArray(), DataTypes.BIGINT());

    assertThat(index.hasNull()).isFalse();
    for (long v : new long[] {3, 5, 9}) {
      assertThat(index.contains(DataTypes.BIGINT(), v)).as("%s", v).isTrue();
    }
    assertThat(index.contains(DataTypes.BIGINT(), 4L)).isFalse();
  }

  @Test
  void valuesCompareAsTheColumnsTypeStoresThem() throws IOException {
    assertThat(single(DataTypes.INT(), out -> out.writeInt(7)).contains(DataTypes.INT(), 7))
        .isTrue();
    assertThat(
            single(DataTypes.TINYINT(), out -> out.writeByte(-3))
                .contains(DataTypes.TINYINT(), (byte) -3))
        .isTrue();
    assertThat(
            single(DataTypes.SMALLINT(), out -> out.writeShort(300))
                .contains(DataTypes.SMALLINT(), (short) 300))
        .isTrue();
    assertThat(
            single(DataTypes.BOOLEAN(), out -> out.writeBoolean(true))
                .contains(DataTypes.BOOLEAN(), false))
        .isFalse();
    assertThat(
            single(DataTypes.DOUBLE(), out -> out.writeDouble(0.5))
                .contains(DataTypes.DOUBLE(), 0.5))
        .isTrue();
    DataType micros = DataTypes.TIMESTAMP(6);
    Timestamp t = Timestamp.fromMicros(1_700_000_000_123_456L);
    assertThat(single(micros, out -> out.writeLong(1_700_000_000_123_456L)).contains(micros, t))
        .isTrue();
    DataType millis = DataTypes.TIMESTAMP(3);
    assertThat(single(millis, out -> out.writeLong(1_700_000_000_123L)).contains(millis, t))
        .isTrue();
  }

  @Test
  void whatTheBuilderWritesReadsBackInBothVersions() {
    for (int version : new int[] {1, 2}) {
      BitmapIndexBuilder strings = new BitmapIndexBuilder(DataTypes.STRING(), version, 64);
      BitmapIndexBuilder longs = new BitmapIndexBuilder(DataTypes.BIGINT(), version, 64);
      for (int row = 0; row < 500; row++) {
        strings.add(row % 7 == 0 ? null : "v" + (row % 50));
        longs.add((long) (row % 60) * 1000);
      }
      BitmapIndex s = BitmapIndex.parse(strings.body(), DataTypes.STRING());
      BitmapIndex l = BitmapIndex.parse(longs.body(), DataTypes.BIGINT());
      assertThat(s.hasNull()).isTrue();
      assertThat(l.hasNull()).isFalse();
      for (int v = 0; v < 50; v++) {
        assertThat(s.contains(DataTypes.STRING(), "v" + v)).as("v%s", v).isTrue();
      }
      for (long v = 0; v < 60; v++) {
        assertThat(l.contains(DataTypes.BIGINT(), v * 1000)).isTrue();
        assertThat(l.contains(DataTypes.BIGINT(), v * 1000 + 1)).isFalse();
      }
      assertThat(s.contains(DataTypes.STRING(), "v50")).isFalse();
    }
    BitmapIndexBuilder nulls = new BitmapIndexBuilder(DataTypes.INT(), 2, 16 * 1024);
    nulls.add(null);
    BitmapIndex onlyNulls = BitmapIndex.parse(nulls.body(), DataTypes.INT());
    assertThat(onlyNulls.hasNull()).isTrue();
    assertThat(onlyNulls.hasNonNull()).isFalse();
  }

  @Test
  void aHeadThatCountsOtherValuesThanItHoldsIsRefused() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(1);
    out.writeInt(1);
    out.writeInt(2);
    out.writeBoolean(false);
    out.writeInt(5);
    out.writeInt(-1);
    assertThatThrownBy(() -> BitmapIndex.parse(bytes.toByteArray(), DataTypes.INT()))
        .hasMessageStartingWith(
            "Cannot read a Paimon file index: its bitmap index is shorter than its head says.");
    byte[] future = bytes.toByteArray();
    future[0] = 3;
    assertThatThrownBy(() -> BitmapIndex.parse(future, DataTypes.INT()))
        .hasMessageStartingWith(
            "Cannot read a Paimon file index: its bitmap index has version 3, and Strata reads"
                + " versions 1 and 2.");
  }

  private interface ValueWriter {
    void write(DataOutputStream out) throws IOException;
  }

  private static BitmapIndex single(DataType type, ValueWriter value) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(1);
    out.writeInt(1);
    out.writeInt(1);
    out.writeBoolean(false);
    value.write(out);
    out.writeInt(-1);
    return BitmapIndex.parse(bytes.toByteArray(), type);
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
  }
}
