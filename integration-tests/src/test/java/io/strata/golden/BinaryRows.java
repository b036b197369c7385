package io.strata.golden;

import io.strata.it.PaimonRows;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.paimon.bucket.DefaultBucketFunction;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.SerializationUtils;

/**
 * {@code binary-rows.tsv}: BinaryRows of one value of every atomic type (and a two-field row) as
 * Paimon serializes them into manifests, with Paimon's hash and default bucket.
 */
final class BinaryRows {

  private static final int[] BUCKET_COUNTS = {2, 4, 16, 100};

  /** A type as the TSV names it, Paimon's type(s), and values as the TSV renders them. */
  private record Case(String typeText, List<DataType> types, List<String> values) {}

  private BinaryRows() {}

  /** Boundaries, NULLs, both sides of the 7-byte inline limit for strings and bytes. */
  private static List<Case> cases() {
    return List.of(
        atomic("BOOLEAN", DataTypes.BOOLEAN(), "true", "false", "NULL"),
        atomic("TINYINT", DataTypes.TINYINT(), "0", "-1", "127", "NULL"),
        atomic("SMALLINT", DataTypes.SMALLINT(), "0", "-32768", "1234", "NULL"),
        atomic("INT", DataTypes.INT(), "0", "5", "-1", "2147483647", "NULL"),
        atomic(
            "BIGINT",
            DataTypes.BIGINT(),
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "-1",
            "-9223372036854775808",
            "NULL"),
        atomic("FLOAT", DataTypes.FLOAT(), "0.0", "1.5", "-2.25", "NULL"),
        atomic("DOUBLE", DataTypes.DOUBLE(), "0.0", "1.5", "-2.25", "NULL"),
        atomic("DECIMAL(10, 2)", DataTypes.DECIMAL(10, 2), "99.90", "-0.01", "NULL"),
        atomic(
            "DECIMAL(38, 10)",
            DataTypes.DECIMAL(38, 10),
            "12345678901234567890.0123456789",
            "-1.0000000000",
            "NULL"),
        atomic(
            "STRING",
            DataTypes.STRING(),
            "",
            "abc",
            "1234567",
            "12345678",
            "2026-09-24",
            "ünïcødé",
            "NULL"),
        atomic("BYTES", DataTypes.BYTES(), "0x", "0x010203", "0x010203040506070809", "NULL"),
        atomic("DATE", DataTypes.DATE(), "1970-01-01", "2024-10-04", "1969-12-31", "NULL"),
        atomic(
            "TIMESTAMP(3)",
            DataTypes.TIMESTAMP(3),
            "1970-01-01T00:00",
            "2026-10-04T12:54:14.246",
            "NULL"),
        atomic("TIMESTAMP(6)", DataTypes.TIMESTAMP(6), "2026-10-04T12:54:14.246789", "NULL"),
        atomic(
            "TIMESTAMP(6) WITH LOCAL TIME ZONE",
            DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6),
            "2026-10-04T12:54:14.246789Z",
            "NULL"),
        new Case(
            "ROW<STRING, BIGINT>",
            List.of(DataTypes.STRING(), DataTypes.BIGINT()),
            List.of("2026-09-24|1", "a|NULL", "NULL|7")));
  }

  static void write(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("# One-field BinaryRow per value, as Apache Paimon 1.3.1 serializes it in manifests");
    lines.add(
        "# (4-byte big-endian arity + row bytes), its hashCode, and Paimon's default bucket for N"
            + " buckets.");
    lines.add("type\tvalue\tserialized_hex\thash\tbucket_2\tbucket_4\tbucket_16\tbucket_100");
    DefaultBucketFunction bucketFunction = new DefaultBucketFunction();
    for (Case c : cases()) {
      InternalRowSerializer serializer =
          new InternalRowSerializer(RowType.of(c.types().toArray(new DataType[0])));
      for (String text : c.values()) {
        String[] parts = c.types().size() == 1 ? new String[] {text} : text.split("\\|", -1);
        GenericRow row = new GenericRow(parts.length);
        for (int i = 0; i < parts.length; i++) {
          row.setField(i, value(c.types().get(i), parts[i]));
        }
        BinaryRow binary = serializer.toBinaryRow(row).copy();
        StringBuilder line = new StringBuilder();
        line.append(c.typeText()).append('\t').append(text).append('\t');
        line.append(HexFormat.of().formatHex(SerializationUtils.serializeBinaryRow(binary)));
        line.append('\t').append(binary.hashCode());
        for (int n : BUCKET_COUNTS) {
          line.append('\t').append(bucketFunction.bucket(binary, n));
        }
        lines.add(line.toString());
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static Case atomic(String typeText, DataType type, String... values) {
    return new Case(typeText, List.of(type), List.of(values));
  }

  /** Paimon's internal value for the TSV text of a value of {@code type}. */
  private static Object value(DataType type, String text) {
    if (text.equals("NULL")) {
      return null;
    }
    return switch (type.getTypeRoot()) {
      case BOOLEAN -> Boolean.parseBoolean(text);
      case TINYINT -> Byte.parseByte(text);
      case SMALLINT -> Short.parseShort(text);
      case INTEGER -> Integer.parseInt(text);
      case BIGINT -> Long.parseLong(text);
      case FLOAT -> Float.parseFloat(text);
      case DOUBLE -> Double.parseDouble(text);
      case DECIMAL -> {
        DecimalType d = (DecimalType) type;
        yield Decimal.fromBigDecimal(new BigDecimal(text), d.getPrecision(), d.getScale());
      }
      case VARCHAR -> BinaryString.fromString(text);
      case VARBINARY -> HexFormat.of().parseHex(text.substring(2));
      case DATE -> PaimonRows.date(text);
      case TIMESTAMP_WITHOUT_TIME_ZONE -> Timestamp.fromLocalDateTime(LocalDateTime.parse(text));
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Timestamp.fromInstant(Instant.parse(text));
      default -> throw new IllegalArgumentException("No TSV value for " + type);
    };
  }
}
