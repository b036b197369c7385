package io.strata.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PartitionPathTest {

  private static final String DEFAULT = PartitionPath.DEFAULT_PARTITION_NAME;

  private static RowType partitionType(Object... nameTypePairs) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < nameTypePairs.length; i += 2) {
      fields.add(new DataField(i / 2, (String) nameTypePairs[i], (DataType) nameTypePairs[i + 1]));
    }
    return new RowType(fields);
  }

  private static final RowType STR_INT =
      partitionType("p_str", DataTypes.STRING(), "p_int", DataTypes.INT());

  @Test
  void matchesTheDirectoriesPaimonWrote() throws IOException {
    Path table = GoldenFiles.resolve("warehouse", "golden.db", "append_all_types");
    Set<String> onDisk = new TreeSet<>();
    try (Stream<Path> dirs = Files.walk(table, 2)) {
      dirs.filter(p -> table.relativize(p).getNameCount() == 2)
          .filter(p -> p.getFileName().toString().startsWith("p_int="))
          .forEach(p -> onDisk.add(table.relativize(p).toString().replace('\\', '/')));
    }
    // The partitions of expected/append_all_types/latest.tsv; "" and NULL share a directory.
    Set<String> computed = new TreeSet<>();
    for (Object[] values :
        List.of(
            new Object[] {"a", 1},
            new Object[] {"a", 2},
            new Object[] {"b b/=%", 2},
            new Object[] {null, null},
            new Object[] {"", null})) {
      computed.add(PartitionPath.path(STR_INT, values, DEFAULT));
    }
    assertThat(computed).isEqualTo(onDisk);
    assertThat(onDisk)
        .contains(
            "p_str=b b%2F%3D%25/p_int=2",
            "p_str=__DEFAULT_PARTITION__/p_int=__DEFAULT_PARTITION__");
  }

  @Test
  void seedOrdersDirectories() {
    RowType dt = partitionType("dt", DataTypes.STRING().notNull());
    assertThat(PartitionPath.path(dt, new Object[] {"2026-09-24"}, DEFAULT))
        .isEqualTo("dt=2026-09-24");
    assertThat(GoldenFiles.resolve("warehouse", "golden.db", "orders_seed004", "dt=2026-09-24"))
        .isDirectory();
  }

  @Test
  void rendersEveryPartitionType() {
    RowType type =
        partitionType(
            "b", DataTypes.BOOLEAN(),
            "t", DataTypes.TINYINT(),
            "l", DataTypes.BIGINT(),
            "f", DataTypes.FLOAT(),
            "d", DataTypes.DOUBLE(),
            "dec", DataTypes.DECIMAL(10, 2),
            "dd", DataTypes.DATE(),
            "tm", DataTypes.TIME(0),
            "ts", DataTypes.TIMESTAMP(3),
            "ts0", DataTypes.TIMESTAMP(6),
            "ltz", DataTypes.TIMESTAMP_LTZ(6),
            "c", DataTypes.CHAR(3));
    Object[] values = {
      true,
      (byte) -1,
      123L,
      1.5e10f,
      0.1,
      new BigDecimal("100.00"),
      (int) LocalDate.of(2024, 1, 2).toEpochDay(),
      3_723_000,
      Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5)),
      Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4)),
      new Timestamp(1_704_164_645_123L, 456_000),
      "ab "
    };
    // Checked against Paimon 1.3.1's partition computer with legacy names.
    assertThat(PartitionPath.path(type, values, DEFAULT))
        .isEqualTo(
            "b=true/t=-1/l=123/f=1.50000005E10/d=0.1/dec=100.00/dd=19724/tm=3723000"
                + "/ts=2024-01-02T03%3A04%3A05/ts0=2024-01-02T03%3A04"
                + "/ltz=2024-01-02T03%3A04%3A05.123456/c=ab ");
    assertThat(PartitionPath.displayString(type, values, DEFAULT))
        .isEqualTo(
            "b=true/t=-1/l=123/f=1.50000005E10/d=0.1/dec=100.00/dd=19724/tm=3723000"
                + "/ts=2024-01-02T03:04:05/ts0=2024-01-02T03:04"
                + "/ltz=2024-01-02T03:04:05.123456/c=ab ");
  }

  @Test
  void escapesLikeHive() {
    assertThat(PartitionPath.escape("a b")).isEqualTo("a b");
    assertThat(PartitionPath.escape("\"#%'*/:=?\\{[]^"))
        .isEqualTo("%22%23%25%27%2A%2F%3A%3D%3F%5C%7B%5B%5D%5E");
    assertThat(PartitionPath.escape("\u0000\u0001\t\n\u001f\u007f"))
        .isEqualTo("%00%01%09%0A%1F%7F");
    assertThat(PartitionPath.escape("{}")).isEqualTo("%7B%7D");
    assertThat(PartitionPath.escape("~!@$&()+,;<>|` é中")).isEqualTo("~!@$&()+,;<>|` é中");
    assertThat(PartitionPath.unescape("b b%2F%3D%25")).isEqualTo("b b/=%");
    assertThat(PartitionPath.unescape("100%")).isEqualTo("100%");
    assertThat(PartitionPath.unescape("%zz%4")).isEqualTo("%zz%4");
  }

  @Test
  void escapesColumnNamesToo() {
    RowType type = partitionType("a=b", DataTypes.STRING());
    assertThat(PartitionPath.path(type, new Object[] {"x:y"}, DEFAULT)).isEqualTo("a%3Db=x%3Ay");
    assertThat(PartitionPath.displayString(type, new Object[] {"x:y"}, DEFAULT))
        .isEqualTo("a=b=x:y");
  }

  @Test
  void nullEmptyAndWhitespaceGoToTheDefaultPartition() {
    RowType type = partitionType("s", DataTypes.STRING());
    // Paimon 1.3.1 treats whitespace-only values like empty ones; a no-break space is kept.
    for (String blank : new String[] {null, "", " ", "\t", "\n ", "\u2003"}) {
      assertThat(PartitionPath.path(type, new Object[] {blank}, DEFAULT))
          .isEqualTo("s=__DEFAULT_PARTITION__");
      assertThat(PartitionPath.displayString(type, new Object[] {blank}, "__D__"))
          .isEqualTo("s=__D__");
    }
    assertThat(PartitionPath.path(type, new Object[] {"\u00a0"}, DEFAULT)).isEqualTo("s=\u00a0");
    assertThat(PartitionPath.path(type, new Object[] {"  x "}, DEFAULT)).isEqualTo("s=  x ");
  }

  @Test
  void bytesPartitionsAreUnsupported() {
    RowType type = partitionType("bin", DataTypes.BYTES());
    assertThatThrownBy(() -> PartitionPath.path(type, new Object[] {new byte[] {1}}, DEFAULT))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("Partition columns of type BYTES are not supported.");
    assertThatThrownBy(() -> PartitionPath.parseValue("bin", DataTypes.BYTES(), "0x01"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("Partition columns of type BYTES are not supported.");
  }

  @Test
  void rejectsValueCountMismatch() {
    assertThatThrownBy(() -> PartitionPath.path(STR_INT, new Object[] {"a"}, DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Partition has 1 values but type ROW<`p_str` STRING, `p_int` INT> has 2");
  }

  @Test
  void parsesUserValues() {
    assertThat(PartitionPath.parseValue("b", DataTypes.BOOLEAN(), "TRUE")).isEqualTo(true);
    assertThat(PartitionPath.parseValue("t", DataTypes.TINYINT(), "-128")).isEqualTo((byte) -128);
    assertThat(PartitionPath.parseValue("s", DataTypes.SMALLINT(), " 7 ")).isEqualTo((short) 7);
    assertThat(PartitionPath.parseValue("i", DataTypes.INT(), "42")).isEqualTo(42);
    assertThat(PartitionPath.parseValue("l", DataTypes.BIGINT(), "-9")).isEqualTo(-9L);
    assertThat(PartitionPath.parseValue("f", DataTypes.FLOAT(), "1.5")).isEqualTo(1.5f);
    assertThat(PartitionPath.parseValue("d", DataTypes.DOUBLE(), "-2.25e3")).isEqualTo(-2250.0);
    assertThat(PartitionPath.parseValue("dec", DataTypes.DECIMAL(10, 2), "99.9"))
        .isEqualTo(new BigDecimal("99.90"));
    assertThat(PartitionPath.parseValue("dec", DataTypes.DECIMAL(10, 2), "0.125"))
        .isEqualTo(new BigDecimal("0.13"));
    assertThat(PartitionPath.parseValue("s", DataTypes.STRING(), " b b/=% ")).isEqualTo(" b b/=% ");
    assertThat(PartitionPath.parseValue("c", DataTypes.CHAR(4), "ab")).isEqualTo("ab  ");
    assertThat(PartitionPath.parseValue("v", DataTypes.VARCHAR(3), "abc")).isEqualTo("abc");
    assertThat(PartitionPath.parseValue("dt", DataTypes.DATE(), "2024-01-02")).isEqualTo(19724);
    assertThat(PartitionPath.parseValue("dt", DataTypes.DATE(), "19724")).isEqualTo(19724);
    assertThat(PartitionPath.parseValue("tm", DataTypes.TIME(0), "01:02:03")).isEqualTo(3_723_000);
    assertThat(PartitionPath.parseValue("i", DataTypes.INT(), null)).isNull();
  }

  @Test
  void parsesTimestamps() {
    Timestamp t = Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789));
    assertThat(
            PartitionPath.parseValue("ts", DataTypes.TIMESTAMP(9), "2024-01-02 03:04:05.123456789"))
        .isEqualTo(t);
    assertThat(
            PartitionPath.parseValue("ts", DataTypes.TIMESTAMP(6), "2024-01-02T03:04:05.123456789"))
        .isEqualTo(new Timestamp(t.millis(), 456_000));
    assertThat(PartitionPath.parseValue("ts", DataTypes.TIMESTAMP(3), "2024-01-02 03:04:05.1239"))
        .isEqualTo(new Timestamp(t.millis(), 0));
    assertThat(PartitionPath.parseValue("ts", DataTypes.TIMESTAMP(0), "1969-12-31 23:59:59.5"))
        .isEqualTo(new Timestamp(-1000, 0));
    assertThat(PartitionPath.parseValue("ts", DataTypes.TIMESTAMP(3), "2024-01-02"))
        .isEqualTo(Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 0, 0)));
    assertThat(PartitionPath.parseValue("z", DataTypes.TIMESTAMP_LTZ(6), "2024-01-02T03:04:05Z"))
        .isEqualTo(Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5)));
    assertThat(
            PartitionPath.parseValue("z", DataTypes.TIMESTAMP_LTZ(6), "2024-01-02 05:04:05+02:00"))
        .isEqualTo(Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5)));
    assertThat(PartitionPath.parseValue("z", DataTypes.TIMESTAMP_LTZ(6), "2024-01-02 03:04:05"))
        .isEqualTo(Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5)));
  }

  @Test
  void parsedValuesRenderBackToTheirText() {
    RowType type =
        partitionType("dt", DataTypes.DATE(), "ts", DataTypes.TIMESTAMP(6), "x", DataTypes.INT());
    Object[] values = {
      PartitionPath.parseValue(type.field(0), "2026-01-01"),
      PartitionPath.parseValue(type.field(1), "2026-01-01 10:00:00"),
      PartitionPath.parseValue(type.field(2), "-3")
    };
    assertThat(PartitionPath.displayString(type, values, DEFAULT))
        .isEqualTo("dt=20454/ts=2026-01-01T10:00/x=-3");
  }

  @Test
  void rejectsUnparsableValuesNamingColumnAndType() {
    assertRejected(
        "dt",
        DataTypes.INT(),
        "abc",
        "Cannot parse partition value 'abc' for column dt of type INT.");
    assertRejected(
        "dt",
        DataTypes.INT().notNull(),
        "1.5",
        "Cannot parse partition value '1.5' for column dt of type INT.");
    assertRejected(
        "t",
        DataTypes.TINYINT(),
        "128",
        "Cannot parse partition value '128' for column t of type TINYINT.");
    assertRejected(
        "l",
        DataTypes.BIGINT(),
        "",
        "Cannot parse partition value '' for column l of type BIGINT.");
    assertRejected(
        "b",
        DataTypes.BOOLEAN(),
        "yes",
        "Cannot parse partition value 'yes' for column b of type BOOLEAN.");
    assertRejected(
        "f",
        DataTypes.FLOAT(),
        "1f",
        "Cannot parse partition value '1f' for column f of type FLOAT.");
    assertRejected(
        "d",
        DataTypes.DOUBLE(),
        "0x1p3",
        "Cannot parse partition value '0x1p3' for column d of type DOUBLE.");
    assertRejected(
        "m",
        DataTypes.DECIMAL(4, 2),
        "123.4",
        "Cannot parse partition value '123.4' for column m of type DECIMAL(4, 2).");
    assertRejected(
        "m",
        DataTypes.DECIMAL(4, 2),
        "1,5",
        "Cannot parse partition value '1,5' for column m of type DECIMAL(4, 2).");
    assertRejected(
        "dt",
        DataTypes.DATE(),
        "2026-13-01",
        "Cannot parse partition value '2026-13-01' for column dt of type DATE.");
    assertRejected(
        "dt",
        DataTypes.DATE(),
        "2026/01/01",
        "Cannot parse partition value '2026/01/01' for column dt of type DATE.");
    assertRejected(
        "tm",
        DataTypes.TIME(0),
        "25:00",
        "Cannot parse partition value '25:00' for column tm of type TIME(0).");
    assertRejected(
        "ts",
        DataTypes.TIMESTAMP(6),
        "yesterday",
        "Cannot parse partition value 'yesterday' for column ts of type TIMESTAMP(6).");
    assertRejected(
        "z",
        DataTypes.TIMESTAMP_LTZ(3),
        "2024-01-02 03:04:05+0x:00",
        "Cannot parse partition value '2024-01-02 03:04:05+0x:00' for column z of type TIMESTAMP(3) WITH LOCAL TIME ZONE.");
    assertRejected(
        "v",
        DataTypes.VARCHAR(2),
        "abc",
        "Cannot parse partition value 'abc' for column v of type VARCHAR(2).");
    assertRejected(
        "c",
        DataTypes.CHAR(2),
        "abc",
        "Cannot parse partition value 'abc' for column c of type CHAR(2).");
  }

  @Test
  void dataFieldOverloadUsesTheFieldName() {
    DataField dt = new DataField(0, "dt", DataTypes.INT());
    assertThat(PartitionPath.parseValue(dt, "7")).isEqualTo(7);
    assertThatThrownBy(() -> PartitionPath.parseValue(dt, "abc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse partition value 'abc' for column dt of type INT.");
  }

  private static void assertRejected(String column, DataType type, String text, String message) {
    assertThatThrownBy(() -> PartitionPath.parseValue(column, type, text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void nonLegacyNamesAreHowPaimonCastsValuesToStrings() {
    // Paimon 1.3.1's InternalRowPartitionComputer with legacy names off, value by value.
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "d", DataTypes.DATE()),
                new DataField(1, "ts3", DataTypes.TIMESTAMP(3)),
                new DataField(2, "ts6", DataTypes.TIMESTAMP(6)),
                new DataField(3, "ts0", DataTypes.TIMESTAMP(0)),
                new DataField(4, "ltz", DataTypes.TIMESTAMP_LTZ(3)),
                new DataField(5, "n", DataTypes.INT())));
    Object[] values = {
      19692,
      new Timestamp(1701424800123L, 0),
      new Timestamp(1701424800000L, 456000),
      new Timestamp(1701424800000L, 0),
      new Timestamp(1701424800000L, 0),
      7
    };
    assertThat(PartitionPath.path(type, values, "__DEFAULT_PARTITION__", false))
        .isEqualTo(
            "d=2023-12-01/ts3=2023-12-01 10%3A00%3A00.123/ts6=2023-12-01 10%3A00%3A00.000456"
                + "/ts0=2023-12-01 10%3A00%3A00/ltz=2023-12-01 10%3A00%3A00.000/n=7");
    Object[] others = {
      19692,
      new Timestamp(1701424800000L, 0),
      new Timestamp(1701424800000L, 0),
      new Timestamp(1701424800500L, 0),
      new Timestamp(1701424800123L, 0),
      null
    };
    assertThat(PartitionPath.path(type, others, "__DEFAULT_PARTITION__", false))
        .isEqualTo(
            "d=2023-12-01/ts3=2023-12-01 10%3A00%3A00.000/ts6=2023-12-01 10%3A00%3A00.000000"
                + "/ts0=2023-12-01 10%3A00%3A00.5/ltz=2023-12-01 10%3A00%3A00.123"
                + "/n=__DEFAULT_PARTITION__");
    // Legacy names (the default) stay epoch days and ISO date-times.
    assertThat(PartitionPath.path(type, values, "__DEFAULT_PARTITION__"))
        .startsWith("d=19692/ts3=2023-12-01T10%3A00%3A00.123/");
    RowType time = new RowType(List.of(new DataField(0, "t", DataTypes.TIME(0))));
    assertThat(PartitionPath.path(time, new Object[] {3723004}, "x", false))
        .isEqualTo("t=01%3A02%3A03");
  }
}
