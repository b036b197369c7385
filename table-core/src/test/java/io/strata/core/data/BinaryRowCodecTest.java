package io.strata.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BinaryRowCodecTest {

  private static final HexFormat HEX = HexFormat.of();

  /** Every atomic type, with both storage forms of DECIMAL and TIMESTAMP. */
  private static final List<DataType> ALL_TYPES =
      List.of(
          DataTypes.BOOLEAN(),
          DataTypes.TINYINT(),
          DataTypes.SMALLINT(),
          DataTypes.INT(),
          DataTypes.BIGINT(),
          DataTypes.FLOAT(),
          DataTypes.DOUBLE(),
          DataTypes.DECIMAL(18, 4),
          DataTypes.DECIMAL(19, 0),
          DataTypes.DECIMAL(38, 10),
          DataTypes.CHAR(5),
          DataTypes.VARCHAR(20),
          DataTypes.STRING(),
          DataTypes.BINARY(3),
          DataTypes.VARBINARY(20),
          DataTypes.BYTES(),
          DataTypes.DATE(),
          DataTypes.TIME(3),
          DataTypes.TIMESTAMP(0),
          DataTypes.TIMESTAMP(3),
          DataTypes.TIMESTAMP(6),
          DataTypes.TIMESTAMP(9),
          DataTypes.TIMESTAMP_LTZ(3),
          DataTypes.TIMESTAMP_LTZ(6));

  private static final Object[] ALL_VALUES = {
    true,
    (byte) -7,
    (short) 300,
    -123456,
    Long.MIN_VALUE + 1,
    -0.5f,
    Math.PI,
    new BigDecimal("-12345678901234.5678"),
    new BigDecimal("9999999999999999999"),
    new BigDecimal("-99999999999999999999999999.9999999999"),
    "ab   ",
    "exactly7",
    "a longer string with an emoji \uD83D\uDE00 and ü",
    new byte[] {1, 2, 3},
    new byte[] {1, 2, 3, 4, 5, 6, 7},
    new byte[] {-1, -2, -3, -4, -5, -6, -7, -8},
    -1,
    45_296_789,
    new Timestamp(-1_000, 0),
    new Timestamp(1_704_164_645_123L, 0),
    new Timestamp(1_704_164_645_123L, 456_000),
    new Timestamp(-1L, 999_999),
    new Timestamp(0, 0),
    new Timestamp(1_704_164_645_123L, 1_000)
  };

  private static RowType rowOf(List<DataType> types) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      fields.add(new DataField(i, "f" + i, types.get(i)));
    }
    return new RowType(fields);
  }

  private static RowType rowOf(DataType... types) {
    return rowOf(Arrays.asList(types));
  }

  private static String hex(BinaryRow row) {
    return HEX.formatHex(row.bytes());
  }

  @Test
  void intFiveAsInFormatMd() {
    BinaryRow row = BinaryRowCodec.serialize(rowOf(DataTypes.INT()), new Object[] {5});
    assertThat(hex(row)).isEqualTo("00000001" + "0000000000000000" + "0500000000000000");
    assertThat(row.arity()).isEqualTo(1);
  }

  @Test
  void shortStringIsInlinedWithLengthMark() {
    BinaryRow row = BinaryRowCodec.serialize(rowOf(DataTypes.STRING()), new Object[] {"abc"});
    assertThat(hex(row)).isEqualTo("00000001" + "0000000000000000" + "6162630000000083");
  }

  @Test
  void sevenBytesAreInlineAndEightGoToTheVariablePart() {
    RowType type = rowOf(DataTypes.STRING(), DataTypes.BYTES());
    BinaryRow row =
        BinaryRowCodec.serialize(
            type, new Object[] {"1234567", new byte[] {1, 2, 3, 4, 5, 6, 7, 8}});
    assertThat(hex(row))
        .isEqualTo(
            "00000002"
                + "0000000000000000"
                + "3132333435363787"
                + "0800000018000000"
                + "0102030405060708");
  }

  @Test
  void roundTripsEveryAtomicType() {
    RowType type = rowOf(ALL_TYPES);
    BinaryRow row = BinaryRowCodec.serialize(type, ALL_VALUES);

    assertThat(BinaryRowCodec.deserialize(type, row)).isEqualTo(ALL_VALUES);
    assertThat(row.bytes().length % 8)
        .as("row size is a multiple of 8 after the prefix")
        .isEqualTo(4);
    for (int i = 0; i < ALL_VALUES.length; i++) {
      assertThat(BinaryRowCodec.getField(type, row, i)).as("field %d", i).isEqualTo(ALL_VALUES[i]);
      assertThat(BinaryRowCodec.isNullAt(row, i)).isFalse();
    }
  }

  @Test
  void canonicalJavaClassesComeBack() {
    RowType type = rowOf(ALL_TYPES);
    Object[] back = BinaryRowCodec.deserialize(type, BinaryRowCodec.serialize(type, ALL_VALUES));
    for (int i = 0; i < back.length; i++) {
      assertThat(back[i]).as("field %d", i).hasSameClassAs(ALL_VALUES[i]);
    }
  }

  @Test
  void stringBytesAreUtf8AsJavaEncodesThem() {
    String s = "emoji \uD83D\uDE00, lone \uD800 surrogate, ü and 中文";
    BinaryRow row = BinaryRowCodec.serialize(rowOf(DataTypes.STRING()), new Object[] {s});
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    byte[] b = row.bytes();
    assertThat(Arrays.copyOfRange(b, 20, 20 + utf8.length)).isEqualTo(utf8);
    assertThat(b[12]).isEqualTo((byte) utf8.length);
  }

  @Test
  void nullsOfEveryTypeMatchPaimonsLayout() {
    for (DataType type : ALL_TYPES) {
      BinaryRow row = BinaryRowCodec.serialize(rowOf(type), new Object[] {null});
      String expected =
          switch (type.toString()) {
            // Large decimals and timestamps keep their reserved bytes, pointed at by the slot.
            case "DECIMAL(19, 0)", "DECIMAL(38, 10)" ->
                "00000001" + "0001000000000000" + "0000000010000000" + "00".repeat(16);
            case "TIMESTAMP(6)", "TIMESTAMP(9)", "TIMESTAMP(6) WITH LOCAL TIME ZONE" ->
                "00000001" + "0001000000000000" + "0000000010000000" + "00".repeat(8);
            default -> "00000001" + "0001000000000000" + "0000000000000000";
          };
      assertThat(hex(row)).as(type.toString()).isEqualTo(expected);
      assertThat(BinaryRowCodec.deserialize(rowOf(type), row)).containsExactly((Object) null);
      assertThat(BinaryRowCodec.isNullAt(row, 0)).isTrue();
    }
  }

  @Test
  void allNullRowOfEveryTypeRoundTrips() {
    RowType type = rowOf(ALL_TYPES);
    Object[] nulls = new Object[ALL_TYPES.size()];
    BinaryRow row = BinaryRowCodec.serialize(type, nulls);
    assertThat(BinaryRowCodec.deserialize(type, row)).isEqualTo(nulls);
    // 2 × 16 reserved decimal bytes + 3 × 8 reserved timestamp bytes
    assertThat(row.bytes().length).isEqualTo(4 + 8 + 8 * ALL_TYPES.size() + 32 + 24);
  }

  @Test
  void mixedNullsKeepOffsetsOfLaterFields() {
    RowType type = rowOf(DataTypes.DECIMAL(38, 2), DataTypes.STRING(), DataTypes.TIMESTAMP(6));
    Object[] values = {null, "longer than seven", new Timestamp(42, 7)};
    BinaryRow row = BinaryRowCodec.serialize(type, values);
    assertThat(BinaryRowCodec.deserialize(type, row)).isEqualTo(values);
    // slot 0 points at 32 (after 8 null bytes and 3 slots); the string follows at 48.
    assertThat(hex(row).substring(8 + 16, 8 + 64))
        .isEqualTo("0000000020000000" + "1100000030000000" + "0700000048000000");
  }

  @Test
  void nullBitsGrowPastFiftySixFields() {
    for (int arity : new int[] {55, 56, 57, 120, 121}) {
      List<DataType> types = new ArrayList<>();
      Object[] values = new Object[arity];
      for (int i = 0; i < arity; i++) {
        types.add(DataTypes.INT());
        values[i] = i % 3 == 0 ? null : i;
      }
      BinaryRow row = BinaryRowCodec.serialize(rowOf(types), values);
      int nullBytes = ((arity + 63 + 8) / 64) * 8;
      assertThat(row.bytes().length).as("arity %d", arity).isEqualTo(4 + nullBytes + 8 * arity);
      assertThat(BinaryRowCodec.deserialize(rowOf(types), row)).isEqualTo(values);
    }
  }

  @Test
  void rowKindIsTheFirstRowByte() {
    RowType type = rowOf(DataTypes.BIGINT());
    BinaryRow insert = BinaryRowCodec.serialize(type, new Object[] {1L});
    BinaryRow delete = BinaryRowCodec.serialize(type, new Object[] {1L}, (byte) 3);
    assertThat(BinaryRowCodec.rowKind(insert)).isEqualTo(BinaryRowCodec.INSERT);
    assertThat(BinaryRowCodec.rowKind(delete)).isEqualTo((byte) 3);
    assertThat(delete.bytes()[4]).isEqualTo((byte) 3);
    assertThat(BinaryRowCodec.deserialize(type, delete)).containsExactly(1L);
  }

  @Test
  void emptyRowIsTheSharedConstant() {
    assertThat(BinaryRowCodec.serialize(new RowType(List.of()), new Object[0]))
        .isEqualTo(BinaryRow.EMPTY);
  }

  @Test
  void decimalWithSmallerScaleIsRescaled() {
    RowType type = rowOf(DataTypes.DECIMAL(10, 2));
    BinaryRow row = BinaryRowCodec.serialize(type, new Object[] {new BigDecimal("99.9")});
    assertThat(BinaryRowCodec.deserialize(type, row)).containsExactly(new BigDecimal("99.90"));
  }

  @Test
  void rejectsDecimalsThatDoNotFit() {
    RowType type = rowOf(DataTypes.DECIMAL(4, 2));
    assertThatThrownBy(
            () -> BinaryRowCodec.serialize(type, new Object[] {new BigDecimal("123.45")}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Value 123.45 of field 'f0' does not fit DECIMAL(4, 2).");
    assertThatThrownBy(() -> BinaryRowCodec.serialize(type, new Object[] {new BigDecimal("1.234")}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Value 1.234 of field 'f0' does not fit DECIMAL(4, 2).");
  }

  @Test
  void rejectsWrongArity() {
    RowType type = rowOf(DataTypes.INT(), DataTypes.INT());
    assertThatThrownBy(() -> BinaryRowCodec.serialize(type, new Object[] {1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Row has 1 values but type ROW<`f0` INT, `f1` INT> has 2 fields.");
    BinaryRow one = BinaryRowCodec.serialize(rowOf(DataTypes.INT()), new Object[] {1});
    assertThatThrownBy(() -> BinaryRowCodec.deserialize(type, one))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("BinaryRow has 1 fields but type ROW<`f0` INT, `f1` INT> has 2.");
  }

  @Test
  void rejectsValuesOfTheWrongClass() {
    assertThatThrownBy(() -> BinaryRowCodec.serialize(rowOf(DataTypes.BIGINT()), new Object[] {1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Field 'f0' of type BIGINT cannot hold a Integer value: 1");
    assertThatThrownBy(() -> BinaryRowCodec.serialize(rowOf(DataTypes.STRING()), new Object[] {1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Field 'f0' of type STRING cannot hold a Integer value: 1");
  }

  @Test
  void nestedTypesAreOnlySupportedAsNull() {
    RowType type =
        rowOf(
            DataTypes.ARRAY(DataTypes.INT()),
            DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT()),
            rowOf(DataTypes.INT()));
    BinaryRow nulls = BinaryRowCodec.serialize(type, new Object[3]);
    assertThat(BinaryRowCodec.deserialize(type, nulls)).containsExactly(null, null, null);

    assertThatThrownBy(() -> BinaryRowCodec.serialize(type, new Object[] {List.of(1), null, null}))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "BinaryRow values of nested type ARRAY<INT> (field 'f0') are not supported; only NULL"
                + " is.");
    assertThatThrownBy(
            () -> BinaryRowCodec.serialize(type, new Object[] {null, Map.of("a", 1L), null}))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("nested type MAP<STRING, BIGINT> (field 'f1')");
  }

  /** Paimon stores a float's raw bits: a NaN with a payload keeps it, and so its hash. */
  @Test
  void nanPayloadsAreStoredAsTheirRawBits() {
    float floatNan = Float.intBitsToFloat(0xffef2d5a);
    double doubleNan = Double.longBitsToDouble(0x7ff66a812a5ab1ebL);
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "f", DataTypes.FLOAT()),
                new DataField(1, "d", DataTypes.DOUBLE())));
    BinaryRow row = BinaryRowCodec.serialize(type, new Object[] {floatNan, doubleNan});
    assertThat(HEX.formatHex(row.bytes()))
        .isEqualTo("00000002" + "0000000000000000" + "5a2defff00000000" + "ebb15a2a816af67f");
    Object[] back = BinaryRowCodec.deserialize(type, row);
    assertThat(Float.floatToRawIntBits((Float) back[0])).isEqualTo(0xffef2d5a);
    assertThat(Double.doubleToRawLongBits((Double) back[1])).isEqualTo(0x7ff66a812a5ab1ebL);
  }
}
