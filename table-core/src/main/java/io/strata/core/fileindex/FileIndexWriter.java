package io.strata.core.fileindex;

import io.strata.core.errors.SchemaErrors;
import io.strata.core.format.ColumnBatch;
import io.strata.core.options.FileIndexOptions;
import io.strata.core.options.Options;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds one data file's index in Paimon's file-index format ({@link FileIndexFile}): a bloom
 * filter of each {@code file-index.bloom-filter.columns} column the file holds, fed every non-null
 * value written.
 */
public final class FileIndexWriter {

  private final List<String> names = new ArrayList<>();
  private final List<DataField> fields = new ArrayList<>();
  private final int[] columns;
  private final BloomFilterBuilder[] filters;
  private final long inManifestThreshold;

  private FileIndexWriter(Options options, RowType rowType, List<String> indexed) {
    validate(options, rowType);
    List<Integer> positions = new ArrayList<>();
    for (String name : indexed) {
      int i = rowType.indexOf(name);
      names.add(name);
      fields.add(rowType.field(i));
      positions.add(i);
    }
    this.columns = positions.stream().mapToInt(Integer::intValue).toArray();
    this.filters = new BloomFilterBuilder[columns.length];
    for (int c = 0; c < columns.length; c++) {
      filters[c] =
          new BloomFilterBuilder(
              FileIndexOptions.items(options.toMap(), names.get(c)),
              FileIndexOptions.fpp(options.toMap(), names.get(c)));
    }
    this.inManifestThreshold = options.get(FileIndexOptions.IN_MANIFEST_THRESHOLD);
  }

  /**
   * A writer for one file of {@code rowType} (a row, or a key-value file's layout whose value
   * columns keep their names), or null when the table indexes no column.
   */
  public static FileIndexWriter create(Options options, RowType rowType) {
    List<String> indexed = FileIndexOptions.bloomFilterColumns(options);
    if (indexed.isEmpty()) {
      return null;
    }
    return new FileIndexWriter(options, rowType, indexed);
  }

  /**
   * Refuses a {@code file-index.bloom-filter.columns} entry that names no column of {@code rowType}
   * or a column of a type without a bloom hash, and bad per-column sizes. Paimon's writer fails on
   * these; Strata also refuses them at CREATE and ALTER TABLE, before any file is written.
   */
  public static void validate(Options options, RowType rowType) {
    for (String name : FileIndexOptions.bloomFilterColumns(options)) {
      int i = rowType.indexOf(name);
      if (i < 0) {
        throw SchemaErrors.fileIndexColumnNotFound(name, userColumns(rowType));
      }
      DataType type = rowType.typeAt(i);
      if (!FileIndexHash.supports(type)) {
        throw SchemaErrors.fileIndexColumnType(name, type.toString());
      }
      FileIndexOptions.fpp(options.toMap(), name);
      FileIndexOptions.items(options.toMap(), name);
    }
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
      if (value != null) {
        filters[c].addHash(FileIndexHash.hash(fields.get(c).type(), value));
      }
    }
  }

  public void add(ColumnBatch batch, int row) {
    for (int c = 0; c < columns.length; c++) {
      Object value = batch.valueAt(columns[c], row);
      if (value != null) {
        filters[c].addHash(FileIndexHash.hash(fields.get(c).type(), value));
      }
    }
  }

  /**
   * Whether an index of {@code length} bytes goes into the manifest rather than beside the file.
   */
  public boolean embeds(int length) {
    return length <= inManifestThreshold;
  }

  /** The index bytes: head, then each column's bloom filter. */
  public byte[] finish() {
    try {
      byte[] head = head(0);
      return serialize(head.length);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private byte[] serialize(int headLength) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(head(headLength));
    for (BloomFilterBuilder f : filters) {
      out.write(f.body());
    }
    return out.toByteArray();
  }

  /** The head, its bodies starting after {@code headLength} bytes (0: only to measure it). */
  private byte[] head(int headLength) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeLong(FileIndexFile.MAGIC);
    out.writeInt(FileIndexFile.VERSION);
    out.writeInt(headLength);
    out.writeInt(columns.length);
    int offset = headLength;
    for (int c = 0; c < columns.length; c++) {
      out.writeUTF(names.get(c));
      out.writeInt(1);
      out.writeUTF(BloomFilterIndex.TYPE);
      out.writeInt(offset);
      out.writeInt(filters[c].body().length);
      offset += filters[c].body().length;
    }
    out.writeInt(0); // no redundant bytes
    out.flush();
    return bytes.toByteArray();
  }
}
