package io.strata.core.scan;

import io.strata.core.data.BinaryRow;
import io.strata.core.fileindex.FileIndexFile;
import io.strata.core.fileindex.FileIndexFilter;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.FileIndexOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Skips data files by the file indexes Paimon writes ({@code file-index.bloom-filter.columns}): at
 * read time, in the task that would open the file, as Paimon's readers do. A primary-key file is
 * skipped only in a split read without a merge: where versions merge, a file without a matching row
 * may still hold the newer version that hides an older matching one.
 */
public final class FileIndexes {

  private static final Logger LOG = LoggerFactory.getLogger(FileIndexes.class);

  private FileIndexes() {}

  /**
   * Whether {@code file}'s index proves that none of its rows matches {@code filter}, so that
   * {@code split} may be read without it.
   */
  public static boolean excludes(
      FileStore table, DataSplit split, DataFileMeta file, Predicate filter) {
    if (filter == null
        || !table.options().get(FileIndexOptions.READ_ENABLED)
        || (table.schema().hasPrimaryKey() && !split.rawConvertible())
        || !sameColumnTypes(table, file)) {
      return false;
    }
    BinaryRow partition = split.partition();
    int bucket = split.bucket();
    byte[] bytes = file.embeddedIndex();
    if (bytes == null) {
      String extra = indexFile(file);
      if (extra == null) {
        return false;
      }
      Path dataPath =
          table.dataFilePaths().of(partition, bucket, file.fileName(), file.externalPath());
      bytes = read(table, new Path(dataPath.getParent(), extra));
    }
    return rulesOut(file, bytes, filter);
  }

  /**
   * Whether the index {@code file} carries in the manifest proves that none of its rows matches
   * {@code filter}: checked while planning, where reading index files would cost a read per file.
   * The caller decides that the file's rows are final (no merge with other files).
   */
  public static boolean embeddedIndexExcludes(
      FileStore table, DataFileMeta file, Predicate filter) {
    if (filter == null
        || file.embeddedIndex() == null
        || !table.options().get(FileIndexOptions.READ_ENABLED)
        || !sameColumnTypes(table, file)) {
      return false;
    }
    return rulesOut(file, file.embeddedIndex(), filter);
  }

  /** Whether the index {@code bytes} of {@code file} proves no row matches {@code filter}. */
  private static boolean rulesOut(DataFileMeta file, byte[] bytes, Predicate filter) {
    try {
      return !FileIndexFilter.mayMatch(filter, FileIndexFile.parse(bytes));
    } catch (IllegalArgumentException e) {
      // An index only skips work: the file is read whole rather than the query failing.
      LOG.warn("Ignoring the file index of {}: {}", file.fileName(), e.getMessage());
      return false;
    }
  }

  /** The name of the file's index file, {@code <data file>.index}; null when it has none. */
  private static String indexFile(DataFileMeta file) {
    for (String extra : file.extraFiles()) {
      if (extra.endsWith(".index")) {
        return extra;
      }
    }
    return null;
  }

  /**
   * An index hashes values of the types its file was written with: it is used only while every
   * column still has that type (a widened column hashes differently).
   */
  private static boolean sameColumnTypes(FileStore table, DataFileMeta file) {
    TableSchema current = table.schema();
    if (file.schemaId() == current.id()) {
      return true;
    }
    TableSchema written = table.schemaManager().schema(file.schemaId());
    for (DataField f : written.fields()) {
      int i = current.rowType().indexOf(f.name());
      if (i >= 0) {
        DataField now = current.rowType().field(i);
        if (now.id() != f.id()
            || !now.type().withNullable(true).equals(f.type().withNullable(true))) {
          return false;
        }
      }
    }
    return true;
  }

  private static byte[] read(FileStore table, Path path) {
    try {
      return table.fileIO().readBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the file index " + path, e);
    }
  }
}
