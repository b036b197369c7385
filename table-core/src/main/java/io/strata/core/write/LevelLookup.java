package io.strata.core.write;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.deletion.DeletionVector;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.DataFileFormat;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValue;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.read.FieldMapping;
import io.strata.core.schema.TableSchema;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.hadoop.fs.Path;

/**
 * Finds the live row of a key in the files of a bucket's levels above level 0 that a compaction
 * leaves alone: the file, the row's position in it (counting deleted rows, as deletion vectors do)
 * and, when asked, its values. Keys must be asked in ascending order, as a compaction merges them:
 * every level is walked once with a cursor, opening a file only when a key falls in its key range
 * and reading it front to back, so no file is read twice and files no key falls in stay closed.
 *
 * <p>Example: level 3 holds files [1..40] and [50..90], level 5 [1..100]. Asking 7, 45, 60: 7 opens
 * [1..40] of level 3 (found there, level 5 is not searched); 45 falls between the level-3 files and
 * opens [1..100] of level 5; 60 opens [50..90]. Rows a deletion vector hides are skipped, so with
 * deletion vectors a key has at most one live row in all these levels and the first level that
 * holds it is the answer.
 */
final class LevelLookup implements Closeable {

  /** A live row of a key: its file, its 0-based position there, and its record. */
  record Found(DataFileMeta file, long position, KeyValue record) {}

  private final FileStore table;
  private final BucketId bucket;
  private final RowType keyType;
  private final Comparator<Object[]> keyOrder;
  private final Function<String, DeletionVector> deleted;
  private final boolean readValues;
  private final List<LevelCursor> levels = new ArrayList<>();

  /**
   * @param files the bucket's files above level 0 that the compaction does not rewrite
   * @param deleted each file's current deletion vector, by file name
   * @param readValues whether {@link Found#record()} carries the row's values (the merge engine
   *     merges the old row with the new records); keys, sequence and kind are always read
   */
  LevelLookup(
      FileStore table,
      BucketId bucket,
      List<DataFileMeta> files,
      Function<String, DeletionVector> deleted,
      boolean readValues) {
    this.table = table;
    this.bucket = bucket;
    this.keyType = table.schema().trimmedPrimaryKeyType();
    this.keyOrder = ValueComparator.ofRow(keyType);
    this.deleted = deleted;
    this.readValues = readValues;
    TreeMap<Integer, List<DataFileMeta>> byLevel = new TreeMap<>();
    for (DataFileMeta f : files) {
      if (f.level() > 0) {
        byLevel.computeIfAbsent(f.level(), k -> new ArrayList<>()).add(f);
      }
    }
    byLevel.values().forEach(fs -> levels.add(new LevelCursor(fs)));
  }

  /** The live row of {@code key} (its key fields), or null when no file holds it. */
  Found find(Object[] key) throws IOException {
    for (LevelCursor level : levels) {
      Found found = level.seek(key);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  @Override
  public void close() throws IOException {
    for (LevelCursor level : levels) {
      level.closeFile();
    }
  }

  /** The files of one level, in key order, with the one the last key fell in open. */
  private final class LevelCursor {
    private final List<DataFileMeta> files;
    private final List<Object[]> minKeys = new ArrayList<>();
    private final List<Object[]> maxKeys = new ArrayList<>();
    private int index;
    private FileCursor open;

    LevelCursor(List<DataFileMeta> levelFiles) {
      List<DataFileMeta> sorted = new ArrayList<>(levelFiles);
      List<Object[]> mins = sorted.stream().map(f -> decode(f.minKey())).toList();
      Integer[] order = new Integer[sorted.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> keyOrder.compare(mins.get(a), mins.get(b)));
      this.files = new ArrayList<>();
      for (int i : order) {
        files.add(sorted.get(i));
        minKeys.add(mins.get(i));
        maxKeys.add(decode(sorted.get(i).maxKey()));
      }
    }

    Found seek(Object[] key) throws IOException {
      while (index < files.size() && keyOrder.compare(maxKeys.get(index), key) < 0) {
        closeFile();
        index++;
      }
      if (index == files.size() || keyOrder.compare(minKeys.get(index), key) > 0) {
        return null;
      }
      if (open == null) {
        open = new FileCursor(files.get(index));
      }
      return open.seek(key);
    }

    void closeFile() throws IOException {
      if (open != null) {
        open.reader.close();
        open = null;
      }
    }
  }

  private Object[] decode(io.strata.core.data.BinaryRow key) {
    return BinaryRowCodec.deserialize(keyType, key);
  }

  /** One file read front to back, skipping the rows its deletion vector hides. */
  private final class FileCursor {
    private final DataFileMeta file;
    private final CloseableIterator<Object[]> reader;
    private final DeletionVector vector;
    private final FieldMapping mapping;
    private final KeyValueLayout layout;
    private Object[] row;
    private long position = -1;

    FileCursor(DataFileMeta file) throws IOException {
      this.file = file;
      this.vector = deleted.apply(file.fileName());
      TableSchema fileSchema =
          file.schemaId() == table.schema().id()
              ? table.schema()
              : table.schemaManager().schema(file.schemaId());
      this.layout = new KeyValueLayout(fileSchema.trimmedPrimaryKeyType(), fileSchema.rowType());
      List<DataField> requested =
          new ArrayList<>(layout.fileType().fields().subList(0, layout.valueOffset()));
      this.mapping =
          readValues ? FieldMapping.of(fileSchema.fields(), table.schema().rowType()) : null;
      if (mapping != null) {
        requested.addAll(mapping.requested());
      }
      Path path =
          table
              .dataFilePaths()
              .of(bucket.partition(), bucket.bucket(), file.fileName(), file.externalPath());
      this.reader =
          DataFileFormat.ofFile(file.fileName())
              .open(table.fileIO().fileSystem(path), path, file.fileSize(), new RowType(requested));
      advance();
    }

    private void advance() {
      row = null;
      while (reader.hasNext()) {
        Object[] next = reader.next();
        position++;
        if (!vector.isDeleted(position)) {
          row = next;
          return;
        }
      }
    }

    Found seek(Object[] key) {
      while (row != null) {
        // File rows start with the key fields, so the key order compares them in place.
        int c = keyOrder.compare(row, key);
        if (c > 0) {
          return null;
        }
        if (c == 0) {
          Found found = new Found(file, position, record(row));
          advance();
          return found;
        }
        advance();
      }
      return null;
    }

    private KeyValue record(Object[] fileRow) {
      long sequence = (Long) fileRow[layout.sequenceIndex()];
      RowKind kind = RowKind.fromValue((Byte) fileRow[layout.kindIndex()]);
      return new KeyValue(
          sequence, kind, mapping == null ? null : mapping.map(fileRow, layout.valueOffset()));
    }
  }
}
