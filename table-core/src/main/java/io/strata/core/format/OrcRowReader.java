package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;

/**
 * Reads an ORC data file as {@code Object[]} rows of a read type (canonical values). Top-level
 * columns are matched by name and only requested ones are read; a requested column the file lacks
 * reads NULL. Timestamps are read in UTC, as Paimon writes them.
 */
final class OrcRowReader implements CloseableIterator<Object[]> {

  private final Reader reader;
  private final RecordReader rows;
  private final VectorizedRowBatch batch;
  private final int[] columns;
  private final OrcValueReaders.ValueReader[] values;
  private int next;

  private OrcRowReader(Reader reader, RowType readType) throws IOException {
    this.reader = reader;
    TypeDescription schema = reader.getSchema();
    this.columns = OrcValueReaders.positions(readType, schema);
    this.values = new OrcValueReaders.ValueReader[columns.length];
    boolean[] include = new boolean[schema.getMaximumId() + 1];
    include[0] = true;
    for (int i = 0; i < columns.length; i++) {
      if (columns[i] >= 0) {
        TypeDescription column = schema.getChildren().get(columns[i]);
        values[i] = OrcValueReaders.of(readType.typeAt(i), column);
        for (int id = column.getId(); id <= column.getMaximumId(); id++) {
          include[id] = true;
        }
      }
    }
    this.rows = reader.rows(reader.options().include(include));
    this.batch = schema.createRowBatch();
  }

  /** Opens {@code path} of a known length on {@code fs}'s raw file system. */
  static OrcRowReader open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    Configuration conf = raw.getConf() == null ? new Configuration(false) : raw.getConf();
    Reader reader =
        OrcFile.createReader(
            path,
            OrcFile.readerOptions(conf).filesystem(raw).maxLength(length).useUTCTimestamp(true));
    try {
      return new OrcRowReader(reader, readType);
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  @Override
  public boolean hasNext() {
    if (next < batch.size) {
      return true;
    }
    try {
      next = 0;
      while (rows.nextBatch(batch)) {
        if (batch.size > 0) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read an ORC data file", e);
    }
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    int r = next++;
    Object[] row = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      if (columns[i] >= 0) {
        row[i] = values[i].read(batch.cols[columns[i]], r);
      }
    }
    return row;
  }

  @Override
  public void close() throws IOException {
    try {
      rows.close();
    } finally {
      reader.close();
    }
  }
}
