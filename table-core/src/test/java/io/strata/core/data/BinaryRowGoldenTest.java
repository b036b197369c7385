package io.strata.core.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every row of golden/binary-rows.tsv: bytes, round trip, hash and buckets as Paimon 1.3.1. */
class BinaryRowGoldenTest {

  private static final int[] BUCKET_COUNTS = {2, 4, 16, 100};
  private static final Pattern PARAMS = Pattern.compile("(\\w+)\\((\\d+)(?:, (\\d+))?\\)(.*)");

  /** One line of the TSV. */
  record GoldenRow(
      String typeText, String valueText, String hex, int hash, int[] buckets, int line) {
    @Override
    public String toString() {
      return "line " + line + ": " + typeText + " " + valueText;
    }
  }

  static Stream<GoldenRow> rows() throws IOException {
    List<String> lines =
        Files.readAllLines(GoldenFiles.resolve("binary-rows.tsv"), StandardCharsets.UTF_8);
    List<GoldenRow> rows = new ArrayList<>();
    boolean header = true;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("#") || line.isEmpty()) {
        continue;
      }
      if (header) {
        header = false;
        continue;
      }
      String[] f = line.split("\t", -1);
      int[] buckets = new int[BUCKET_COUNTS.length];
      for (int b = 0; b < buckets.length; b++) {
        buckets[b] = Integer.parseInt(f[4 + b]);
      }
      rows.add(new GoldenRow(f[0], f[1], f[2], Integer.parseInt(f[3]), buckets, i + 1));
    }
    return rows.stream();
  }

  @Test
  void goldenFileHasEveryAtomicType() throws IOException {
    assertThat(rows().map(GoldenRow::typeText).distinct())
        .contains(
            "BOOLEAN",
            "TINYINT",
            "SMALLINT",
            "INT",
            "BIGINT",
            "FLOAT",
            "DOUBLE",
            "DECIMAL(10, 2)",
            "DECIMAL(38, 10)",
            "STRING",
            "BYTES",
            "DATE",
            "TIMESTAMP(3)",
            "TIMESTAMP(6)",
            "TIMESTAMP(6) WITH LOCAL TIME ZONE",
            "ROW<STRING, BIGINT>");
    assertThat(rows().count()).isEqualTo(64);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void matchesPaimon(GoldenRow golden) {
    RowType type = rowType(golden.typeText());
    Object[] values = values(type, golden.valueText());

    BinaryRow row = BinaryRowCodec.serialize(type, values);

    assertThat(HexFormat.of().formatHex(row.bytes())).isEqualTo(golden.hex());
    assertThat(BinaryRowCodec.deserialize(type, row)).isEqualTo(values);
    assertThat(BucketFunction.hash(row)).isEqualTo(golden.hash());
    for (int b = 0; b < BUCKET_COUNTS.length; b++) {
      assertThat(BucketFunction.bucket(row, BUCKET_COUNTS[b]))
          .as("bucket of %d", BUCKET_COUNTS[b])
          .isEqualTo(golden.buckets()[b]);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void deserializesPaimonBytes(GoldenRow golden) {
    RowType type = rowType(golden.typeText());
    BinaryRow row = new BinaryRow(HexFormat.of().parseHex(golden.hex()));
    assertThat(BinaryRowCodec.deserialize(type, row)).isEqualTo(values(type, golden.valueText()));
  }

  static RowType rowType(String text) {
    List<DataType> types = new ArrayList<>();
    if (text.startsWith("ROW<")) {
      for (String t : text.substring(4, text.length() - 1).split(", ")) {
        types.add(atomic(t));
      }
    } else {
      types.add(atomic(text));
    }
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      fields.add(new DataField(i, "f" + i, types.get(i)));
    }
    return new RowType(fields);
  }

  private static DataType atomic(String text) {
    Matcher m = PARAMS.matcher(text);
    if (!m.matches()) {
      return switch (text) {
        case "BOOLEAN" -> DataTypes.BOOLEAN();
        case "TINYINT" -> DataTypes.TINYINT();
        case "SMALLINT" -> DataTypes.SMALLINT();
        case "INT" -> DataTypes.INT();
        case "BIGINT" -> DataTypes.BIGINT();
        case "FLOAT" -> DataTypes.FLOAT();
        case "DOUBLE" -> DataTypes.DOUBLE();
        case "STRING" -> DataTypes.STRING();
        case "BYTES" -> DataTypes.BYTES();
        case "DATE" -> DataTypes.DATE();
        default -> throw new IllegalArgumentException("Unknown type in golden file: " + text);
      };
    }
    int p = Integer.parseInt(m.group(2));
    return switch (m.group(1) + m.group(4)) {
      case "DECIMAL" -> DataTypes.DECIMAL(p, Integer.parseInt(m.group(3)));
      case "TIMESTAMP" -> DataTypes.TIMESTAMP(p);
      case "TIMESTAMP WITH LOCAL TIME ZONE" -> DataTypes.TIMESTAMP_LTZ(p);
      default -> throw new IllegalArgumentException("Unknown type in golden file: " + text);
    };
  }

  private static Object[] values(RowType type, String text) {
    String[] parts = type.size() == 1 ? new String[] {text} : text.split("\\|", -1);
    Object[] values = new Object[type.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = value(type.typeAt(i), parts[i]);
    }
    return values;
  }

  /** The TSV renders values like the expected/ tables (golden/README.md). */
  static Object value(DataType type, String text) {
    if (text.equals("NULL")) {
      return null;
    }
    return switch (type.root()) {
      case BOOLEAN -> Boolean.parseBoolean(text);
      case TINYINT -> Byte.parseByte(text);
      case SMALLINT -> Short.parseShort(text);
      case INT -> Integer.parseInt(text);
      case BIGINT -> Long.parseLong(text);
      case FLOAT -> Float.parseFloat(text);
      case DOUBLE -> Double.parseDouble(text);
      case DECIMAL -> new BigDecimal(text);
      case VARCHAR, CHAR -> text;
      case VARBINARY, BINARY -> HexFormat.of().parseHex(text.substring(2));
      case DATE -> (int) LocalDate.parse(text).toEpochDay();
      case TIMESTAMP -> Timestamp.fromLocalDateTime(LocalDateTime.parse(text));
      case TIMESTAMP_LTZ -> {
        Instant instant = Instant.parse(text);
        yield new Timestamp(instant.toEpochMilli(), instant.getNano() % 1_000_000);
      }
      default -> throw new IllegalArgumentException("Unexpected type in golden file: " + type);
    };
  }
}
