package io.strata.core.fileindex;

import io.strata.core.errors.SchemaErrors;
import io.strata.core.format.ColumnBatch;
import io.strata.core.options.FileIndexOptions;
import io.strata.core.options.Options;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds one data file's index in Paimon's file-index format ({@link FileIndexFile}): a bloom
 * filter of each {@code file-index.bloom-filter.columns} column and a bitmap index of each {@code
 * file-index.bitmap.columns} column, fed every value written.
 */
public final class FileIndexWriter {

  private final List<String> names = new ArrayList<>();
  private final int[] columns;

  /** Per indexed column, its indexes in the order the head lists them. */
  private final List<List<IndexBuilder>> builders = new ArrayList<>();

  private final long inManifestThreshold;

  private FileIndexWriter(Options options, RowType rowType) {
    validate(options, rowType);
    Map<String, String> map = options.toMap();
    List<Integer> positions = new ArrayList<>();
    for (String name : FileIndexOptions.bloomFilterColumns(options)) {
      DataType type = column(name, rowType, positions);
      builders
          .get(names.indexOf(name))
          .add(
              new BloomFilterBuilder(
                  type, FileIndexOptions.items(map, name), FileIndexOptions.fpp(map, name)));
    }
    for (String name : FileIndexOptions.bitmapColumns(options)) {
      DataType type = column(name, rowType, positions);
      builders
          .get(names.indexOf(name))
          .add(
              new BitmapIndexBuilder(
                  type,
                  FileIndexOptions.bitmapVersion(map, name),
                  FileIndexOptions.bitmapIndexBlockSize(map, name)));
    }
    this.columns = positions.stream().mapToInt(Integer::intValue).toArray();
    this.inManifestThreshold = options.get(FileIndexOptions.IN_MANIFEST_THRESHOLD);
  }

  /** Registers {@code name} as an indexed column (once) and returns its type. */
  private DataType column(String name, RowType rowType, List<Integer> positions) {
    int i = rowType.indexOf(name);
    if (!names.contains(name)) {
      names.add(name);
      positions.add(i);
      builders.add(new ArrayList<>());
    }
    return rowType.typeAt(i);
  }

  /**
   * A writer for one file of {@code rowType} (a row, or a key-value file's layout whose value
   * columns keep their names), or null when the table indexes no column.
   */
  public static FileIndexWriter create(Options options, RowType rowType) {
    if (FileIndexOptions.bloomFilterColumns(options).isEmpty()
        && FileIndexOptions.bitmapColumns(options).isEmpty()) {
      return null;
    }
    return new FileIndexWriter(options, rowType);
  }

  /**
   * Refuses a {@code file-index.bloom-filter.columns} or {@code file-index.bitmap.columns} entry
   * that names no column of {@code rowType} or a column of a type the index cannot hold, and bad
   * per-column settings. Paimon's writer fails on these; Strata also refuses them at CREATE and
   * ALTER TABLE, before any file is written.
   */
  public static void validate(Options options, RowType rowType) {
    for (String name : FileIndexOptions.bloomFilterColumns(options)) {
      DataType type = checkedColumn(FileIndexOptions.BLOOM_FILTER_COLUMNS.key(), name, rowType);
      if (!FileIndexHash.supports(type)) {
        throw SchemaErrors.fileIndexColumnType(
            FileIndexOptions.BLOOM_FILTER_COLUMNS.key(),
            name,
            type.toString(),
            "CHAR, VARCHAR, BINARY, VARBINARY, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE,"
                + " TIME and TIMESTAMP");
      }
      FileIndexOptions.fpp(options.toMap(), name);
      FileIndexOptions.items(options.toMap(), name);
    }
    for (String name : FileIndexOptions.bitmapColumns(options)) {
      DataType type = checkedColumn(FileIndexOptions.BITMAP_COLUMNS.key(), name, rowType);
      if (!BitmapIndex.supports(type)) {
        throw SchemaErrors.fileIndexColumnType(
            FileIndexOptions.BITMAP_COLUMNS.key(),
            name,
            type.toString(),
            "CHAR, VARCHAR, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, TIME"
                + " and TIMESTAMP");
      }
      FileIndexOptions.bitmapVersion(options.toMap(), name);
      FileIndexOptions.bitmapIndexBlockSize(options.toMap(), name);
    }
  }

  private static DataType checkedColumn(String option, String name, RowType rowType) {
    int i = rowType.indexOf(name);
    if (i < 0) {
      throw SchemaErrors.fileIndexColumnNotFound(option, name, userColumns(rowType));
    }
    return rowType.typeAt(i);
  }

  /** The columns a user named: a key-value file's system columns are Paimon-reserved names. */
  private static List<String> userColumns(RowType rowType) {
    return rowType.fieldNames().stream()
        .filter(
            n ->
                !n.startsWith("_KEY_") && !n.equals("_SEQUENCE_NUMBER") && !n.equals("_VALUE_KIND"))
        .toList();
  }

  public void add(Object[] row) {
    for (int c = 0; c < columns.length; c++) {
      Object value = row[columns[c]];
      for (IndexBuilder b : builders.get(c)) {
        b.add(value);
      }
    }
  }

  public void add(ColumnBatch batch, int row) {
    for (int c = 0; c < columns.length; c++) {
      Object value = batch.valueAt(columns[c], row);
      for (IndexBuilder b : builders.get(c)) {
        b.add(value);
      }
    }
  }

  /**
   * Whether an index of {@code length} bytes goes into the manifest rather than beside the file.
   */
  public boolean embeds(int length) {
    return length <= inManifestThreshold;
  }

  /** The index bytes: head, then each column's index bodies. */
  public byte[] finish() {
    try {
      List<byte[]> bodies = new ArrayList<>();
      for (List<IndexBuilder> column : builders) {
        for (IndexBuilder b : column) {
          bodies.add(b.body());
        }
      }
      int headLength = head(0, bodies).length;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(head(headLength, bodies));
      for (byte[] body : bodies) {
        out.write(body);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The head, its bodies starting after {@code headLength} bytes (0: only to measure it). */
  private byte[] head(int headLength, List<byte[]> bodies) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeLong(FileIndexFile.MAGIC);
    out.writeInt(FileIndexFile.VERSION);
    out.writeInt(headLength);
    out.writeInt(columns.length);
    int offset = headLength;
    int body = 0;
    for (int c = 0; c < columns.length; c++) {
      out.writeUTF(names.get(c));
      out.writeInt(builders.get(c).size());
      for (IndexBuilder b : builders.get(c)) {
        out.writeUTF(b.type());
        out.writeInt(offset);
        out.writeInt(bodies.get(body).length);
        offset += bodies.get(body++).length;
      }
    }
    out.writeInt(0); // no redundant bytes
    out.flush();
    return bytes.toByteArray();
  }
}
