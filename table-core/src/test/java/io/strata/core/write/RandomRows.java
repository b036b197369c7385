package io.strata.core.write;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Random canonical values of every Strata type, with few distinct values so that keys repeat. */
final class RandomRows {

  /** Strings sharing prefixes longer than the 8-byte sort prefix, and non-ASCII ones. */
  static final String[] WORDS = {
    "", "a", "a\0", "ab", "abcdefgh", "abcdefghi", "abcdefgh\uD83D\uDE00", "é", "\uD83D\uDE00", "z"
  };

  /** One atomic type of each root, and nested types holding them. */
  static final List<DataType> ATOMIC_TYPES =
      List.of(
          DataTypes.BOOLEAN(),
          DataTypes.TINYINT(),
          DataTypes.SMALLINT(),
          DataTypes.INT(),
          DataTypes.BIGINT(),
          DataTypes.FLOAT(),
          DataTypes.DOUBLE(),
          DataTypes.DECIMAL(10, 2),
          DataTypes.DECIMAL(30, 5),
          DataTypes.CHAR(3),
          DataTypes.STRING(),
          DataTypes.BINARY(2),
          DataTypes.BYTES(),
          DataTypes.DATE(),
          DataTypes.TIME(3),
          DataTypes.TIMESTAMP(6),
          DataTypes.TIMESTAMP_LTZ(9));

  static List<DataType> allTypes() {
    List<DataType> types = new ArrayList<>(ATOMIC_TYPES);
    types.add(DataTypes.ARRAY(DataTypes.STRING()));
    types.add(DataTypes.MAP(DataTypes.INT(), DataTypes.ARRAY(DataTypes.BIGINT())));
    types.add(
        DataTypes.ROW(
            List.of(
                new DataField(100, "x", DataTypes.INT()),
                new DataField(
                    101,
                    "y",
                    DataTypes.ARRAY(
                        DataTypes.ROW(
                            List.of(new DataField(102, "z", DataTypes.DECIMAL(5, 1)))))))));
    return types;
  }

  /** A row type of one field per type of {@code types}, named f0, f1, ... */
  static RowType rowOf(List<DataType> types) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      fields.add(new DataField(i, "f" + i, types.get(i)));
    }
    return new RowType(fields);
  }

  /**
   * A value with arrays and byte strings turned into lists, so that {@code equals} compares nested
   * rows by content.
   */
  static Object deep(Object v) {
    if (v instanceof Object[] row) {
      List<Object> list = new ArrayList<>();
      for (Object e : row) {
        list.add(deep(e));
      }
      return list;
    }
    if (v instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    if (v instanceof List<?> l) {
      return l.stream().map(RandomRows::deep).toList();
    }
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      m.forEach((k, x) -> copy.put(deep(k), deep(x)));
      return copy;
    }
    return v;
  }

  static List<Object> deepRows(List<Object[]> rows) {
    return rows.stream().map(RandomRows::deep).toList();
  }

  private final Random random;

  RandomRows(long seed) {
    this.random = new Random(seed);
  }

  Object[] row(RowType type, double nullChance) {
    Object[] row = new Object[type.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = random.nextDouble() < nullChance ? null : value(type.typeAt(i));
    }
    return row;
  }

  Object value(DataType type) {
    int small = random.nextInt(7) - 3;
    return switch (type.root()) {
      case BOOLEAN -> random.nextBoolean();
      case TINYINT -> (byte) (random.nextBoolean() ? small : random.nextInt());
      case SMALLINT -> (short) (random.nextBoolean() ? small : random.nextInt());
      case INT, DATE -> random.nextBoolean() ? small : random.nextInt();
      case TIME -> random.nextInt(86_400_000);
      case BIGINT -> random.nextBoolean() ? (long) small : random.nextLong();
      case FLOAT -> random.nextBoolean() ? (float) small : random.nextFloat() * 1e6f - 5e5f;
      case DOUBLE -> random.nextBoolean() ? (double) small : random.nextGaussian() * 1e9;
      case DECIMAL -> {
        AtomicType t = (AtomicType) type;
        BigInteger unscaled = new BigInteger(t.precision() * 3, random);
        yield new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), t.scale())
            .remainder(BigDecimal.TEN.pow(t.precision() - t.scale()));
      }
      case CHAR, VARCHAR -> WORDS[random.nextInt(WORDS.length)] + WORDS[random.nextInt(3)];
      case BINARY, VARBINARY -> {
        byte[] b = new byte[random.nextInt(3)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) (random.nextInt(3) - 1); // 0xFF sorts after 0x01, unsigned
        }
        yield b;
      }
      case TIMESTAMP, TIMESTAMP_LTZ ->
          new Timestamp(random.nextInt(5) - 2, random.nextInt(3) * 1000);
      case ARRAY -> {
        List<Object> list = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
          list.add(random.nextInt(5) == 0 ? null : value(((ArrayType) type).element()));
        }
        yield list;
      }
      case MAP -> {
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = random.nextInt(3); i > 0; i--) {
          MapType m = (MapType) type;
          map.put(value(m.key()), random.nextInt(5) == 0 ? null : value(m.value()));
        }
        yield map;
      }
      case ROW -> row((RowType) type, 0.2);
    };
  }
}
