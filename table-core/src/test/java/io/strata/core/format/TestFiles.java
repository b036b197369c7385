package io.strata.core.format;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** Shared helpers of the format tests: the raw local file system, golden files, PK layouts. */
final class TestFiles {

  private static FileSystem fs;

  private TestFiles() {}

  static synchronized FileSystem fs() {
    if (fs == null) {
      try {
        fs = HadoopFiles.rawLocal(new Configuration());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return fs;
  }

  static org.apache.hadoop.fs.Path hadoopPath(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  /** Every data file under a table directory, sorted. */
  static List<Path> parquetFiles(Path table) throws IOException {
    try (Stream<Path> files = Files.walk(table)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
    }
  }

  /** All rows of one file read with {@code readType}. */
  static List<Object[]> readAll(Path file, RowType readType) throws IOException {
    List<Object[]> rows = new ArrayList<>();
    try (ParquetRowReader reader = ParquetRowReader.open(fs(), hadoopPath(file), readType)) {
      reader.forEachRemaining(rows::add);
    }
    return rows;
  }

  /** The layout of a primary-key data file: key columns, sequence number, value kind, values. */
  static RowType primaryKeyFileType(RowType table, List<String> trimmedKeys) {
    List<DataField> fields = new ArrayList<>();
    for (String key : trimmedKeys) {
      DataField f = table.field(table.indexOf(key));
      fields.add(new DataField(f.id() + 1073741823, "_KEY_" + key, f.type()));
    }
    fields.add(new DataField(2147483646, "_SEQUENCE_NUMBER", DataTypes.BIGINT().notNull()));
    fields.add(new DataField(2147483645, "_VALUE_KIND", DataTypes.TINYINT().notNull()));
    fields.addAll(table.fields());
    return new RowType(fields);
  }

  /** The expected TSV lines of a golden table version, without the header. */
  static List<String> expected(String table, String version) throws IOException {
    Path tsv =
        io.strata.core.GoldenFiles.goldenDir()
            .resolve("expected")
            .resolve(table)
            .resolve(version + ".tsv");
    List<String> lines = Files.readAllLines(tsv);
    return lines.subList(1, lines.size());
  }

  /** The header line of a golden table's expected TSV. */
  static String expectedHeader(String table) throws IOException {
    Path tsv =
        io.strata.core.GoldenFiles.goldenDir()
            .resolve("expected")
            .resolve(table)
            .resolve("latest.tsv");
    return Files.readAllLines(tsv).get(0);
  }
}
