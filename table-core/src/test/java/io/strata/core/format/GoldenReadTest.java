package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reads data files written by real Paimon 1.3.1 and compares them with what Paimon reads. */
class GoldenReadTest {

  @Test
  void appendAllTypesMatchesExpectedRows() throws Exception {
    Path table = GoldenFiles.goldenTable("append_all_types");
    RowType type = TestSchemas.read(table, 0);
    assertThat(String.join("\t", type.fieldNames()))
        .isEqualTo(TestFiles.expectedHeader("append_all_types"));
    List<Path> files = TestFiles.parquetFiles(table);
    assertThat(files).hasSize(5);
    List<String> lines = new ArrayList<>();
    for (Path file : files) {
      for (Object[] row : TestFiles.readAll(file, type)) {
        lines.add(GoldenRows.render(type, row));
      }
    }
    assertThat(lines).containsExactlyInAnyOrderElementsOf(expected("append_all_types"));
  }

  @Test
  void appendAllTypesValuesAreCanonical() throws Exception {
    Path table = GoldenFiles.goldenTable("append_all_types");
    RowType type = TestSchemas.read(table, 0);
    Path file =
        TestFiles.parquetFiles(table).stream()
            .filter(p -> p.toString().contains("p_str=a/p_int=1"))
            .findFirst()
            .orElseThrow();
    Object[] row = TestFiles.readAll(file, type).get(0);
    assertThat(row[1]).isInstanceOf(Byte.class);
    assertThat(row[2]).isInstanceOf(Short.class);
    assertThat(row[7]).isEqualTo(new java.math.BigDecimal("1.25"));
    assertThat(row[8]).isEqualTo(new java.math.BigDecimal("-12345678901234567890.0123456789"));
    assertThat(row[12]).isEqualTo(new byte[] {1, (byte) 0xff, 0, 7});
    assertThat(row[17]).isEqualTo(Arrays.asList(1, null, -1));
    assertThat((Object[]) row[19]).containsExactly(1, "nested1");
  }

  @Test
  void appendFixedBucketMatchesExpectedRows() throws Exception {
    Path table = GoldenFiles.goldenTable("append_fixed_bucket");
    RowType type = TestSchemas.read(table, 0);
    List<String> lines = new ArrayList<>();
    for (Path file : TestFiles.parquetFiles(table)) {
      for (Object[] row : TestFiles.readAll(file, type)) {
        lines.add(GoldenRows.render(type, row));
      }
    }
    assertThat(lines).hasSize(600);
    assertThat(lines).containsExactlyInAnyOrderElementsOf(expected("append_fixed_bucket"));
  }

  @Test
  void primaryKeyFilesHoldSystemColumnsThenValues() throws Exception {
    Path table = GoldenFiles.goldenTable("orders_seed004");
    RowType type = TestSchemas.read(table, 0);
    RowType fileType = TestFiles.primaryKeyFileType(type, List.of("order_id"));
    List<String> lines = new ArrayList<>();
    int files = 0;
    for (Path file : TestFiles.parquetFiles(table)) {
      files++;
      long previousSeq = -1;
      for (Object[] row : TestFiles.readAll(file, fileType)) {
        assertThat(row[0]).isEqualTo(row[3]);
        assertThat((Long) row[1]).isGreaterThan(previousSeq);
        previousSeq = (Long) row[1];
        assertThat(row[2]).isEqualTo((byte) 0);
        lines.add(GoldenRows.render(type, Arrays.copyOfRange(row, 3, row.length)));
      }
    }
    assertThat(files).isEqualTo(3);
    assertThat(lines).containsExactlyInAnyOrderElementsOf(expected("orders_seed004"));
  }

  @Test
  void projectionReadsOnlyRequestedColumnsByNameAndMissingOnesAsNull() throws Exception {
    Path table = GoldenFiles.goldenTable("append_all_types");
    RowType full = TestSchemas.read(table, 0);
    RowType nestedB =
        DataTypes.ROW(
            List.of(
                new DataField(21, "b", DataTypes.STRING()),
                new DataField(99, "zz", DataTypes.INT())));
    RowType read =
        new RowType(
            List.of(
                new DataField(100, "not_there", DataTypes.STRING()),
                full.field(full.indexOf("c_int")),
                new DataField(19, "c_row", nestedB),
                full.field(full.indexOf("c_map"))));
    List<String> lines = new ArrayList<>();
    for (Path file : TestFiles.parquetFiles(table)) {
      try (ParquetRowReader reader =
          ParquetRowReader.open(TestFiles.fs(), TestFiles.hadoopPath(file), read)) {
        assertThat(reader.fileSchema().getFieldCount()).isEqualTo(full.size());
        reader.forEachRemaining(r -> lines.add(GoldenRows.render(read, r)));
      }
    }
    assertThat(lines)
        .contains("NULL\t99993\t(nested1, NULL)\t{k1=1}", "NULL\tNULL\tNULL\tNULL")
        .hasSize(6);
  }

  @Test
  void emptyProjectionStillCountsRows() throws Exception {
    Path table = GoldenFiles.goldenTable("append_fixed_bucket");
    RowType read = new RowType(List.of(new DataField(50, "absent", DataTypes.INT())));
    long rows = 0;
    for (Path file : TestFiles.parquetFiles(table)) {
      for (Object[] row : TestFiles.readAll(file, read)) {
        assertThat(row).containsExactly((Object) null);
        rows++;
      }
    }
    assertThat(rows).isEqualTo(600);
  }

  private static List<String> expected(String table) throws Exception {
    return TestFiles.expected(table, "latest");
  }
}
